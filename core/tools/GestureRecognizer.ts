import type { GestureInput } from './Tool.js';

/** Spec 000 §9 "Gesture defaults": the thresholds a recogniser uses unless it says otherwise. */
export const GESTURE_DEFAULTS = {
  panThreshold: 10,
  swipeVelocity: 0.3,
  tapTime: 250,
  tapInterval: 300,
  pressTime: 251,
} as const;

/** Spec 000 §9 "Gesture recognizers". Times in ms, thresholds in px (pinch: scale, rotate: degrees). */
export const GESTURE_RECOGNIZERS = {
  singleTap: { time: 400, threshold: 7 },
  press: { time: 500, threshold: 50 },
  doubleTap: { interval: 300, threshold: 6, posThreshold: 30 },
  twoFingerDoubleTap: { posThreshold: 40 },
  threeFingerDrag: { threshold: 15 },
  twoFingerPan: { threshold: 20 },
  pinch: { threshold: 0.05 },
  rotate: { threshold: 7 },
} as const;

/** Gestures with a start, moves and an end: Hammer raises `${family}${phase}` events for them. */
const CONTINUOUS = ['drag', 'pan2', 'pinch', 'rotate', 'drag3'] as const;
const CONTINUOUS_EVENT = /^(drag3|drag|pan2|pinch|rotate)(start|move|end|cancel)$/;
const DISCRETE = ['singletap', 'doubletap', 'doubletap2', 'press', 'swipe'] as const;

interface Progress {
  deltaX: number;
  deltaY: number;
  scale: number;
  rotation: number;
}

/**
 * Touch input through hammerjs (spec 000 §4 "Touch gestures"): tap, double tap, press, one-finger drag,
 * two-finger pan, pinch and rotate (recognised together), three-finger drag and swipe, with the spec's
 * recogniser constants. Touch only: the mouse and pen go through pointer events in the ToolController.
 */
export class GestureRecognizer {
  private readonly manager: HammerManager;
  private readonly progress = new Map<string, Progress>();

  /**
   * Loads hammerjs and listens on the element. hammerjs reads `window` and `document` as it is evaluated,
   * so it is imported here, when a viewer starts, never with this module: a server (SSR) imports the
   * element and the core without a DOM.
   */
  static async create(element: HTMLElement, dispatch: (gesture: GestureInput) => void): Promise<GestureRecognizer> {
    const { default: Hammer } = await import('hammerjs');
    return new GestureRecognizer(Hammer, element, dispatch);
  }

  private constructor(
    Hammer: HammerStatic,
    private readonly element: HTMLElement,
    private readonly dispatch: (gesture: GestureInput) => void,
  ) {
    const r = GESTURE_RECOGNIZERS;
    const d = GESTURE_DEFAULTS;
    const manager = new Hammer.Manager(element, { inputClass: Hammer.TouchInput, touchAction: 'none', recognizers: [] });
    const drag = new Hammer.Pan({ event: 'drag', pointers: 1, threshold: d.panThreshold, direction: Hammer.DIRECTION_ALL });
    const pan2 = new Hammer.Pan({ event: 'pan2', pointers: 2, threshold: r.twoFingerPan.threshold, direction: Hammer.DIRECTION_ALL });
    const pinch = new Hammer.Pinch({ threshold: r.pinch.threshold });
    const rotate = new Hammer.Rotate({ threshold: r.rotate.threshold });
    const drag3 = new Hammer.Pan({ event: 'drag3', pointers: 3, threshold: r.threeFingerDrag.threshold, direction: Hammer.DIRECTION_ALL });
    const swipe = new Hammer.Swipe({ velocity: d.swipeVelocity, threshold: d.panThreshold });
    const doubleTap = new Hammer.Tap({ event: 'doubletap', taps: 2, ...r.doubleTap });
    const singleTap = new Hammer.Tap({ event: 'singletap', taps: 1, interval: d.tapInterval, ...r.singleTap });
    const doubleTap2 = new Hammer.Tap({ event: 'doubletap2', pointers: 2, taps: 2, time: d.tapTime, interval: d.tapInterval, ...r.twoFingerDoubleTap });
    const press = new Hammer.Press({ ...r.press });
    manager.add([drag, pan2, pinch, rotate, drag3, swipe, doubleTap2, doubleTap, singleTap, press]);
    // Two fingers pan, pinch and turn at once; a rotation past its threshold becomes the roll hot gesture.
    pinch.recognizeWith([pan2, rotate]);
    rotate.recognizeWith([pan2, pinch]);
    swipe.recognizeWith(drag);
    singleTap.requireFailure(doubleTap);
    this.manager = manager;
    // hammerjs 2.0.8 adds the start and end angles instead of subtracting them (two fingers side by side
    // read as a 360° turn), which would start the rotate recognizer at once: correct it before recognition.
    const recognize = manager.recognize.bind(manager);
    let lastRotation = 0;
    manager.recognize = (input: HammerInput) => {
      // Fingers lifting change the pointer list, not the turn: an ending input keeps the last one.
      const ending = (input.eventType & (Hammer.INPUT_END | Hammer.INPUT_CANCEL)) !== 0;
      input.rotation = ending ? lastRotation : rotationOf(manager, input);
      lastRotation = ending ? 0 : input.rotation;
      recognize(input);
    };

    const continuousEvents = CONTINUOUS.flatMap((name) => ['start', 'move', 'end', 'cancel'].map((phase) => name + phase));
    manager.on([...continuousEvents, ...DISCRETE].join(' '), (event) => this.onHammer(event));
  }

