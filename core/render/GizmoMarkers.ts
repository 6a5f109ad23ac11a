import { type Camera, Color, Group, type OrthographicCamera, type PerspectiveCamera, Sprite, SpriteMaterial, type Texture, TextureLoader, Vector3 } from 'three';
import type { ResourceRequest } from '../viewer/resources.js';

/** Spec 000 §2 "Other widgets": the transform gizmo's textures, under the resource root. */
export const GIZMO_CENTER_TEXTURE = 'textures/centerMarker_X.png';
export const GIZMO_CARDINAL_TEXTURE = 'textures/cardinalPoint.png';

/** On-screen sizes, in CSS pixels. */
const CENTER_MARKER_PX = 18;
const CARDINAL_POINT_PX = 11;
/** Axis colours, as the gizmo's handles use them. */
const AXIS_COLORS: Record<'X' | 'Y' | 'Z', number> = { X: 0xff4d4d, Y: 0x4dcc4d, Z: 0x4d7dff };

/** Loads a texture from the resource root with the credentials rule of spec 000 §7. */
export function loadResourceTexture(request: ResourceRequest, onLoad?: () => void): Texture {
  const loader = new TextureLoader();
  loader.setCrossOrigin(request.crossOrigin);
  return loader.load(request.url, () => onLoad?.());
}

/**
 * The gizmo's markers drawn with the spec's textures: a centre marker (centerMarker_X.png) at the gizmo's
 * origin, and, while rotating or hovering a rotation ring, a cardinal point (cardinalPoint.png) at each
 * quarter of that ring — where rotation snaps. They live in the overlay scene, a constant size on screen.
 */
export class GizmoMarkers {
  readonly object = new Group();
  private readonly center: Sprite;
  private readonly cardinals: Sprite[] = [];
  private readonly textures: Texture[];
  /** Where the textures were requested from. */
  readonly textureSources: string[];

  constructor(resource: (path: string) => ResourceRequest, onLoad: () => void) {
    this.object.name = 'gizmo-markers';
    this.object.renderOrder = 1100;
    const requests = [resource(GIZMO_CENTER_TEXTURE), resource(GIZMO_CARDINAL_TEXTURE)];
    this.textureSources = requests.map((r) => r.url);
    const [centerTexture, cardinalTexture] = requests.map((request) => loadResourceTexture(request, onLoad));
    this.textures = [centerTexture, cardinalTexture];
    this.center = sprite(centerTexture, 0xffffff);
    this.object.add(this.center);
    for (let i = 0; i < 4; i++) {
      const point = sprite(cardinalTexture, 0xffffff);
      point.visible = false;
      this.cardinals.push(point);
      this.object.add(point);
    }
    this.object.visible = false;
  }

  /**
   * Places the markers at the gizmo's origin for this frame. `ring` is the rotation axis whose cardinal
   * points show (null: none); `ringRadius` its radius in world units; `worldPerPixel` the scale at the origin.
   */
  update(origin: Vector3, worldPerPixel: number, ring: 'X' | 'Y' | 'Z' | null, ringRadius: number): void {
    this.center.position.copy(origin);
    this.center.scale.setScalar(CENTER_MARKER_PX * worldPerPixel);
    const axis = ring ? AXES[ring] : null;
    for (let i = 0; i < 4; i++) {
      const point = this.cardinals[i];
      point.visible = axis !== null;
      if (!axis) continue;
      const [a, b] = axis.perpendicular;
      const angle = (i * Math.PI) / 2;
      point.position.copy(origin).addScaledVector(a, Math.cos(angle) * ringRadius).addScaledVector(b, Math.sin(angle) * ringRadius);
      point.scale.setScalar(CARDINAL_POINT_PX * worldPerPixel);
      (point.material as SpriteMaterial).color.setHex(AXIS_COLORS[ring!]);
    }
  }

  /** Both textures have arrived. */
  get isLoaded(): boolean {
    return this.textures.every((t) => (t.image as HTMLImageElement | undefined)?.naturalWidth);
  }

  dispose(): void {
    for (const texture of this.textures) texture.dispose();
    this.object.traverse((child) => {
      if (child instanceof Sprite) child.material.dispose();
    });
  }
}

const AXES: Record<'X' | 'Y' | 'Z', { perpendicular: [Vector3, Vector3] }> = {
  X: { perpendicular: [new Vector3(0, 1, 0), new Vector3(0, 0, 1)] },
  Y: { perpendicular: [new Vector3(0, 0, 1), new Vector3(1, 0, 0)] },
  Z: { perpendicular: [new Vector3(1, 0, 0), new Vector3(0, 1, 0)] },
};

function sprite(map: Texture, color: number): Sprite {
  const s = new Sprite(new SpriteMaterial({ map, color: new Color(color), depthTest: false, depthWrite: false, transparent: true }));
  s.renderOrder = 1100;
  s.frustumCulled = false;
  return s;
}

/** World units per CSS pixel at a point, for a perspective or orthographic camera and a viewport height. */
export function worldPerPixelAt(camera: Camera, point: Vector3, viewportHeight: number): number {
  const ortho = camera as OrthographicCamera;
  if (ortho.isOrthographicCamera) return (ortho.top - ortho.bottom) / ortho.zoom / viewportHeight;
  const perspective = camera as PerspectiveCamera;
  const depth = point.clone().applyMatrix4(camera.matrixWorldInverse).z;
  return (2 * Math.abs(depth) * Math.tan((perspective.fov * Math.PI) / 360)) / perspective.zoom / viewportHeight;
}
