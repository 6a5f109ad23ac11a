import {
  BufferGeometry,
  Color,
  CustomBlending,
  DoubleSide,
  FrontSide,
  Group,
  LineBasicMaterial,
  LineSegments,
  type Material,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  OneFactor,
  OneMinusSrcAlphaFactor,
  type Plane,
  Points,
  PointsMaterial,
  Sphere,
  SrcAlphaFactor,
  SRGBColorSpace,
  Texture,
  Vector2,
  type WebGLRenderer,
} from 'three';
import { FragmentFlag } from '../model/FragmentList.js';
import type { GeometryBatch, GeometryChunk, PrimitiveKind } from '../model/GeometryBatch.js';
import type { Model } from '../model/Model.js';
import type { TextureImage } from '../model/ModelMaterial.js';
import { type BatchUniforms, createBatchUniforms, createGhostMaterial, patchBatchMaterial, setTransformsEnabled } from './batchShader.js';
import { BatchBuffers } from './BatchBuffers.js';
import { FragmentTextures } from './FragmentTextures.js';
import { ModelText } from './text/ModelText.js';
import { createTileLayer, type TileLayer } from './tiles/TileLayer.js';

interface BatchDraw {
  batch: GeometryBatch;
  geometry: BufferGeometry;
  object: Mesh | LineSegments | Points;
  ghost: Mesh | null;
  buffers: BatchBuffers;
  /** Chunks that arrived and wait for their upload (in order). */
  uploads: GeometryChunk[];
  /** Indices uploaded and drawable (a prefix: chunks arrive, and upload, in order). */
  loadedIndexCount: number;
  /** Indices already drawn into the accumulation buffer, and those shown in the current slice. */
  drawn: number;
  pending: number;
  unsubscribe: () => void;
}

/** What the preferences draw or leave out: a kind of primitive, or the lineweight bands of 2D drawings. */
export type ShownKind = PrimitiveKind | 'weights';

/** Bytes of geometry uploaded per frame at most, so a model streaming in never stalls a frame. */
const UPLOAD_BUDGET_BYTES = 8 * 2 ** 20;

/**
 * The GPU side of one model: a drawable per batch (plus its ghost pass), sharing the model's fragment
 * data textures. Chunks of geometry upload as they arrive, by range, a few megabytes per frame; nothing
 * is rebuilt when objects are hidden, selected, themed or moved.
 */
export class ModelRenderer {
  readonly group = new Group();
  readonly textures: FragmentTextures;
  readonly uniforms: BatchUniforms;
  private readonly draws: BatchDraw[] = [];
  private readonly ghostMaterial;
  private readonly materials: Material[] = [];
  private stateDirty = true;
  /** Some fragment is hidden (kept with the state textures: it changes only when they do). */
  private hiddenFragments = false;
  private ghosting = true;
  private ghostsWanted = false;
  private transparentDrawn = false;
  private transformsOn = false;
  private readonly ownedTextures: Texture[] = [];
  /** A 2D drawing's texts (null without any): drawn once per accumulated frame, in its first slice. */
  readonly text: ModelText | null;
  private textDrawn = false;
  /** A tiled image's tiles (null for other models): drawn with the texts, in the first slice. */
  readonly tiles: TileLayer | null;

  constructor(
    readonly model: Model,
    private readonly renderer: WebGLRenderer,
  ) {
    this.group.name = `model:${model.id}`;
    // The batches hold model space; the group puts it at its real place. three.js multiplies the camera's
    // and the group's matrices in doubles, so what reaches the GPU stays small however far the model lies.
    this.group.position.copy(model.globalOffset);
    this.textures = new FragmentTextures(model.fragments, model.materials);
    this.uniforms = createBatchUniforms(this.textures);
    this.ghostMaterial = createGhostMaterial(this.uniforms);
    model.batches.forEach((batch) => this.addBatch(batch));
    this.text = model.texts.length ? new ModelText(model, this.uniforms) : null;
    if (this.text) this.group.add(this.text.object);
    this.tiles = createTileLayer(model, { selectionColor: this.uniforms.dvSelectionColor.value, themingOf: (fragId) => this.textures.themingOf(fragId) });
    if (this.tiles) this.group.add(this.tiles.object);
    // The batches' buffers were allocated with no vertex array bound, behind three.js's back: without a
    // reset, its next draw of what it drew last (the background) ran with no vertex array and no indices.
    if (model.batches.length > 0) renderer.resetState();
  }

