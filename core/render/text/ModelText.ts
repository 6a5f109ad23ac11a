import { BufferAttribute, type Plane, type ShaderMaterial, Float32BufferAttribute, Group, InstancedBufferGeometry, InstancedInterleavedBuffer, InterleavedBufferAttribute, Mesh, type Ray, Vector3 } from 'three';
import { FragmentFlag } from '../../model/FragmentList.js';
import type { Model } from '../../model/Model.js';
import type { BatchUniforms } from '../batchShader.js';
import { FontAtlas, loadTextFont } from './FontAtlas.js';
import { GLYPH_STRIDE, LINE_BOX_STRIDE, type TextLayout, TextLayouter } from './layoutText.js';
import { createTextMaterial } from './textMaterial.js';

/** The text lines of a model, for picking: each line's box in its run's frame. */
interface TextPickIndex {
  layout: Pick<TextLayout, 'lineBoxes' | 'lineCount'>;
  /** Per run: the inverse of its frame (model space → frame), a b c d e f. */
  inverses: Float64Array;
  /** Per line: its box's bounds in model space (min x, min y, max x, max y), for a quick rejection. */
  bounds: Float32Array;
  z: number;
}

const pickIndexes = new WeakMap<Model, TextPickIndex>();
/** Longest stretch of text layout between two turns of the page's event loop. */
const LAYOUT_SLICE_MS = 8;

/**
 * A model's texts (a 2D drawing's TEXT, MTEXT, attributes; SVG and PDF text): once the font is loaded, one
 * atlas of the glyphs they use and one instanced mesh of glyph quads, whatever the number of texts. It sits
 * in the model renderer's group and shares its data textures, so a text hides, shows, selects and themes
 * with its object. Until the font is there, nothing is drawn.
 */
export class ModelText {
  /** Holds the glyph mesh once it is made; shown or not by the model renderer's passes. */
  readonly object = new Group();
  private mesh: Mesh<InstancedBufferGeometry, ShaderMaterial> | null = null;
  private atlas: FontAtlas | null = null;
  private disposed = false;
  private clippingPlanes: Plane[] | null = null;

  constructor(
    private readonly model: Model,
    private readonly uniforms: BatchUniforms,
  ) {
    this.object.name = `text:${model.id}`;
    this.object.matrixAutoUpdate = false;
  }

  /** Whether the glyphs are made (the font loaded and the texts laid out). */
  get isReady(): boolean {
    return this.mesh !== null;
  }

  /** Glyphs drawn (inked characters of every text). */
  get glyphCount(): number {
    return this.mesh?.geometry.instanceCount ?? 0;
  }

  /** Loads the font (once per page), then lays the texts out. Resolves false when the model went away meanwhile. */
  async load(fontUrl: string, credentials?: RequestCredentials): Promise<boolean> {
    await loadTextFont(fontUrl, credentials);
    if (this.disposed || this.mesh) return !this.disposed;
    const texts = this.model.texts;
    const characters = new Set<string>([' ']);
    for (const text of texts) for (const char of text.text) if (char !== '\t') characters.add(char);
    this.atlas = new FontAtlas(characters);
    // Laid out a few milliseconds at a time: a sheet of many thousands of texts does not hold the page up.
    const layouter = new TextLayouter(texts, this.atlas);
    while (!layouter.layOut(performance.now() + LAYOUT_SLICE_MS)) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (this.disposed) return false;
    }
    const layout = layouter.result;
    const z = texts[0]?.z ?? 0;
    pickIndexes.set(this.model, { layout: { lineBoxes: layout.lineBoxes, lineCount: layout.lineCount }, inverses: inverseFrames(texts.map((text) => text.matrix)), bounds: lineBounds(layout, texts), z });
    const geometry = new InstancedBufferGeometry();
    geometry.setIndex(new BufferAttribute(new Uint16Array([0, 1, 2, 0, 2, 3]), 1));
    geometry.setAttribute('position', new Float32BufferAttribute([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], 3));
    const instances = new InstancedInterleavedBuffer(layout.glyphs, GLYPH_STRIDE);
    // Only the GPU reads the glyph quads (picking reads the line boxes): once uploaded, the page lets them go.
    instances.onUpload(releaseArray);
    geometry.setAttribute('dvGlyphA', new InterleavedBufferAttribute(instances, 4, 0));
    geometry.setAttribute('dvGlyphB', new InterleavedBufferAttribute(instances, 4, 4));
    geometry.setAttribute('dvGlyphUv', new InterleavedBufferAttribute(instances, 4, 8));
    geometry.instanceCount = layout.glyphCount;
    this.mesh = new Mesh(geometry, createTextMaterial(this.uniforms, this.atlas.texture, z));
    this.mesh.material.clippingPlanes = this.clippingPlanes;
    this.mesh.frustumCulled = false;
    this.mesh.matrixAutoUpdate = false;
    // After the model's lines and fills (opaque), before its ghosts.
    this.mesh.renderOrder = 1;
    this.mesh.visible = layout.glyphCount > 0;
    this.object.add(this.mesh);
    return true;
  }

  /** Cuts the glyphs with the model's clipping planes (null: none). */
  setClippingPlanes(planes: Plane[] | null): void {
    this.clippingPlanes = planes;
    if (this.mesh) this.mesh.material.clippingPlanes = planes;
  }

  /** Draws the glyphs in the next render, or not (the model renderer's passes). */
  setShown(shown: boolean): void {
    this.object.visible = shown;
  }

  get isShown(): boolean {
    return this.object.visible && this.mesh !== null;
  }

  dispose(): void {
    this.disposed = true;
    pickIndexes.delete(this.model);
    if (this.mesh) {
      this.mesh.geometry.dispose();
      this.mesh.material.dispose();
    }
    this.atlas?.dispose();
    this.object.clear();
  }
}

