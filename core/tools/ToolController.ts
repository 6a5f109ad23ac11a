import type { Logger } from '../viewer/Logger.js';
import { GestureRecognizer } from './GestureRecognizer.js';
import type { GestureInput, Tool, ToolPointerEvent } from './Tool.js';

/** Spec 000 §9: a click counts when the pointer moves at most this many pixels. */
export const CLICK_TOLERANCE_PX = 2;
/** Spec 000 §9: a double click is a second click within this time and distance. */
export const DOUBLE_CLICK_MS = 500;
export const DOUBLE_CLICK_TOLERANCE_PX = 2;
/** Spec 000 §9: the wheel's delta is divided by 40 (by 1 in Firefox). */
export const WHEEL_DELTA_DIVISOR = /firefox/i.test(globalThis.navigator?.userAgent ?? '') ? 1 : 40;
/** Spec 000 §9: a move is ignored for this long after the camera jumped to a new view (ms). */
export const MOVE_DELAY_MS = 150;

/**
 * Spec 000 §4: every interaction has a priority level; input from a stronger source overrides (cancels)
 * an interaction of a weaker one, and input from a weaker source is ignored while a stronger one runs.
 */
export const INTERACTION_PRIORITY = {
  keyboard: 1,
  mouse: 2,
  touch: 3,
} as const;
export type InteractionSource = keyof typeof INTERACTION_PRIORITY;

interface ActiveEntry {
  tool: Tool;
  name: string;
  order: number;
}

type Handler = 'handleButtonDown' | 'handleButtonUp' | 'handleMouseMove' | 'handleSingleClick' | 'handleDoubleClick' | 'handleWheel' | 'handleKeyDown' | 'handleKeyUp' | 'handleGesture' | 'handleContextMenu' | 'handleBlur';

/** Keys that modify other input (they never start an interaction of their own). */
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', ' ']);

/**
 * Keeps the spec's stack of active tools ordered by priority, plus a default tool, and turns every DOM
 * input on the viewer (pointer, wheel, keys, touch gestures) into tool events, strongest tool first
 * (spec 000 §4 "Tool controller"). It also owns the input rules that hold for every tool: the
 * left-handed swap, clicks and double clicks, interaction priority, the input block while a view
 * transition runs, the move delay after a camera jump, the cursor and the navigation mode.
 */
export class ToolController {
  private readonly tools = new Map<string, Tool>();
  private readonly active: ActiveEntry[] = [];
  private defaultToolName = '';
  private locked = false;
  private activationCounter = 0;
  private element: HTMLElement | null = null;
  private gestures: GestureRecognizer | null = null;
  /** Counts attach/detach, so a recogniser that finishes loading after a detach is dropped. */
  private attachment = 0;
  private readonly listeners: [EventTarget, string, EventListener, AddEventListenerOptions?][] = [];
  private down: { x: number; y: number; button: number; moved: boolean } | null = null;
  private lastClick: { time: number; x: number; y: number; button: number } | null = null;
  private lastPointer: { x: number; y: number } | null = null;
  private interaction: InteractionSource | null = null;
  private readonly heldKeys = new Set<string>();
  private activeGestures = 0;
  private navigationMode = '';
  private cursor = '';
  /** Spec 000 §6: the left-handed option swaps the primary and secondary buttons. */
  leftHanded = false;
  /** While this answers true (a view transition runs), navigation input is not passed on (spec 000 §4). */
  isInputBlocked: () => boolean = () => false;
  /** When the camera last jumped to a new view (performance.now()); moves right after it are dropped. */
  lastCameraJumpTime: () => number = () => -Infinity;
  /** Hears the navigation mode (the strongest tool's mode) whenever it changes. */
  onNavigationModeChange: (mode: string) => void = () => {};

  constructor(
    private readonly logger: Logger,
    private readonly onToolChange: (toolName: string, active: boolean) => void,
  ) {}

