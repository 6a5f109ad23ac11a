import { MathUtils, Quaternion, Vector3 } from 'three';
import { ROLL_AXES, RollRing } from '../render/RollRing.js';
import type { CameraPort, RedrawPort, ResourcesPort, ScenePort } from '../viewer/ports.js';
import type { GestureInput, Tool, ToolPointerEvent } from './Tool.js';
import { toolCursor } from './toolCursors.js';

/** What WorldUpTool needs of the viewer. */
export type WorldUpToolPort = CameraPort & RedrawPort & ScenePort & ResourcesPort;

/** Spec 000 §4, §9 "Roll ring": the view snaps to an axis-aligned up within this angle (degrees)... */
export const ROLL_SNAP_DEGREES = 5;
/** ...and lets go of it beyond this one. */
export const ROLL_RELEASE_DEGREES = 7;
/** Spec 000 §9: the ring's size, as a share of the viewport, is clamped to this range. */
export const ROLL_RING_MIN_SIZE = 0.35;
export const ROLL_RING_MAX_SIZE = 0.8;
export const ROLL_RING_DEFAULT_SIZE = 0.65;

/**
 * The world-up roll tool (spec 000 §2, §4): dragging around the view centre turns the world about the
 * view direction, as if the ring were grabbed; near one of the six axis-aligned up directions (5°) the
 * view snaps to it and stays until pulled 7° away. On release the camera's up becomes the world up, so
 * orbiting turns about it. A two-finger rotate does the same on touch. Obeys the roll lock.
 */
export class WorldUpTool implements Tool {
  readonly names = ['worldup'] as const;
  readonly priority = 20;
  /** Built on first use: its label textures cost time a viewer should not spend at start-up. */
  private ringInstance: RollRing | null = null;
  private size = ROLL_RING_DEFAULT_SIZE;
  private drag: { angle: number; rawUp: Vector3; startUp: Vector3; rolled: boolean } | null = null;
  private snapped = -1;

  constructor(private readonly viewer: WorldUpToolPort) {}

  /** The ring's size as a share of the viewport (clamped to 0.35–0.8; default 0.65). */
  get ringSize(): number {
    return this.size;
  }

  set ringSize(size: number) {
    this.size = Number.isFinite(size) ? MathUtils.clamp(size, ROLL_RING_MIN_SIZE, ROLL_RING_MAX_SIZE) : ROLL_RING_DEFAULT_SIZE;
    this.viewer.invalidate();
  }

  /** Index in ROLL_AXES of the axis the view is snapped to, or -1. */
  get snappedAxis(): number {
    return this.snapped;
  }

  /** The heads-up ring (for screenshots and tests). */
  get ringObject() {
    return this.ring.object;
  }

  private get ring(): RollRing {
    this.ringInstance ??= new RollRing();
    return this.ringInstance;
  }

  activate(): void {
    this.viewer.renderContext?.overlay.add(this.ring.object);
    this.snapped = -1;
    this.viewer.invalidate();
  }

  deactivate(): void {
    this.finish();
    this.ringInstance?.hide();
    this.ringInstance?.object.removeFromParent();
    this.viewer.invalidate();
  }

  update(): boolean {
    this.ringInstance?.update(this.viewer.navigation, this.size, this.snapped);
    return false;
  }

  getCursor(): string {
    return toolCursor(this.viewer.resources, 'worldup');
  }

  handleButtonDown(event: ToolPointerEvent, button: number): boolean {
    if (button !== 0) return false;
    this.begin(this.angleAt(event.canvasX, event.canvasY));
    return true;
  }

  handleMouseMove(event: ToolPointerEvent): boolean {
    if (!this.drag) return false;
    const angle = this.angleAt(event.canvasX, event.canvasY);
    this.rollBy(wrap(angle - this.drag.angle));
    if (this.drag) this.drag.angle = angle;
    return true;
  }

  handleButtonUp(_event: ToolPointerEvent, button: number): boolean {
    if (button !== 0 || !this.drag) return false;
    this.finish();
    return true;
  }