  destroy(): void {
    this.manager.destroy();
    this.progress.clear();
  }

  private onHammer(event: HammerInput): void {
    const rect = this.element.getBoundingClientRect();
    let type = event.type;
    const match = CONTINUOUS_EVENT.exec(type);
    const now: Progress = { deltaX: event.deltaX, deltaY: event.deltaY, scale: event.scale || 1, rotation: event.rotation || 0 };
    let previous = now;
    if (match) {
      const [, family, phase] = match;
      // A cancelled gesture ends like any other: tools only need to know it is over.
      if (phase === 'cancel') type = `${family}end`;
      // A pinch is recognised once the spread has changed past its threshold: that change is part of it, so
      // a start's scale step is measured from the spread the fingers touched down with. Otherwise a spread
      // that wavers (fingers report their moves one at a time) and returns would leave the camera moved.
      if (phase === 'start') this.progress.set(family, { ...now, scale: 1 });
      previous = this.progress.get(family) ?? now;
      if (phase === 'start' || phase === 'move') this.progress.set(family, now);
      if (phase === 'end' || phase === 'cancel') this.progress.delete(family);
    }
    this.dispatch({
      type,
      canvasX: event.center.x - rect.left,
      canvasY: event.center.y - rect.top,
      deltaX: now.deltaX,
      deltaY: now.deltaY,
      moveX: now.deltaX - previous.deltaX,
      moveY: now.deltaY - previous.deltaY,
      scale: now.scale,
      scaleChange: previous.scale > 0 ? now.scale / previous.scale : 1,
      rotation: now.rotation,
      rotationChange: wrapDegrees(now.rotation - previous.rotation),
      pointers: event.pointers?.length ?? 0,
      original: event,
    });
  }
}

function wrapDegrees(degrees: number): number {
  let d = degrees % 360;
  if (d > 180) d -= 360;
  if (d <= -180) d += 360;
  return d;
}

type Point = { clientX: number; clientY: number };

/** The fingers' turn since the first multi-touch input of the session (degrees, clockwise on screen). */
function rotationOf(manager: HammerManager, input: HammerInput): number {
  const first = (manager as unknown as { session?: { firstMultiple?: { pointers: Point[] } } }).session?.firstMultiple;
  const now = input.pointers as unknown as Point[];
  if (!first || first.pointers.length < 2 || now.length < 2) return 0;
  return wrapDegrees(angleBetween(now[0], now[1]) - angleBetween(first.pointers[0], first.pointers[1]));
}

function angleBetween(a: Point, b: Point): number {
  return (Math.atan2(b.clientY - a.clientY, b.clientX - a.clientX) * 180) / Math.PI;
}
