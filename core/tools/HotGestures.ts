import type { CameraPort, ToolsPort } from '../viewer/ports.js';
import type { TemporaryToolSwitch } from './TemporaryToolSwitch.js';
import type { GestureInput, Tool } from './Tool.js';

/** What HotGestures needs of the viewer. */
export type HotGesturesPort = CameraPort & ToolsPort;

/** Spec 000 §4 "Hot gestures": the gesture that starts a tool for as long as it lasts. */
const HOT_GESTURES: Record<string, { tool: string; end: string; action: 'fov' | 'roll' }> = {
  drag3start: { tool: 'fov', end: 'drag3end', action: 'fov' },
  rotatestart: { tool: 'worldup', end: 'rotateend', action: 'roll' },
};

/**
 * Hot gestures (spec 000 §4), always on above the tools: a three-finger drag switches to the
 * field-of-view tool and a two-finger rotate to the world-up roll tool; the previous tool comes back
 * when the gesture ends. The gesture itself then reaches the tool it started.
 */
export class HotGestures implements Tool {
  readonly names = ['gestures'] as const;
  readonly isAlwaysOn = true;
  readonly priority = 100;
  private passing = false;

  constructor(
    private readonly viewer: HotGesturesPort,
    private readonly temporary: TemporaryToolSwitch,
  ) {}

  deactivate(): void {
    this.temporary.end('gesture');
  }

  handleGesture(gesture: GestureInput): boolean {
    if (this.passing) return false;
    const hot = HOT_GESTURES[gesture.type];
    if (hot) {
      if (!this.viewer.navigation.isActionEnabled(hot.action)) return false;
      if (!this.temporary.begin(hot.tool, 'gesture')) return false;
      return this.pass(gesture);
    }
    const ending = Object.values(HOT_GESTURES).find((h) => h.end === gesture.type && this.temporary.toolName === h.tool);
    if (ending && this.temporary.cause === 'gesture') {
      this.pass(gesture);
      this.temporary.end('gesture');
      return true;
    }
    return false;
  }

  handleBlur(): boolean {
    this.temporary.end('gesture');
    return false;
  }

  /** Offers the gesture to the tools below, the one just started included; the gesture is spoken for. */
  private pass(gesture: GestureInput): boolean {
    this.passing = true;
    try {
      this.viewer.toolController.dispatchGesture(gesture);
    } finally {
      this.passing = false;
    }
    return true;
  }
}