  /** A two-finger rotate (the hot gesture), or one finger going round the ring once the tool is picked. */
  handleGesture(gesture: GestureInput): boolean {
    switch (gesture.type) {
      case 'dragstart':
        this.begin(this.angleAt(gesture.canvasX - gesture.deltaX, gesture.canvasY - gesture.deltaY));
        return true;
      case 'dragmove': {
        if (!this.drag) return false;
        const angle = this.angleAt(gesture.canvasX, gesture.canvasY);
        this.rollBy(wrap(angle - this.drag.angle));
        if (this.drag) this.drag.angle = angle;
        return true;
      }
      case 'dragend':
        this.finish();
        return true;
      case 'rotatestart':
        this.begin(0);
        return true;
      case 'rotatemove':
        this.rollBy(MathUtils.degToRad(gesture.rotationChange));
        return true;
      case 'rotateend':
        this.finish();
        return true;
      // While rolling, the fingers' spread and travel do nothing else.
      case 'pinchstart':
      case 'pinchmove':
      case 'pinchend':
      case 'pan2start':
      case 'pan2move':
      case 'pan2end':
        return this.drag !== null;
    }
    return false;
  }

  handleBlur(): boolean {
    this.finish();
    return false;
  }

  /**
   * Turns the world by an angle on screen (radians, clockwise positive, as the pointer went round the
   * ring), then snaps to, or lets go of, the nearest axis-aligned up.
   */
  rollBy(angle: number): void {
    const drag = this.drag;
    const nav = this.viewer.navigation;
    if (!drag || angle === 0 || !nav.isActionEnabled('roll')) return;
    // Turning the world clockwise on screen turns the camera the other way about the view direction.
    drag.rawUp.applyQuaternion(new Quaternion().setFromAxisAngle(nav.getDirection(), -angle)).normalize();
    const candidates = this.axesOnScreen();
    if (this.snapped >= 0) {
      const held = candidates.find((c) => c.index === this.snapped);
      if (!held || degreesBetween(drag.rawUp, held.up) > ROLL_RELEASE_DEGREES) this.snapped = -1;
    }
    if (this.snapped < 0) {
      let best: { index: number; degrees: number } | null = null;
      for (const c of candidates) {
        const degrees = degreesBetween(drag.rawUp, c.up);
        if (degrees <= ROLL_SNAP_DEGREES && (!best || degrees < best.degrees)) best = { index: c.index, degrees };
      }
      if (best) this.snapped = best.index;
    }
    const up = this.snapped >= 0 ? candidates.find((c) => c.index === this.snapped)!.up : drag.rawUp;
    if (nav.setCameraUpVector(up)) drag.rolled = true;
  }

  private begin(angle: number): void {
    const up = this.viewer.navigation.up.clone();
    this.drag = { angle, rawUp: up.clone(), startUp: up, rolled: false };
  }

  /**
   * The drag ends: the world's up turns with the camera (it becomes the snapped axis when snapped), so
   * orbiting afterwards turns about the new up.
   */
  private finish(): void {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    const nav = this.viewer.navigation;
    if (drag.rolled && nav.isActionEnabled('roll')) {
      const turn = new Quaternion().setFromUnitVectors(drag.startUp, nav.up.clone().normalize());
      const worldUp = this.snapped >= 0 ? ROLL_AXES[this.snapped].direction.clone() : nav.worldUp.clone().applyQuaternion(turn);
      nav.setWorldUpVector(worldUp);
    }
    this.viewer.invalidate();
  }

  /** The axis-aligned ups the camera can take from here: each axis projected across the view direction. */
  private axesOnScreen(): { index: number; up: Vector3 }[] {
    const direction = this.viewer.navigation.getDirection();
    const result: { index: number; up: Vector3 }[] = [];
    ROLL_AXES.forEach((axis, index) => {
      const up = axis.direction.clone().addScaledVector(direction, -axis.direction.dot(direction));
      if (up.length() > 0.2) result.push({ index, up: up.normalize() });
    });
    return result;
  }

  /** Angle of a canvas point around the view centre (radians, clockwise from 3 o'clock). */
  private angleAt(x: number, y: number): number {
    const { width, height } = this.viewer.navigation.viewport;
    return Math.atan2(y - height / 2, x - width / 2);
  }
}

function degreesBetween(a: Vector3, b: Vector3): number {
  return MathUtils.radToDeg(a.angleTo(b));
}

function wrap(angle: number): number {
  return Math.atan2(Math.sin(angle), Math.cos(angle));
}
