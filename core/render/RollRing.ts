import {
  BufferGeometry,
  CanvasTexture,
  CircleGeometry,
  Color,
  Float32BufferAttribute,
  Group,
  LineBasicMaterial,
  LineSegments,
  type Material,
  Mesh,
  MeshBasicMaterial,
  PlaneGeometry,
  RingGeometry,
  ShapeGeometry,
  Shape,
  Vector3,
} from 'three';
import type { Navigation } from '../camera/Navigation.js';

/** The six axis-aligned up directions the roll tool snaps to, with their marker colours and labels. */
export const ROLL_AXES: readonly { direction: Vector3; label: string; color: number }[] = [
  { direction: new Vector3(1, 0, 0), label: 'X', color: 0xe5484d },
  { direction: new Vector3(-1, 0, 0), label: '-X', color: 0xe5484d },
  { direction: new Vector3(0, 1, 0), label: 'Y', color: 0x30a46c },
  { direction: new Vector3(0, -1, 0), label: '-Y', color: 0x30a46c },
  { direction: new Vector3(0, 0, 1), label: 'Z', color: 0x0b84f3 },
  { direction: new Vector3(0, 0, -1), label: '-Z', color: 0x0b84f3 },
];

/** Below this length, an axis seen end-on has no place on the ring. */
const MIN_PROJECTED_LENGTH = 0.2;
const ACCENT = 0x0696d7;

/**
 * The roll tool's heads-up ring (spec 000 §2 "Other widgets"): a ring around the view centre with a tick
 * every 15°, a marker where each world axis points on screen, and the camera's up (12 o'clock) marked;
 * the axis the view snapped to is highlighted. It lives in the overlay scene, re-placed in front of the
 * camera every frame so it stays a fixed share of the viewport.
 */
export class RollRing {
  readonly object = new Group();
  private readonly markers: { group: Group; halo: Mesh }[] = [];

  constructor() {
    this.object.name = 'roll-ring';
    this.object.renderOrder = 1001;
    const band = mesh(new RingGeometry(0.9, 1.1, 128), 0x1b2430, 0.22);
    const edgeOuter = mesh(new RingGeometry(1.1, 1.115, 128), 0xffffff, 0.85);
    const edgeInner = mesh(new RingGeometry(0.885, 0.9, 128), 0xffffff, 0.85);
    this.object.add(band, edgeOuter, edgeInner, this.ticks(), this.upMarker(), this.centreCross());
    for (const axis of ROLL_AXES) {
      const group = new Group();
      const solid = !axis.label.startsWith('-');
      const halo = mesh(new RingGeometry(0.085, 0.11, 40), ACCENT, 1);
      halo.visible = false;
      const dot = solid ? mesh(new CircleGeometry(0.06, 32), axis.color, 1) : mesh(new RingGeometry(0.038, 0.062, 32), axis.color, 1);
      const rim = mesh(new RingGeometry(0.06, 0.072, 32), 0xffffff, 0.9);
      const label = labelMesh(axis.label, axis.color);
      label.position.set(0, 0, 0);
      label.userData.isLabel = true;
      group.add(halo, rim, dot, label);
      this.object.add(group);
      this.markers.push({ group, halo });
    }
    this.object.traverse((child) => {
      child.renderOrder = 1001;
      child.frustumCulled = false;
    });
    this.object.visible = false;
  }