  /** Triangles (or segments, or points) drawable now, over all batches. */
  get primitiveCount(): number {
    return this.draws.reduce((sum, d) => sum + d.loadedIndexCount / primitiveSize(d.batch), 0);
  }

  get drawables(): readonly Object3D[] {
    return this.draws.map((d) => d.object);
  }

  /** Every buffer geometry, for checks that a batch was (not) rebuilt. */
  get geometries(): readonly BufferGeometry[] {
    return this.draws.map((d) => d.geometry);
  }

  /**
   * What the model draws, as a key: which fragments are hidden, their transforms, the geometry that arrived
   * (not their colours: selecting or theming an object leaves its shape and its shadow as they were).
   */
  get contentKey(): string {
    return `${this.hiddenKey}/${this.model.fragments.transformVersion}/${this.uploadedChunks}`;
  }

  private hiddenKey = '';
  private uploadedChunks = 0;

  markStateDirty(): void {
    this.stateDirty = true;
  }

  setGhosting(enabled: boolean): void {
    this.ghosting = enabled;
  }

  /**
   * Draws, or leaves out, the batches of one kind of primitive (display lines, display points), or a 2D
   * drawing's lineweight bands (`weights`).
   */
  setKindShown(kind: ShownKind, shown: boolean): void {
    if (shown) this.hiddenKinds.delete(kind);
    else this.hiddenKinds.add(kind);
  }

  private readonly hiddenKinds = new Set<ShownKind>();

  /** Cuts the model's batches and ghosts with clipping planes (none: an empty list). */
  setClippingPlanes(planes: readonly Plane[]): void {
    this.clippingPlanes = planes.length ? [...planes] : null;
    for (const material of [...this.materials, this.ghostMaterial]) material.clippingPlanes = this.clippingPlanes;
    this.text?.setClippingPlanes(this.clippingPlanes);
    this.tiles?.setClippingPlanes(this.clippingPlanes);
  }

  private clippingPlanes: Plane[] | null = null;

  setSelectionColor(color: number): void {
    this.uniforms.dvSelectionColor.value.setHex(color);
  }

  /** The tone-mapping curve (0 none, 1 filmic, 2 ACES) and the exposure bias in EV, on a 3D model only. */
  setToneMapping(method: number, exposureBias: number): void {
    const is3d = !this.model.is2d();
    this.uniforms.dvToneMapping.value = is3d ? method : 0;
    this.uniforms.dvExposure.value = 2 ** exposureBias;
  }

  /** Draws black as white and white as black (`swapBlackAndWhite`), on a 2D model only. */
  setSwapBlackAndWhite(swap: boolean): void {
    this.uniforms.dvSwapBlackWhite.value = swap && this.model.is2d() ? 1 : 0;
  }

  /** Tints an object's fragments (and its subtree's, when recursive) with rgba 0–1, or clears them (null). */
  setThemingColor(dbId: number, rgba: readonly number[] | null, recursive: boolean): void {
    const fragIds: number[] = [];
    this.model.instanceTree.enumNodeFragments(dbId, (fragId) => void fragIds.push(fragId), recursive);
    this.textures.setThemingColor(fragIds, rgba);
  }

  /** Brings the data textures and shader variants up to date; call once before the passes of a frame. */
  syncState(): void {
    if (this.stateDirty) {
      this.textures.syncState();
      this.hiddenKey = this.hiddenFragmentsKey();
      this.hiddenFragments = this.hiddenKey !== '0:0';
      this.stateDirty = false;
    }
    const transforms = this.textures.syncTransforms();
    if (transforms !== this.transformsOn) {
      this.transformsOn = transforms;
      for (const material of [...this.materials, this.ghostMaterial]) setTransformsEnabled(material, transforms);
    }
    this.uniforms.dvTransformMap.value = this.textures.transforms;
    this.ghostsWanted = this.ghosting && this.hiddenFragments;
  }