function releaseArray(this: { array: ArrayLike<number> }): void {
  this.array = EMPTY_GLYPHS;
}
const EMPTY_GLYPHS = new Float32Array(0);

/** A text line under a ray (model space), within a pick radius (world units) around its box. */
export interface TextHit {
  fragId: number;
  point: Vector3;
  distance: number;
  /** 0.5 inside a line's box, up to 1 at the radius around it (a line drawn across a text's box wins when nearer). */
  nearness: number;
}

/**
 * Picks a model's visible text: the ray meets the text's plane, and the point is tested against each line's
 * box (its advance width, from the cap height to the descenders), widened by the pick radius there.
 */
export function pickText(model: Model, ray: Ray, radius: (distance: number) => number, maxDistance: number): TextHit | null {
  const index = pickIndexes.get(model);
  if (!index || index.layout.lineCount === 0) return null;
  if (Math.abs(ray.direction.z) < 1e-9) return null;
  const distance = (index.z - ray.origin.z) / ray.direction.z;
  if (!(distance >= 0) || distance > maxDistance) return null;
  const point = ray.at(distance, new Vector3());
  const reach = radius(distance);
  const { lineBoxes, lineCount } = index.layout;
  const { inverses, bounds } = index;
  const texts = model.texts;
  const flags = model.fragments.flags;
  let best: TextHit | null = null;
  for (let i = 0; i < lineCount; i++) {
    const q = i * 4;
    if (point.x < bounds[q] - reach || point.y < bounds[q + 1] - reach || point.x > bounds[q + 2] + reach || point.y > bounds[q + 3] + reach) continue;
    const o = i * LINE_BOX_STRIDE;
    const run = lineBoxes[o];
    const text = texts[run];
    if (flags[text.fragId] & FragmentFlag.HIDDEN) continue;
    const m = run * 6;
    const x = inverses[m] * point.x + inverses[m + 2] * point.y + inverses[m + 4];
    const y = inverses[m + 1] * point.x + inverses[m + 3] * point.y + inverses[m + 5];
    // The radius in frame units: the frame's scale is the text's height (and width factor).
    const [a, b, c, d] = text.matrix;
    const unitX = Math.hypot(a, b) || 1;
    const unitY = Math.hypot(c, d) || 1;
    const dx = Math.max(lineBoxes[o + 1] - x, 0, x - lineBoxes[o + 3]) * unitX;
    const dy = Math.max(lineBoxes[o + 2] - y, 0, y - lineBoxes[o + 4]) * unitY;
    const outside = Math.hypot(dx, dy);
    if (outside > reach) continue;
    const nearness = 0.5 + (0.5 * outside) / reach;
    if (!best || nearness < best.nearness) best = { fragId: text.fragId, point: point.clone(), distance, nearness };
  }
  return best;
}

function inverseFrames(frames: readonly (readonly number[])[]): Float64Array {
  const out = new Float64Array(frames.length * 6);
  frames.forEach(([a, b, c, d, e, f], i) => {
    const det = a * d - b * c || 1e-30;
    const o = i * 6;
    out[o] = d / det;
    out[o + 1] = -b / det;
    out[o + 2] = -c / det;
    out[o + 3] = a / det;
    out[o + 4] = (c * f - d * e) / det;
    out[o + 5] = (b * e - a * f) / det;
  });
  return out;
}

function lineBounds(layout: TextLayout, texts: Model['texts']): Float32Array {
  const out = new Float32Array(layout.lineCount * 4);
  for (let i = 0; i < layout.lineCount; i++) {
    const o = i * LINE_BOX_STRIDE;
    const [a, b, c, d, e, f] = texts[layout.lineBoxes[o]].matrix;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const x of [layout.lineBoxes[o + 1], layout.lineBoxes[o + 3]]) {
      for (const y of [layout.lineBoxes[o + 2], layout.lineBoxes[o + 4]]) {
        const px = a * x + c * y + e;
        const py = b * x + d * y + f;
        minX = Math.min(minX, px);
        minY = Math.min(minY, py);
        maxX = Math.max(maxX, px);
        maxY = Math.max(maxY, py);
      }
    }
    out.set([minX, minY, maxX, maxY], i * 4);
  }
  return out;
}