  /**
   * Places the ring in front of the camera with a radius of `size` × half the smaller viewport side, and
   * the axis markers where the world axes point on screen. `snapped` is the index in ROLL_AXES, or -1.
   */
  update(navigation: Navigation, size: number, snapped: number): void {
    const camera = navigation.getThreeCamera();
    const direction = navigation.getDirection();
    // Any depth between near and far will do: the ring is drawn without depth testing.
    const depth = navigation.isPerspective ? Math.max(navigation.distance, 1e-6) : 1;
    const radiusPx = (size * Math.min(navigation.viewport.width, navigation.viewport.height)) / 2;
    this.object.position.copy(navigation.position).addScaledVector(direction, depth);
    this.object.quaternion.copy(camera.quaternion);
    this.object.scale.setScalar(radiusPx * navigation.worldPerPixel(depth));
    const right = new Vector3().crossVectors(direction, navigation.up).normalize();
    const up = new Vector3().crossVectors(right, direction).normalize();
    ROLL_AXES.forEach((axis, index) => {
      const { group, halo } = this.markers[index];
      const x = axis.direction.dot(right);
      const y = axis.direction.dot(up);
      const length = Math.hypot(x, y);
      group.visible = length > MIN_PROJECTED_LENGTH;
      if (!group.visible) return;
      group.position.set(x / length, y / length, 0);
      // Labels sit just outside the ring, on the marker's radius.
      const label = group.children.find((c) => c.userData.isLabel)!;
      label.position.set((x / length) * 0.22, (y / length) * 0.22, 0);
      halo.visible = index === snapped;
    });
    this.object.visible = true;
  }

  hide(): void {
    this.object.visible = false;
  }

  dispose(): void {
    this.object.traverse((child) => {
      const m = child as Mesh;
      m.geometry?.dispose();
      const material = m.material as Material & { map?: { dispose(): void } | null };
      material?.map?.dispose();
      material?.dispose?.();
    });
  }

  private ticks(): LineSegments {
    const positions: number[] = [];
    for (let degrees = 0; degrees < 360; degrees += 15) {
      const a = (degrees * Math.PI) / 180;
      const inner = degrees % 90 === 0 ? 0.93 : 0.96;
      positions.push(Math.cos(a) * inner, Math.sin(a) * inner, 0, Math.cos(a) * 1.07, Math.sin(a) * 1.07, 0);
    }
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
    return new LineSegments(geometry, new LineBasicMaterial({ color: 0xffffff, transparent: true, opacity: 0.55, depthTest: false, depthWrite: false }));
  }

  /** The camera's up: a notch pointing up at 12 o'clock, inside the ring. */
  private upMarker(): Mesh {
    const shape = new Shape();
    shape.moveTo(0, 0.87);
    shape.lineTo(-0.055, 0.76);
    shape.lineTo(0.055, 0.76);
    shape.closePath();
    return mesh(new ShapeGeometry(shape), ACCENT, 1);
  }

  private centreCross(): LineSegments {
    const s = 0.05;
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute([-s, 0, 0, s, 0, 0, 0, -s, 0, 0, s, 0], 3));
    return new LineSegments(geometry, new LineBasicMaterial({ color: 0xffffff, transparent: true, opacity: 0.8, depthTest: false, depthWrite: false }));
  }
}

function mesh(geometry: BufferGeometry, color: number, opacity: number): Mesh {
  return new Mesh(geometry, new MeshBasicMaterial({ color: new Color(color), transparent: true, opacity, depthTest: false, depthWrite: false }));
}

/** A small text label drawn on a canvas texture: white on a pill of the axis colour. */
function labelMesh(text: string, color: number): Mesh {
  const canvas = document.createElement('canvas');
  canvas.width = 128;
  canvas.height = 80;
  const context = canvas.getContext('2d');
  if (context) {
    context.fillStyle = `#${new Color(color).getHexString()}`;
    context.scale(2, 2);
    context.beginPath();
    context.roundRect(6, 6, 52, 28, 14);
    context.fill();
    context.strokeStyle = 'rgba(255, 255, 255, 0.9)';
    context.lineWidth = 2;
    context.stroke();
    context.font = '700 19px system-ui, sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillStyle = '#ffffff';
    context.fillText(text.replace('-', '−'), 32, 21);
  }
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = 'srgb';
  texture.anisotropy = 4;
  const material = new MeshBasicMaterial({ map: texture, transparent: true, depthTest: false, depthWrite: false });
  return new Mesh(new PlaneGeometry(0.19, 0.12), material);
}