  /**
   * Uploads waiting chunks, up to a budget of bytes (shared by the models of a frame); returns what is
   * left of the budget. GL state changes here: the caller resets three.js's state after uploads.
   */
  upload(budget = UPLOAD_BUDGET_BYTES): number {
    for (const draw of this.draws) {
      while (draw.uploads.length && budget > 0) {
        const chunk = draw.uploads.shift()!;
        if (draw.buffers.upload(chunk)) draw.buffers.bind(draw.geometry);
        const bytes = BatchBuffers.bytesOf(chunk);
        budget -= bytes;
        this.uploadedBytes += bytes;
        draw.loadedIndexCount = Math.max(draw.loadedIndexCount, chunk.indexStart + chunk.indices.length);
        this.textures.writeBoxes(chunk.fragIds);
        this.stateDirty = true;
        this.uploadedChunks++;
      }
    }
    return budget;
  }

  /** Bytes of geometry uploaded so far (what the memory limit counts). */
  uploadedBytes = 0;

  /** Whether chunks are waiting for their upload. */
  get hasPendingUploads(): boolean {
    return this.draws.some((d) => d.uploads.length > 0);
  }

  /** Forget what was drawn into the accumulation buffer: the next slices start from the largest objects. */
  resetProgress(): void {
    for (const draw of this.draws) draw.drawn = 0;
    this.transparentDrawn = false;
    this.textDrawn = false;
  }

  /** Shows every batch from its start up to a share of what is loaded (a complete frame at 1), with the ghosts of hidden objects or not. */
  preparePrefix(fraction: number, ghosts = true): number {
    let primitives = 0;
    for (const draw of this.draws) {
      const size = primitiveSize(draw.batch);
      const count = fraction >= 1 ? draw.loadedIndexCount : Math.floor((draw.loadedIndexCount * fraction) / size) * size;
      this.show(draw, 0, count, ghosts && this.ghostsWanted);
      primitives += count / size;
    }
    this.text?.setShown(true);
    this.tiles?.setShown(true);
    return primitives;
  }

  /** Shows the first primitive of each batch (a draw of every batch at almost no cost: shader warm-up). */
  prepareFirstPrimitives(): void {
    for (const draw of this.draws) this.show(draw, 0, Math.min(primitiveSize(draw.batch), draw.loadedIndexCount), false);
    this.text?.setShown(true);
    this.tiles?.setShown(true);
  }

  /**
   * Shows the next slice of the opaque batches, continuing where the last slice stopped, up to a budget of
   * primitives; transparent batches and ghosts wait for the transparent pass. Returns the primitives shown.
   */
  prepareOpaqueSlice(budget: number): number {
    let primitives = 0;
    for (const draw of this.draws) {
      const size = primitiveSize(draw.batch);
      if (draw.batch.transparent) {
        this.show(draw, 0, 0, false);
        continue;
      }
      const left = Math.max(0, budget - primitives) * size;
      const count = Math.min(draw.loadedIndexCount - draw.drawn, left);
      this.show(draw, draw.drawn, count, false);
      draw.pending = count;
      primitives += count / size;
    }
    this.text?.setShown(!this.textDrawn);
    this.tiles?.setShown(!this.textDrawn);
    return primitives;
  }

  /** The slice shown last has been drawn. */
  commitSlice(): void {
    for (const draw of this.draws) {
      draw.drawn += draw.pending;
      draw.pending = 0;
    }
    if (this.text?.isShown || this.tiles) this.textDrawn = true;
  }

  /** Every loaded opaque primitive is in the accumulation buffer. */
  isOpaqueComplete(): boolean {
    return this.draws.every((d) => d.batch.transparent || d.drawn >= d.loadedIndexCount);
  }

