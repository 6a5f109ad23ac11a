import {
  type Camera,
  Color,
  DataTexture,
  Group,
  LinearFilter,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  type Plane,
  PlaneGeometry,
  SRGBColorSpace,
  Texture,
  Vector2,
  type WebGLRenderer,
} from 'three';
import { tiledImageOf, type TiledImage } from '../../loaders/leaflet/tiledImages.js';
import { viewOnPlane } from './viewOnPlane.js';
import { tileKey } from '../../loaders/leaflet/TilePyramid.js';
import type { TileImage } from '../../loaders/leaflet/TileStore.js';
import { FragmentFlag } from '../../model/FragmentList.js';
import { encodeDisplayOutput } from '../displayTarget.js';
import type { Model } from '../../model/Model.js';

const THEME = new Color();
/** Tiles drawn at once at most (a 4K screen of 512 px tiles needs some 60, with the coarser ones under them). */
const MAX_SLOTS = 128;
/** After the model's fills (its white paper, renderOrder 0), before its text (1) and ghosts (2); slot i draws after slot i - 1. */
const BASE_ORDER = 0.5;
const ORDER_STEP = 1e-4;

/** A tile to draw: its texture and where (model space). */
interface Placed {
  key: string;
  texture: Texture;
  matrix: Matrix4;
}

/** How strongly a selected image takes the selection colour (its picture stays readable under it). */
const SELECTED_TINT = 0.4;

/** What the tiles take of the image object's state, beside its flags: the selection colour and its theming colour. */
export interface TileTinting {
  readonly selectionColor: Color;
  /** The object's theming colour (0–255 rgba), or null when it has none. */
  themingOf(fragId: number): readonly number[] | null;
}

/** The model renderer's tile layer for a model loaded from a tiled image (leaflet), or null for any other model. */
export function createTileLayer(model: Model, tinting: TileTinting): TileLayer | null {
  const image = tiledImageOf(model);
  return image ? new TileLayer(model, image, tinting) : null;
}

/**
 * Draws a tiled image: textured quads over the model's white sheet, only the tiles that meet the view, at
 * the level that matches the screen's pixel density (never finer than max_level). The root tile is always
 * drawn first, loaded tiles of the levels between under the view's level: a tile not in yet (or missing)
 * shows the coarser one. Which tiles is decided as the frame draws (the first quad's onBeforeRender has the
 * camera and the target), and again only when the camera, the target or the tiles changed. Quads come from a
 * pool of meshes, each with its material; the pool grows when a view needs more (the picture is redrawn).
 */
export class TileLayer {
  readonly object = new Group();
  private readonly slots: Mesh<PlaneGeometry, MeshBasicMaterial>[] = [];
  private readonly geometry = new PlaneGeometry(1, 1);
  private readonly blank = new DataTexture(new Uint8Array([255, 255, 255, 255]), 1, 1);
  private readonly textures = new Map<string, Texture>();
  private readonly placed: Placed[] = [];
  private readonly matrices: Matrix4[] = [];
  private readonly seen = new Float64Array(16 * 3 + 3);
  private dirty = true;
  private clippingPlanes: Plane[] | null = null;
  private readonly unlisten: () => void;
  /** The level drawn last (for tests and the bench), -1 before the first frame. */
  level = -1;
  /** The tiles asked for last, most wanted first. */
  wanted: string[] = [];

  constructor(
    private readonly model: Model,
    private readonly image: TiledImage,
    private readonly tinting: TileTinting,
  ) {
    this.object.name = `tiles:${model.id}`;
    this.object.matrixAutoUpdate = false;
    this.blank.needsUpdate = true;
    this.unlisten = image.store.listen({
      arrived: () => (this.dirty = true),
      failed: () => (this.dirty = true),
      evicted: (key) => {
        this.textures.get(key)?.dispose();
        this.textures.delete(key);
        this.dirty = true;
      },
    });
    this.ensureSlots(4);
  }

  /** Tiles of the view still on their way: the picture is not final until they are in (or failed). */
  get isLoading(): boolean {
    return this.image.store.pendingCount > 0;
  }

  /** Tiles drawn in the last frame. */
  get drawnCount(): number {
    return this.placed.length;
  }

  /** Draws the tiles in the next render, or not (the model renderer's passes). */
  setShown(shown: boolean): void {
    this.object.visible = shown;
  }

  setClippingPlanes(planes: Plane[] | null): void {
    this.clippingPlanes = planes;
    for (const slot of this.slots) slot.material.clippingPlanes = planes;
  }

  dispose(): void {
    this.unlisten();
    this.image.store.dispose();
    for (const texture of this.textures.values()) texture.dispose();
    this.textures.clear();
    for (const slot of this.slots) slot.material.dispose();
    this.geometry.dispose();
    this.blank.dispose();
    this.object.clear();
  }

