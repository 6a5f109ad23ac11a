/** A pointer input as tools see it: positions in CSS pixels relative to the canvas, plus the DOM event. */
export interface ToolPointerEvent {
  canvasX: number;
  canvasY: number;
  clientX: number;
  clientY: number;
  /**
   * Movement since the previous pointer input the controller passed on, in CSS pixels. Tools drag with
   * these rather than with their own anchors, so moves the controller drops (spec 000 §9: a move right
   * after a camera jump) are simply lost instead of arriving later as a jump.
   */
  deltaX: number;
  deltaY: number;
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
  /**
   * Always-on plumbing (selection, hotkeys, gestures, a context menu): never what "the active tool" or the
   * navigation mode means to a user, so getActiveToolName() and getNavigationMode() look past it.
   */
  readonly isAlwaysOn?: boolean;
  activate?(name: string): void;
  deactivate?(name: string): void;
  /** Called every frame while active; true asks for another frame (an animation is running). */
  update?(time: number): boolean;
  /** The CSS cursor over the canvas while this is the strongest tool with an opinion; null: no opinion. */
  getCursor?(): string | null;
  /** The navigation mode this tool runs now (e.g. 'pan' while Shift is held); default: its active name. */
  getMode?(): string | null;
  handleButtonDown?(event: ToolPointerEvent, button: number): boolean;
  handleButtonUp?(event: ToolPointerEvent, button: number): boolean;
  handleMouseMove?(event: ToolPointerEvent): boolean;
  handleSingleClick?(event: ToolPointerEvent, button: number): boolean;
  handleDoubleClick?(event: ToolPointerEvent, button: number): boolean;
  /** `delta` is the wheel's deltaY divided by 40 (spec 000 §9): positive scrolls down. */
  handleWheel?(delta: number, event: WheelEvent): boolean;
  handleKeyDown?(event: KeyboardEvent, key: string): boolean;
  handleKeyUp?(event: KeyboardEvent, key: string): boolean;
  /** Touch gestures recognised by hammerjs (GestureRecognizer). */
  handleGesture?(event: GestureInput): boolean;
  handleContextMenu?(event: ToolPointerEvent): boolean;
  /**
   * Focus left the viewer, or a stronger input source took over: drop held keys and drags. Every active
   * tool hears it (the return value is ignored).
   */
  handleBlur?(): boolean;
}

/**
 * A recognised touch gesture. Types: dragstart/dragmove/dragend (one finger), pan2start/move/end and
 * pinchstart/move/end (two fingers), rotatestart/move/end, drag3start/move/end (three fingers),
 * singletap, doubletap, doubletap2 (two fingers), press, swipe.
 */
export interface GestureInput {
  type: string;
  /** The gesture's centre, relative to the canvas (CSS pixels). */
  canvasX: number;
  canvasY: number;
  /** Movement of the centre since the gesture started. */
  deltaX: number;
  deltaY: number;
  /** Movement of the centre since the previous event of this gesture. */
  moveX: number;
  moveY: number;
  /**
   * Finger spread relative to the start, and its change since the previous event (a ratio; a pinch's start
   * event carries the change since the fingers touched down).
   */
  scale: number;
  scaleChange: number;
  /** Turn of the fingers since the start, and since the previous event (degrees, clockwise on screen). */
  rotation: number;
  rotationChange: number;
  pointers: number;
  original: unknown;
}
