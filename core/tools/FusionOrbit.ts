import { Quaternion, type Vector3 } from 'three';
import { FUSION_ORBIT_HANDLES, FusionOrbitRing } from '../render/FusionOrbitRing.js';
import type { CameraPort, PreferencesPort, RedrawPort, ScenePort } from '../viewer/ports.js';
import type { ToolCursorName } from './toolCursors.js';

/** What FusionOrbit needs of the viewer. */
export type FusionOrbitPort = CameraPort & PreferencesPort & ScenePort & RedrawPort;

/** The ring's diameter, as a share of the viewport's smaller side. */
export const FUSION_ORBIT_RING_SIZE = 0.7;
/** The handles' radius on screen, which is also how near a press must be to grab one (CSS pixels). */
export const FUSION_ORBIT_HANDLE_RADIUS_PX = 14;

/**
 * Where a free-orbit drag starts: inside the ring (orbits freely), outside it (rolls about the line of
 * sight), or on a handle: the left and right ones turn about the screen's vertical axis only, the top and
 * bottom ones about its horizontal axis only.
 */
export type FusionOrbitRegion = 'inside' | 'outside' | 'horizontal' | 'vertical';

/**
 * Fusion 360's orbit, for the free orbit tool while the `fusionOrbit` preference is on: the ring drawn
 * about the view centre tells what a drag does by where it starts. With `fusionOrbitConstrained` on too,
 * the ring carries four handles that lock the orbit to one screen axis.
 */
export class FusionOrbit {
  private ringInstance: FusionOrbitRing | null = null;
  private isToolActive = false;
  private drag: { region: FusionOrbitRegion; x: number; y: number; up: Vector3 } | null = null;
  private hover: { x: number; y: number } | null = null;

  constructor(private readonly viewer: FusionOrbitPort) {
    // The ring follows the preferences at once, even while nothing else asks for a frame.
    viewer.prefs.onChange((name) => {
      if (name === 'fusionOrbit' || name === 'fusionOrbitConstrained') viewer.invalidate();
    });
  }

  /** Whether free orbit drags follow the ring (the `fusionOrbit` preference). */
  get isOn(): boolean {
    return Boolean(this.viewer.prefs.get('fusionOrbit'));
  }

  /** Whether the ring has its handles (`fusionOrbitConstrained`, which needs `fusionOrbit`). */
  get isConstrained(): boolean {
    return this.isOn && Boolean(this.viewer.prefs.get('fusionOrbitConstrained'));
  }

  /** The ring shows while free orbit is the tool and the preference is on. */
  setToolActive(active: boolean): void {
    this.isToolActive = active;
    if (active) this.viewer.renderContext?.overlay.add(this.ring.object);
    else {
      this.drag = null;
      this.ringInstance?.hide();
      this.ringInstance?.object.removeFromParent();
    }
    this.viewer.invalidate();
  }

  /** The ring's centre and radius on the canvas (CSS pixels). */
  ringOnScreen(): { x: number; y: number; radius: number } {
    const { width, height } = this.viewer.navigation.viewport;
    return { x: width / 2, y: height / 2, radius: (FUSION_ORBIT_RING_SIZE * Math.min(width, height)) / 2 };
  }

  /** The part of the ring a canvas point is on. */
  regionAt(x: number, y: number): FusionOrbitRegion {
    const ring = this.ringOnScreen();
    if (this.isConstrained) {
      for (const handle of FUSION_ORBIT_HANDLES) {
        const distance = Math.hypot(x - (ring.x + handle.x * ring.radius), y - (ring.y + handle.y * ring.radius));
        if (distance <= FUSION_ORBIT_HANDLE_RADIUS_PX) return handle.x !== 0 ? 'horizontal' : 'vertical';
      }
    }
    return Math.hypot(x - ring.x, y - ring.y) <= ring.radius ? 'inside' : 'outside';
  }

  begin(x: number, y: number): void {
    this.drag = { region: this.regionAt(x, y), x, y, up: this.viewer.navigation.up.clone() };
  }

  /** One step of the drag: the pointer moved by dx, dy pixels; orbits turn `radiansPerPixel`. */
  move(dx: number, dy: number, radiansPerPixel: number): void {
    const drag = this.drag;
    if (!drag) return;
    const nav = this.viewer.navigation;
    const x = drag.x + dx;
    const y = drag.y + dy;
    switch (drag.region) {
      case 'inside':
        nav.freeOrbit(dx * radiansPerPixel, dy * radiansPerPixel);
        break;
      case 'horizontal':
        nav.freeOrbit(dx * radiansPerPixel, 0);
        break;
      case 'vertical':
        nav.freeOrbit(0, dy * radiansPerPixel);
        break;
      case 'outside':
        if (nav.isActionEnabled('roll')) this.roll(drag, this.angleAt(x, y) - this.angleAt(drag.x, drag.y));
        break;
    }
    drag.x = x;
    drag.y = y;
  }

  end(): void {
    this.drag = null;
  }

  /** Remembers where the pointer hovers, for the cursor. */
  hoverAt(x: number, y: number): void {
    this.hover = { x, y };
  }

  /** The cursor for where the pointer is: roll outside the ring, free orbit elsewhere. */
  cursorName(): ToolCursorName {
    const region = this.drag?.region ?? (this.hover ? this.regionAt(this.hover.x, this.hover.y) : 'inside');
    return region === 'outside' ? 'worldup' : 'freeorbit';
  }

  /** Places the ring for this frame, or hides it. */
  update(): void {
    if (!this.isToolActive || !this.isOn) {
      this.ringInstance?.hide();
      return;
    }
    this.ring.update(this.viewer.navigation, this.ringOnScreen().radius, FUSION_ORBIT_HANDLE_RADIUS_PX, this.isConstrained);
  }

  private get ring(): FusionOrbitRing {
    this.ringInstance ??= new FusionOrbitRing();
    return this.ringInstance;
  }

  /**
   * Turns the view about the line of sight by an angle on screen (radians, clockwise positive, as the
   * pointer went round the centre), so the model turns with the pointer. The up vector is accumulated
   * apart, so slow drags whose single steps are too small to count still add up.
   */
  private roll(drag: { up: Vector3 }, angle: number): void {
    const wrapped = Math.atan2(Math.sin(angle), Math.cos(angle));
    if (wrapped === 0) return;
    const nav = this.viewer.navigation;
    drag.up.applyQuaternion(new Quaternion().setFromAxisAngle(nav.getDirection(), -wrapped)).normalize();
    nav.setCameraUpVector(drag.up);
  }

  /** Angle of a canvas point about the ring's centre (radians, clockwise from 3 o'clock). */
  private angleAt(x: number, y: number): number {
    const ring = this.ringOnScreen();
    return Math.atan2(y - ring.y, x - ring.x);
  }
}