  private ensureSlots(count: number): boolean {
    const wanted = Math.min(MAX_SLOTS, count);
    const grew = wanted > this.slots.length;
    while (this.slots.length < wanted) {
      const i = this.slots.length;
      const material = new MeshBasicMaterial({ map: this.blank, depthWrite: false, polygonOffset: true, polygonOffsetFactor: -1, polygonOffsetUnits: -4, toneMapped: false });
      material.clippingPlanes = this.clippingPlanes;
      // The frame's targets hold display colours: the material encodes its output itself.
      material.onBeforeCompile = (shader) => void (shader.fragmentShader = encodeDisplayOutput(shader.fragmentShader));
      material.customProgramCacheKey = () => 'dv-tile';
      const slot = new Mesh(this.geometry, material);
      slot.frustumCulled = false;
      slot.matrixAutoUpdate = false;
      slot.renderOrder = BASE_ORDER + i * ORDER_STEP;
      slot.onBeforeRender = (renderer, _scene, camera) => this.beforeSlot(i, renderer, camera);
      this.slots.push(slot);
      this.matrices.push(new Matrix4());
      this.object.add(slot);
    }
    return grew;
  }

  private beforeSlot(i: number, renderer: WebGLRenderer, camera: Camera): void {
    if (i === 0) {
      this.update(renderer, camera);
      this.updateTint();
    }
    const slot = this.slots[i];
    slot.material.color.copy(this.tint);
    const tile = this.placed[i];
    if (tile) {
      slot.material.map = tile.texture;
      slot.matrixWorld.multiplyMatrices(this.object.matrixWorld, tile.matrix);
    } else {
      // A slot of the pool with no tile this frame: nothing to see (it leaves the pool's visible part next frame).
      slot.material.map = this.blank;
      slot.matrixWorld.makeScale(0, 0, 0);
    }
  }

  /**
   * The colour the tiles are multiplied by: white, the image's theming colour mixed in by its alpha, and the
   * selection colour over that while the image is selected (as the batches tint a selected or themed object).
   */
  private updateTint(): void {
    const flags = this.model.fragments.flags[0];
    this.tint.set(0xffffff);
    const theme = flags & FragmentFlag.THEMED ? this.tinting.themingOf(0) : null;
    if (theme) this.tint.lerp(THEME.setRGB(theme[0] / 255, theme[1] / 255, theme[2] / 255, SRGBColorSpace), theme[3] / 255);
    if (flags & FragmentFlag.SELECTED) this.tint.lerp(this.tinting.selectionColor, SELECTED_TINT);
  }

  private readonly tint = new Color(0xffffff);

