import { CircleGeometry, Color, Group, Mesh, MeshBasicMaterial, RingGeometry } from 'three';
import type { Navigation } from '../camera/Navigation.js';

/** The ring's four handles, at 3, 6, 9 and 12 o'clock (unit circle, screen y down). */
export const FUSION_ORBIT_HANDLES: readonly { x: number; y: number }[] = [
  { x: 1, y: 0 },
  { x: 0, y: 1 },
  { x: -1, y: 0 },
  { x: 0, y: -1 },
];

/**
 * The Fusion-style orbit ring: a circle about the view centre, and on it four handles when the orbit is
 * constrained. Like the roll ring it lives in the overlay scene, re-placed in front of the camera every
 * frame so that it keeps its size on screen.
 */
export class FusionOrbitRing {
  readonly object = new Group();
  private readonly handles: Group[] = [];

  constructor() {
    this.object.name = 'fusion-orbit-ring';
    this.object.add(mesh(new RingGeometry(0.985, 1.015, 160), 0x1b2430, 0.35), mesh(new RingGeometry(0.994, 1.006, 160), 0xffffff, 0.9));
    for (const { x, y } of FUSION_ORBIT_HANDLES) {
      const handle = new Group();
      handle.add(mesh(new CircleGeometry(1, 40), 0xf4f6f8, 0.85), mesh(new RingGeometry(0.8, 1, 40), 0x0696d7, 0.95), mesh(new RingGeometry(1, 1.12, 40), 0x1b2430, 0.35));
      // Screen y points down; the ring's plane has y up.
      handle.position.set(x, -y, 0);
      this.object.add(handle);
      this.handles.push(handle);
    }
    this.object.traverse((child) => {
      child.renderOrder = 1001;
      child.frustumCulled = false;
    });
    // The handles cover the ring where they sit on it.
    for (const handle of this.handles) handle.traverse((child) => (child.renderOrder = 1002));
    this.object.visible = false;
  }

  /**
   * Places the ring about the view centre with a radius of `radiusPx` screen pixels, its handles (shown
   * when `showHandles`) `handleRadiusPx` across.
   */
  update(navigation: Navigation, radiusPx: number, handleRadiusPx: number, showHandles: boolean): void {
    const direction = navigation.getDirection();
    // Any depth between near and far will do: the ring is drawn without depth testing.
    const depth = navigation.isPerspective ? Math.max(navigation.distance, 1e-6) : 1;
    this.object.position.copy(navigation.position).addScaledVector(direction, depth);
    this.object.quaternion.copy(navigation.getThreeCamera().quaternion);
    this.object.scale.setScalar(radiusPx * navigation.worldPerPixel(depth));
    for (const handle of this.handles) {
      handle.visible = showHandles;
      handle.scale.setScalar(handleRadiusPx / Math.max(radiusPx, 1));
    }
    this.object.visible = true;
  }

  hide(): void {
    this.object.visible = false;
  }
}

function mesh(geometry: RingGeometry | CircleGeometry, color: number, opacity: number): Mesh {
  return new Mesh(geometry, new MeshBasicMaterial({ color: new Color(color), transparent: true, opacity, depthTest: false, depthWrite: false }));
}