  /** Everything loaded is drawn, the blended pass included (and a tiled image's tiles of the view are in). */
  isComplete(): boolean {
    return this.isOpaqueComplete() && this.model.isGeometryLoaded && !this.hasPendingUploads && !this.needsTransparentPass() && !this.tiles?.isLoading;
  }

  /** A complete frame was drawn into the accumulation buffer. */
  markComplete(): void {
    for (const draw of this.draws) draw.drawn = draw.loadedIndexCount;
    this.transparentDrawn = true;
    this.textDrawn = true;
  }

  /** Whether the blended pass (transparent batches and ghosts) still has to be drawn. */
  needsTransparentPass(): boolean {
    return !this.transparentDrawn && this.draws.some((d) => (d.batch.transparent && d.loadedIndexCount > 0) || (this.ghostsWanted && d.ghost !== null && d.loadedIndexCount > 0));
  }

  /** Shows only the blended things: transparent batches whole, and the ghosts of hidden objects. */
  prepareTransparentPass(): void {
    for (const draw of this.draws) {
      if (draw.batch.transparent) this.show(draw, 0, draw.loadedIndexCount, this.ghostsWanted);
      else {
        this.show(draw, 0, this.ghostsWanted ? draw.loadedIndexCount : 0, this.ghostsWanted);
        draw.object.visible = false;
      }
    }
    this.text?.setShown(false);
    this.tiles?.setShown(false);
    this.transparentDrawn = true;
  }

  private show(draw: BatchDraw, start: number, count: number, ghost: boolean): void {
    draw.geometry.setDrawRange(start, count);
    draw.object.visible = count > 0 && !this.hiddenKinds.has(draw.batch.lineWeights ? 'weights' : draw.batch.kind);
    if (draw.ghost) draw.ghost.visible = ghost && count > 0;
  }

  /** Uploads the textures of a textured material once the worker has decoded them. */
  applyTextures(materialIndex: number): void {
    const source = this.model.materials[materialIndex]?.textures;
    if (!source) return;
    for (const draw of this.draws) {
      if (draw.batch.textureMaterial !== materialIndex) continue;
      const material = draw.object.material as MeshStandardMaterial;
      material.map = this.toTexture(source.map);
      material.normalMap = this.toTexture(source.normalMap);
      material.roughnessMap = this.toTexture(source.roughnessMap);
      material.metalnessMap = this.toTexture(source.metalnessMap);
      material.emissiveMap = this.toTexture(source.emissiveMap);
      material.aoMap = this.toTexture(source.aoMap);
      if (source.normalScale) material.normalScale = new Vector2(...source.normalScale);
      material.needsUpdate = true;
    }
  }

  dispose(): void {
    for (const draw of this.draws) {
      draw.unsubscribe();
      draw.geometry.dispose();
      draw.buffers.dispose();
    }
    for (const material of this.materials) material.dispose();
    this.ghostMaterial.dispose();
    for (const texture of this.ownedTextures) texture.dispose();
    this.text?.dispose();
    this.tiles?.dispose();
    this.textures.dispose();
    this.group.clear();
  }

  /** The hidden fragments, as their count and a checksum of their ids ('0:0': none hidden). */
  private hiddenFragmentsKey(): string {
    const flags = this.model.fragments.flags;
    let count = 0;
    let checksum = 0;
    for (let i = 0; i < flags.length; i++) {
      if (!(flags[i] & FragmentFlag.HIDDEN)) continue;
      count++;
      checksum = (checksum + Math.imul(i + 1, 2654435761)) | 0;
    }
    return `${count}:${checksum}`;
  }