  /** Registers a tool under each of its names; a tool with no names is refused with the spec's warning. */
  registerTool(tool: Tool): boolean {
    if (!tool || !Array.isArray(tool.names) || tool.names.length === 0) {
      this.logger.warn('Cannot register tool with no name.');
      return false;
    }
    for (const name of tool.names) this.tools.set(name, tool);
    return true;
  }

  deregisterTool(tool: Tool): boolean {
    if (!tool?.names?.length) return false;
    for (const name of tool.names) {
      if (this.isToolActive(name)) this.deactivateTool(name);
      if (this.tools.get(name) === tool) this.tools.delete(name);
    }
    return true;
  }

  getTool(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  getToolNames(): string[] {
    return [...this.tools.keys()];
  }

  /** Activates a tool by name; unknown names warn "activateTool not found: {name}" and return false. */
  activateTool(name: string): boolean {
    if (this.locked) return false;
    const tool = this.tools.get(name);
    if (!tool) {
      this.logger.warn(`activateTool not found: ${name}`);
      return false;
    }
    const existing = this.active.find((e) => e.tool === tool);
    if (existing) {
      if (existing.name === name) return true;
      // One tool object serves several names (orbit/pan/dolly): switch its mode.
      tool.deactivate?.(existing.name);
      this.onToolChange(existing.name, false);
      existing.name = name;
      existing.order = ++this.activationCounter;
    } else {
      this.active.push({ tool, name, order: ++this.activationCounter });
    }
    this.sortStack();
    tool.activate?.(name);
    this.onToolChange(name, true);
    this.refresh();
    return true;
  }

  /** Deactivates a tool by name; unknown names warn "deactivateTool not found: {name}" and return false. */
  deactivateTool(name: string): boolean {
    if (this.locked) return false;
    const tool = this.tools.get(name);
    if (!tool) {
      this.logger.warn(`deactivateTool not found: ${name}`);
      return false;
    }
    const index = this.active.findIndex((e) => e.tool === tool && e.name === name);
    if (index < 0) return false;
    this.active.splice(index, 1);
    tool.deactivate?.(name);
    this.onToolChange(name, false);
    if (name !== this.defaultToolName && this.defaultToolName && !this.isToolActive(this.defaultToolName)) {
      // The default tool comes back when nothing replaces it.
      const defaultTool = this.tools.get(this.defaultToolName);
      if (defaultTool && !this.active.some((e) => e.tool === defaultTool)) this.activateTool(this.defaultToolName);
    }
    this.refresh();
    return true;
  }

  isToolActive(name: string): boolean {
    return this.active.some((e) => e.name === name);
  }

  /** Name of the strongest active tool that is not always-on plumbing (the one a user thinks is active). */
  getActiveToolName(): string {
    const entry = this.active.find((e) => !e.tool.isAlwaysOn);
    return entry?.name ?? this.defaultToolName;
  }

  getActiveTools(): Tool[] {
    return this.active.map((e) => e.tool);
  }

  getDefaultToolName(): string {
    return this.defaultToolName;
  }

  /** The tool that runs when no other navigation tool is active; it is activated now. */
  setDefaultTool(name: string): boolean {
    if (!this.tools.has(name)) {
      this.logger.warn(`activateTool not found: ${name}`);
      return false;
    }
    const previous = this.defaultToolName;
    this.defaultToolName = name;
    if (previous && previous !== name && this.isToolActive(previous)) this.deactivateTool(previous);
    return this.activateTool(name);
  }

  /** While locked, tool changes are ignored (spec 000 §4). */
  setIsLocked(locked: boolean): void {
    this.locked = Boolean(locked);
  }

  getIsLocked(): boolean {
    return this.locked;
  }

  /** The navigation mode now: the strongest navigation tool's mode (e.g. 'pan' while Shift is held). */
  getNavigationMode(): string {
    const entry = this.active.find((e) => !e.tool.isAlwaysOn);
    return entry ? (entry.tool.getMode?.() ?? entry.name) : '';
  }

  /** Runs the active tools' per-frame updates; true when one of them is animating. */
  update(time: number): boolean {
    let animating = false;
    for (const entry of [...this.active]) if (entry.tool.update?.(time)) animating = true;
    this.refresh();
    return animating;
  }

  // ── Interaction priority (spec 000 §4) ───────────────────────────────────────────────────────

  /** The source of the interaction in progress, or null. */
  getInteractionSource(): InteractionSource | null {
    return this.interaction;
  }

  /**
   * Whether input from a source may run now. A stronger source cancels a weaker interaction in progress
   * (every tool hears handleBlur); a weaker source waits until the stronger one ends.
   */
  acceptsInteraction(source: InteractionSource): boolean {
    const current = this.interaction;
    if (!current || current === source) return true;
    if (INTERACTION_PRIORITY[current] > INTERACTION_PRIORITY[source]) return false;
    this.cancelInteraction();
    return true;
  }

  beginInteraction(source: InteractionSource): boolean {
    if (!this.acceptsInteraction(source)) return false;
    this.interaction = source;
    return true;
  }

  endInteraction(source: InteractionSource): void {
    if (this.interaction === source) this.interaction = null;
  }

  /** Drops the interaction in progress: tools let go of drags and held keys. */
  cancelInteraction(): void {
    this.interaction = null;
    this.heldKeys.clear();
    this.down = null;
    this.broadcast('handleBlur');
  }

  // ── DOM input ────────────────────────────────────────────────────────────────────────────────

  /** Listens to pointer, wheel, touch and keyboard input on the canvas (and keys on the key target). */
  attach(canvas: HTMLElement, keyTarget: HTMLElement): void {
    this.detach();
    this.element = canvas;
    // The tools may have been activated before the canvas came: it shows their cursor from now on.
    canvas.style.cursor = this.cursor;
    const on = (target: EventTarget, type: string, listener: (e: never) => void, options?: AddEventListenerOptions) => {
      target.addEventListener(type, listener as EventListener, options);
      this.listeners.push([target, type, listener as EventListener, options]);
    };
    on(canvas, 'pointerdown', (e: PointerEvent) => this.onPointerDown(e));
    on(canvas, 'pointermove', (e: PointerEvent) => this.onPointerMove(e));
    on(canvas, 'pointerup', (e: PointerEvent) => this.onPointerUp(e));
    on(canvas, 'pointercancel', (e: PointerEvent) => this.onPointerUp(e));
    on(canvas, 'wheel', (e: WheelEvent) => this.onWheel(e), { passive: false });
    on(canvas, 'contextmenu', (e: MouseEvent) => e.preventDefault());
    on(keyTarget, 'keydown', (e: KeyboardEvent) => this.onKeyDown(e));
    on(keyTarget, 'keyup', (e: KeyboardEvent) => this.onKeyUp(e));
    on(keyTarget, 'blur', () => this.cancelInteraction());
    // Touch gestures arrive once hammerjs has loaded (it is imported on start: see GestureRecognizer.create).
    const attachment = this.attachment;
    this.gesturesReady = GestureRecognizer.create(canvas, (gesture) => this.onGesture(gesture)).then(
      (gestures) => {
        if (attachment !== this.attachment) {
          gestures.destroy();
          return false;
        }
        this.gestures = gestures;
        return true;
      },
      (reason) => {
        this.logger.warn('Touch gestures are unavailable: hammerjs did not load.', reason);
        return false;
      },
    );
  }

  /** Resolves once touch gestures are recognised on the canvas (true), or could not be (false). */
  whenGesturesReady(): Promise<boolean> {
    return this.gesturesReady;
  }

  private gesturesReady: Promise<boolean> = Promise.resolve(false);

  detach(): void {
    this.attachment++;
    for (const [target, type, listener, options] of this.listeners) target.removeEventListener(type, listener, options);
    this.listeners.length = 0;
    this.gestures?.destroy();
    this.gestures = null;
    this.element = null;
  }

  /** Offers a recognised gesture to the tools (the gesture recogniser calls this); true when consumed. */
  dispatchGesture(gesture: GestureInput): boolean {
    return this.dispatch('handleGesture', gesture);
  }

  /** Offers an input to the active tools, strongest first, until one consumes it. */
  dispatch(handler: Handler, ...args: unknown[]): boolean {
    let consumed = false;
    for (const entry of [...this.active]) {
      const fn = entry.tool[handler] as ((...a: unknown[]) => boolean) | undefined;
      if (fn && fn.apply(entry.tool, args)) {
        consumed = true;
        break;
      }
    }
    this.refresh();
    return consumed;
  }

  /** Tells every active tool, whatever they answer. */
  broadcast(handler: Handler, ...args: unknown[]): void {
    for (const entry of [...this.active]) (entry.tool[handler] as ((...a: unknown[]) => boolean) | undefined)?.apply(entry.tool, args);
    this.refresh();
  }

  toToolEvent(e: MouseEvent): ToolPointerEvent {
    const rect = (this.element ?? (e.target as HTMLElement)).getBoundingClientRect();
    const canvasX = e.clientX - rect.left;
    const canvasY = e.clientY - rect.top;
    const last = this.lastPointer;
    return {
      canvasX,
      canvasY,
      clientX: e.clientX,
      clientY: e.clientY,
      deltaX: last ? canvasX - last.x : 0,
      deltaY: last ? canvasY - last.y : 0,
      button: this.mapButton(e.button),
      buttons: this.mapButtons(e.buttons),
      shiftKey: e.shiftKey,
      ctrlKey: e.ctrlKey,
      altKey: e.altKey,
      metaKey: e.metaKey,
      pointerType: (e as PointerEvent).pointerType ?? 'mouse',
      original: e,
    };
  }

  /** Re-reads the cursor and the navigation mode from the tools, announcing a mode change. */
  refresh(): void {
    let cursor = '';
    for (const entry of this.active) {
      const wanted = entry.tool.getCursor?.();
      if (wanted) {
        cursor = wanted;
        break;
      }
    }
    if (cursor !== this.cursor) {
      this.cursor = cursor;
      if (this.element) this.element.style.cursor = cursor;
    }
    const mode = this.getNavigationMode();
    if (mode !== this.navigationMode) {
      this.navigationMode = mode;
      this.onNavigationModeChange(mode);
    }
  }

  private onPointerDown(e: PointerEvent): void {
    if (e.pointerType === 'touch') return; // touch goes through the gesture recogniser
    (this.element?.closest('[tabindex]') as HTMLElement | null)?.focus({ preventScroll: true });
    if (this.isInputBlocked() || !this.beginInteraction('mouse')) return;
    this.element?.setPointerCapture?.(e.pointerId);
    const event = this.toToolEvent(e);
    this.lastPointer = { x: event.canvasX, y: event.canvasY };
    this.down = { x: event.canvasX, y: event.canvasY, button: event.button, moved: false };
    this.dispatch('handleButtonDown', event, event.button);
  }

  private onPointerMove(e: PointerEvent): void {
    if (e.pointerType === 'touch') return;
    const event = this.toToolEvent(e);
    this.lastPointer = { x: event.canvasX, y: event.canvasY };
    if (this.down && Math.hypot(event.canvasX - this.down.x, event.canvasY - this.down.y) > CLICK_TOLERANCE_PX) this.down.moved = true;
    if (this.isInputBlocked() || this.isWithinMoveDelay()) return;
    if (!this.acceptsInteraction('mouse')) return;
    this.dispatch('handleMouseMove', event);
  }

  private onPointerUp(e: PointerEvent): void {
    if (e.pointerType === 'touch') return;
    if (this.element?.hasPointerCapture?.(e.pointerId)) this.element.releasePointerCapture(e.pointerId);
    const event = this.toToolEvent(e);
    this.lastPointer = { x: event.canvasX, y: event.canvasY };
    const down = this.down;
    this.down = null;
    if (event.buttons === 0) this.endInteraction('mouse');
    if (!down) return; // the press never reached the tools (blocked, or overridden)
    this.dispatch('handleButtonUp', event, event.button);
    if (down.moved || e.type === 'pointercancel') return;
    if (event.button === 2) {
      this.dispatch('handleContextMenu', event);
      return;
    }
    const now = performance.now();
    const last = this.lastClick;
    if (
      last &&
      last.button === event.button &&
      now - last.time <= DOUBLE_CLICK_MS &&
      Math.hypot(event.canvasX - last.x, event.canvasY - last.y) <= DOUBLE_CLICK_TOLERANCE_PX
    ) {
      this.lastClick = null;
      this.dispatch('handleDoubleClick', event, event.button);
      return;
    }
    this.lastClick = { time: now, x: event.canvasX, y: event.canvasY, button: event.button };
    this.dispatch('handleSingleClick', event, event.button);
  }

  private onWheel(e: WheelEvent): void {
    e.preventDefault();
    if (this.isInputBlocked() || !this.acceptsInteraction('mouse')) return;
    const unit = e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? 400 : 1;
    this.dispatch('handleWheel', (e.deltaY * unit) / WHEEL_DELTA_DIVISOR, e);
  }

  private onKeyDown(e: KeyboardEvent): void {
    if (isTextInput(e)) return;
    if (!MODIFIER_KEYS.has(e.key)) {
      if (this.isInputBlocked() || !this.beginInteraction('keyboard')) return;
      this.heldKeys.add(e.key.toLowerCase());
    }
    if (this.dispatch('handleKeyDown', e, e.key)) e.preventDefault();
  }

  private onKeyUp(e: KeyboardEvent): void {
    if (isTextInput(e)) return;
    this.heldKeys.delete(e.key.toLowerCase());
    if (this.heldKeys.size === 0) this.endInteraction('keyboard');
    if (this.dispatch('handleKeyUp', e, e.key)) e.preventDefault();
  }

  private onGesture(gesture: GestureInput): void {
    const phase = /(start|move|end)$/.exec(gesture.type)?.[1];
    if (phase === 'end') {
      this.activeGestures = Math.max(0, this.activeGestures - 1);
      if (this.activeGestures === 0) this.endInteraction('touch');
      this.dispatchGesture(gesture);
      return;
    }
    if (this.isInputBlocked()) return;
    if (phase === 'move' && this.isWithinMoveDelay()) return;
    if (phase === 'start') {
      (this.element?.closest('[tabindex]') as HTMLElement | null)?.focus({ preventScroll: true });
      if (!this.beginInteraction('touch')) return;
      this.activeGestures++;
    } else if (!this.acceptsInteraction('touch')) {
      return;
    }
    this.dispatchGesture(gesture);
  }

  private isWithinMoveDelay(): boolean {
    return performance.now() - this.lastCameraJumpTime() < MOVE_DELAY_MS;
  }

  private mapButton(button: number): number {
    if (!this.leftHanded) return button;
    return button === 0 ? 2 : button === 2 ? 0 : button;
  }

  private mapButtons(buttons: number): number {
    if (!this.leftHanded) return buttons;
    return (buttons & ~3) | ((buttons & 1) << 1) | ((buttons & 2) >> 1);
  }

  private sortStack(): void {
    this.active.sort((a, b) => (b.tool.priority ?? 0) - (a.tool.priority ?? 0) || b.order - a.order);
  }
}

function isTextInput(e: Event): boolean {
  const target = e.composedPath()[0] as HTMLElement | undefined;
  return !!target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
}