  /** Decides the tiles of this frame's view, when the camera, the target size or the tiles changed. */
  private update(renderer: WebGLRenderer, camera: Camera): void {
    const size = renderer.getDrawingBufferSize(SIZE);
    const hidden = (this.model.fragments.flags[0] & FragmentFlag.HIDDEN) !== 0;
    if (!this.changed(camera, size, hidden) && !this.dirty) {
      // Something else may have shown the whole pool (the shader warm-up does): only the used part stays.
      this.showUsedSlots();
      return;
    }
    this.dirty = false;
    this.placed.length = 0;
    const bounds = this.model.bounds;
    if (hidden || bounds.isEmpty()) return this.fitPool();
    const { pyramid, store } = this.image;
    const modelWidth = bounds.max.x - bounds.min.x;
    const modelHeight = bounds.max.y - bounds.min.y;
    const view = viewOnPlane(camera, this.object.matrixWorld, size);
    // Full-resolution pixels per screen pixel, and the view's rectangle in them (y down); no view: the whole image at its root.
    let z = pyramid.rootLevel;
    let range: [number, number, number, number] | null = null;
    if (view) {
      const density = Math.min((view.unitsPerPixelX * pyramid.width) / modelWidth, (view.unitsPerPixelY * pyramid.height) / modelHeight);
      const left = ((view.minX - bounds.min.x) * pyramid.width) / modelWidth;
      const right = ((view.maxX - bounds.min.x) * pyramid.width) / modelWidth;
      const top = ((bounds.max.y - view.maxY) * pyramid.height) / modelHeight;
      const bottom = ((bounds.max.y - view.minY) * pyramid.height) / modelHeight;
      for (z = pyramid.levelFor(density); z >= pyramid.rootLevel; z--) {
        range = pyramid.tileRange(z, left, top, right, bottom);
        if (!range || (range[2] - range[0] + 1) * (range[3] - range[1] + 1) <= MAX_SLOTS / 2) break;
      }
      z = Math.max(z, pyramid.rootLevel);
    }
    this.level = z;
    // Asked for: the root, then the view's level from the view's centre out.
    const wanted = [store.rootKey];
    if (range && z > pyramid.rootLevel) {
      const [x0, y0, x1, y1] = range;
      const cx = (x0 + x1) / 2;
      const cy = (y0 + y1) / 2;
      const keys: [string, number][] = [];
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) keys.push([tileKey(z, x, y), (x - cx) ** 2 + (y - cy) ** 2]);
      keys.sort((a, b) => a[1] - b[1]);
      for (const [key] of keys) wanted.push(key);
    }
    this.wanted = wanted;
    store.want(wanted);
    // Drawn: the root, the loaded tiles of the levels between, then the view's level (coarse to fine, the finer on top).
    this.place(store.rootKey, pyramid.rootLevel, 0, 0, modelWidth, modelHeight);
    if (range && view) {
      for (let level = pyramid.rootLevel + 1; level <= z; level++) {
        const scale = 2 ** (level - z);
        const [x0, y0, x1, y1] = range;
        for (let y = Math.floor(y0 * scale); y <= Math.floor(y1 * scale); y++) {
          for (let x = Math.floor(x0 * scale); x <= Math.floor(x1 * scale); x++) {
            if (this.placed.length >= MAX_SLOTS) break;
            this.place(tileKey(level, x, y), level, x, y, modelWidth, modelHeight);
          }
        }
      }
    }
    this.fitPool();
  }

  /** Adds a loaded tile to this frame's list, its quad in model space (the image spans the model's bounds). */
  private place(key: string, z: number, x: number, y: number, modelWidth: number, modelHeight: number): void {
    const bitmap = this.image.store.get(key);
    if (!bitmap) return;
    const { pyramid } = this.image;
    const levelWidth = pyramid.levelWidth(z);
    const levelHeight = pyramid.levelHeight(z);
    const left = x * pyramid.tileSize;
    const top = y * pyramid.tileSize;
    // An edge tile may be cut to the image or padded to the tile size: only the image's part is drawn.
    const width = Math.min(bitmap.width, levelWidth - left);
    const height = Math.min(bitmap.height, levelHeight - top);
    if (width <= 0 || height <= 0) return;
    const sx = modelWidth / levelWidth;
    const sy = modelHeight / levelHeight;
    const bounds = this.model.bounds;
    const matrix = this.matrices[this.placed.length] ?? new Matrix4();
    matrix.makeScale(width * sx, height * sy, 1).setPosition(bounds.min.x + (left + width / 2) * sx, bounds.max.y - (top + height / 2) * sy, bounds.min.z);
    this.placed.push({ key, texture: this.textureOf(key, bitmap, width, height), matrix });
  }

  private textureOf(key: string, bitmap: TileImage, width: number, height: number): Texture {
    let texture = this.textures.get(key);
    if (texture) return texture;
    texture = new Texture(bitmap);
    texture.colorSpace = SRGBColorSpace;
    // The bitmap is decoded bottom row first (WebGL ignores its flip for bitmaps).
    texture.flipY = false;
    texture.premultiplyAlpha = false;
    texture.generateMipmaps = false;
    texture.minFilter = LinearFilter;
    texture.magFilter = LinearFilter;
    texture.repeat.set(width / bitmap.width, height / bitmap.height);
    texture.offset.set(0, 1 - height / bitmap.height);
    texture.needsUpdate = true;
    this.textures.set(key, texture);
    return texture;
  }

  /** Shows as many slots as tiles (at least the first, which decides); more than there were: drawn next frame. */
  private fitPool(): void {
    const count = Math.max(1, this.placed.length);
    if (this.ensureSlots(count)) this.image.store.requestRedraw();
    this.showUsedSlots();
  }

  private showUsedSlots(): void {
    const count = Math.max(1, this.placed.length);
    for (let i = 0; i < this.slots.length; i++) this.slots[i].visible = i < count;
  }

  /** Whether the camera, the target size or the hidden state differ from the last update's. */
  private changed(camera: Camera, size: Vector2, hidden: boolean): boolean {
    const seen = this.seen;
    let changed = false;
    const check = (i: number, value: number) => {
      if (seen[i] !== value) {
        seen[i] = value;
        changed = true;
      }
    };
    for (let i = 0; i < 16; i++) check(i, camera.matrixWorldInverse.elements[i]);
    for (let i = 0; i < 16; i++) check(16 + i, camera.projectionMatrix.elements[i]);
    for (let i = 0; i < 16; i++) check(32 + i, this.object.matrixWorld.elements[i]);
    check(48, size.x);
    check(49, size.y);
    check(50, hidden ? 1 : 0);
    return changed;
  }
}

const SIZE = new Vector2();