  private addBatch(batch: GeometryBatch): void {
    const geometry = new BufferGeometry();
    const buffers = new BatchBuffers(this.renderer.getContext() as WebGL2RenderingContext, batch);
    buffers.bind(geometry);
    geometry.boundingSphere = new Sphere(); // drawables are never frustum culled as a whole
    const material = this.createMaterial(batch);
    this.materials.push(material);
    let object: Mesh | LineSegments | Points;
    if (batch.kind === 'lines') object = new LineSegments(geometry, material);
    else if (batch.kind === 'points') object = new Points(geometry, material);
    else object = new Mesh(geometry, material);
    object.frustumCulled = false;
    object.matrixAutoUpdate = false;
    object.renderOrder = batch.transparent ? 1 : 0;
    this.group.add(object);
    let ghost: Mesh | null = null;
    if (batch.kind === 'triangles') {
      ghost = new Mesh(geometry, this.ghostMaterial);
      ghost.frustumCulled = false;
      ghost.matrixAutoUpdate = false;
      ghost.renderOrder = 2;
      ghost.visible = false;
      this.group.add(ghost);
    }
    const draw: BatchDraw = { batch, geometry, object, ghost, buffers, uploads: [], loadedIndexCount: 0, drawn: 0, pending: 0, unsubscribe: () => {} };
    draw.unsubscribe = batch.onAppend((chunk) => draw.uploads.push(chunk));
    this.draws.push(draw);
  }

  private createMaterial(batch: GeometryBatch): Material {
    let material: Material;
    const textured = batch.textureMaterial >= 0;
    if (batch.kind === 'lines') material = new LineBasicMaterial();
    else if (batch.kind === 'points') material = new PointsMaterial({ size: 3, sizeAttenuation: false });
    else {
      const source = textured ? this.model.materials[batch.textureMaterial] : undefined;
      material = new MeshStandardMaterial({
        side: batch.doubleSided ? DoubleSide : FrontSide,
        color: source ? new Color().setRGB(...source.color, SRGBColorSpace) : 0xffffff,
        metalness: source?.metalness ?? 0,
        roughness: source?.roughness ?? 0.6,
        opacity: source?.opacity ?? 1,
        emissive: source ? new Color().setRGB(...source.emissive, SRGBColorSpace) : 0,
      });
    }
    material.transparent = batch.transparent;
    if (batch.transparent) material.depthWrite = false;
    else if (batch.blended) blendInPlace(material);
    patchBatchMaterial(material, this.uniforms, { materialTable: !textured, vertexColors: batch.hasColors });
    material.clippingPlanes = this.clippingPlanes;
    if (!textured && this.textures.hasEmissive) (material.defines ??= {}).DV_EMISSIVE = '';
    // A sheet's fills and images show their own colours, as on paper (pdf.js, a CAD plot): unlit.
    if (this.model.is2d() && batch.kind !== 'lines' && batch.kind !== 'points') (material.defines ??= {}).DV_UNLIT = '';
    return material;
  }

  private toTexture(source: TextureImage | undefined): Texture | null {
    if (!source) return null;
    const texture = new Texture(source.image);
    texture.wrapS = source.wrapS as Texture['wrapS'];
    texture.wrapT = source.wrapT as Texture['wrapT'];
    texture.magFilter = source.magFilter as Texture['magFilter'];
    texture.minFilter = source.minFilter as Texture['minFilter'];
    texture.flipY = source.flipY;
    texture.colorSpace = source.colorSpace === 'srgb' ? 'srgb' : '';
    texture.offset.set(...source.offset);
    texture.repeat.set(...source.repeat);
    texture.rotation = source.rotation;
    texture.channel = source.channel;
    texture.needsUpdate = true;
    this.ownedTextures.push(texture);
    return texture;
  }
}

/**
 * Alpha blending without the transparent pass (three.js blends a material marked transparent only, and sorts
 * it after every opaque one): the batch keeps its place in the draw order. Colour blends by its alpha; the
 * target's alpha gathers coverage.
 */
function blendInPlace(material: Material): void {
  material.blending = CustomBlending;
  material.blendSrc = SrcAlphaFactor;
  material.blendDst = OneMinusSrcAlphaFactor;
  material.blendSrcAlpha = OneFactor;
  material.blendDstAlpha = OneMinusSrcAlphaFactor;
}

function primitiveSize(batch: GeometryBatch): number {
  return batch.kind === 'triangles' ? 3 : batch.kind === 'lines' ? 2 : 1;
}

