/** A pointer input as tools see it: positions in CSS pixels relative to the canvas, plus the DOM event. */
export interface ToolPointerEvent {
  canvasX: number;
  canvasY: number;
  clientX: number;
  clientY: number;
  /** 0 primary, 1 middle, 2 secondary (after the left-handed swap). */
  button: number;
  /** Bit mask of the buttons held (1 primary, 2 secondary, 4 middle), after the left-handed swap. */
  buttons: number;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  pointerType: string;
  original: Event;
}

/**
 * A tool: named, prioritised, and offered each input in turn (spec 000 §4 "Tool controller").
 * A handler returns true when it consumed the input, which stops it reaching weaker tools.
 */
export interface Tool {
  readonly names: readonly string[];
  /** Higher runs first. */
  readonly priority?: number;
  activate?(name: string): void;
  deactivate?(name: string): void;
  /** Called every frame while active; true asks for another frame (an animation is running). */
  update?(time: number): boolean;
  handleButtonDown?(event: ToolPointerEvent, button: number): boolean;
  handleButtonUp?(event: ToolPointerEvent, button: number): boolean;
  handleMouseMove?(event: ToolPointerEvent): boolean;
  handleSingleClick?(event: ToolPointerEvent, button: number): boolean;
  handleDoubleClick?(event: ToolPointerEvent, button: number): boolean;
  /** `delta` is the wheel's deltaY divided by 40 (spec 000 §9): positive scrolls down. */
  handleWheel?(delta: number, event: WheelEvent): boolean;
  handleKeyDown?(event: KeyboardEvent, key: string): boolean;
  handleKeyUp?(event: KeyboardEvent, key: string): boolean;
  /** Touch gestures recognised by hammerjs (issue 4). */
  handleGesture?(event: GestureInput): boolean;
  handleContextMenu?(event: ToolPointerEvent): boolean;
  /** Focus left the viewer: drop held keys and drags. */
  handleBlur?(): boolean;
}

/** A recognised touch gesture (the subset of hammerjs's input that tools read). */
export interface GestureInput {
  type: string;
  canvasX: number;
  canvasY: number;
  deltaX: number;
  deltaY: number;
  scale: number;
  rotation: number;
  pointers: number;
  original: unknown;
}
