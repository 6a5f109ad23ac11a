import { Box3, ClampToEdgeWrapping, LinearFilter, LinearMipmapLinearFilter } from 'three';
import type { FragmentListData } from '../../model/FragmentList.js';
import type { BatchPlan, GeometryChunk } from '../../model/GeometryBatch.js';
import type { MaterialTextures, ModelMaterial } from '../../model/ModelMaterial.js';
import { GeometryPacker } from '../GeometryPacker.js';
import type { ModelPlacement } from '../ModelPlacement.js';
import { type PackedDrawing, rgbComponents } from './packSketch.js';
import type { SheetPaint } from './SheetPaint.js';

/** A textured material's picture, to send once the header is out (the bitmaps transferred once each). */
export interface PaintTextures {
  material: number;
  textures: MaterialTextures;
  transfer: Transferable[];
}

/**
 * Adds a sheet's images and shadings (a PDF page's, a DXF's IMAGEs) to its packed vector drawing, in the draw
 * order the file gives them as far as the batches allow: the renderer draws a model's opaque batches in order, so the paints under all the vector
 * work come first, then the sketch's fills, then the paints over fills, then the sketch's lineweight bands,
 * lines and points. Each image is a batch of its own (its picture a texture: mipmapped, linear filtering, so it
 * stays smooth zoomed out), blended in place (transparent pixels, masks); consecutive shadings share a batch
 * with vertex colours. Each paint is one fragment of its object, so it hides, selects, ghosts, themes and picks
 * as any fill does. Positions go through the placement packSketch resolved.
 */
export function packPaints(packed: PackedDrawing, paints: readonly SheetPaint[], placement: ModelPlacement): { packed: PackedDrawing; textures: PaintTextures[] } {
  if (paints.length === 0) return { packed, textures: [] };
  const m = placement.resolve(null).elements;
  const fills = packed.batches.findIndex((plan) => plan.kind === 'triangles' && !plan.lineWeights);
  const under = paints.filter((paint) => !paint.overFills || fills < 0);
  const over = fills < 0 ? [] : paints.filter((paint) => paint.overFills);

  // The paints' batches: one per image, one per run of shadings.
  const plans: BatchPlan[] = [];
  const materials: ModelMaterial[] = [...packed.materials];
  const textures: PaintTextures[] = [];
  const batchOf = new Map<SheetPaint, number>();
  const materialOf = new Map<SheetPaint, number>();
  let shadingMaterial = -1;
  const planGroup = (group: readonly SheetPaint[]) => {
    const start = plans.length;
    let previous: SheetPaint | null = null;
    for (const paint of group) {
      const vertices = paint.positions.length / 2;
      if (paint.kind === 'shading') {
        if (shadingMaterial < 0) shadingMaterial = materials.push(paintMaterial('shading', 0xffffff)) - 1;
        if (previous?.kind !== 'shading') plans.push({ kind: 'triangles', transparent: false, doubleSided: true, textureMaterial: -1, hasUvs: false, hasColors: true, vertexCount: 0, indexCount: 0 });
        materialOf.set(paint, shadingMaterial);
      } else {
        const material = materials.push(paintMaterial(`image ${textures.length + 1}`, paint.rgb ?? 0xffffff)) - 1;
        plans.push({ kind: 'triangles', transparent: false, doubleSided: true, textureMaterial: material, hasUvs: true, blended: true, vertexCount: 0, indexCount: 0 });
        textures.push({ material, textures: { map: pictureOf(paint.image!.bitmap) }, transfer: [] });
        materialOf.set(paint, material);
      }
      const plan = plans[plans.length - 1];
      plan.vertexCount += vertices;
      plan.indexCount += vertices;
      batchOf.set(paint, plans.length - 1);
      previous = paint;
    }
    return plans.length - start;
  };
  const underCount = planGroup(under);
  const overCount = planGroup(over);

  // Where each batch goes: the under paints first, the over paints after the sketch's fills.
  const sketchBatch = (i: number) => underCount + i + (fills >= 0 && i > fills ? overCount : 0);
  const paintBatch = (i: number) => (i < underCount ? i : sketchBatch(fills) + 1 + (i - underCount));
  const batches: BatchPlan[] = new Array<BatchPlan>(packed.batches.length + plans.length);
  packed.batches.forEach((plan, i) => (batches[sketchBatch(i)] = plan));
  plans.forEach((plan, i) => (batches[paintBatch(i)] = plan));
  const chunks: GeometryChunk[] = packed.chunks.map((chunk) => ({ ...chunk, batch: sketchBatch(chunk.batch) }));

  // A fragment per paint, after the sketch's.
  const first = packed.fragments.dbIds.length;
  const count = first + paints.length;
  const fragments: FragmentListData = {
    dbIds: grown(packed.fragments.dbIds, count),
    materialIds: grown(packed.fragments.materialIds, count),
    batchIds: grown(packed.fragments.batchIds, count),
    boxes: grown(packed.fragments.boxes, count * 6),
  };
  for (let i = 0; i < first; i++) fragments.batchIds[i] = sketchBatch(fragments.batchIds[i]);
  const packer = new GeometryPacker(batches, (chunk) => chunks.push(chunk));
  const bounds = new Box3();
  if (packed.bounds.length === 6) bounds.setFromArray(packed.bounds);
  const order = new Map(paints.map((paint, i) => [paint, i]));
  [...under, ...over].forEach((paint) => {
    const fragId = first + order.get(paint)!;
    const flat = paint.positions;
    const positions = new Float32Array((flat.length / 2) * 3);
    for (let i = 0, o = 0; i < flat.length; i += 2, o += 3) {
      positions[o] = m[0] * flat[i] + m[4] * flat[i + 1] + m[12];
      positions[o + 1] = m[1] * flat[i] + m[5] * flat[i + 1] + m[13];
      positions[o + 2] = m[2] * flat[i] + m[6] * flat[i + 1] + m[14];
    }
    const box = new Box3().setFromArray(positions);
    box.min.toArray(fragments.boxes, fragId * 6);
    box.max.toArray(fragments.boxes, fragId * 6 + 3);
    bounds.union(box);
    const batch = paintBatch(batchOf.get(paint)!);
    fragments.dbIds[fragId] = paint.dbId;
    fragments.materialIds[fragId] = materialOf.get(paint)!;
    fragments.batchIds[fragId] = batch;
    packer.add({ fragId, batch, positions, normals: null, uvs: paint.uvs ? Float32Array.from(paint.uvs) : null, colors: paint.colors ? Float32Array.from(paint.colors) : null, indices: null });
    // The sheet's copy goes once packed.
    paint.positions = [];
  });
  packer.flush();
  // A picture several images show (an image painted twice) is copied to all but the last, transferred to that one.
  const lastUse = new Map<ImageBitmap, PaintTextures>();
  for (const entry of textures) lastUse.set(entry.textures.map!.image, entry);
  for (const [bitmap, entry] of lastUse) entry.transfer.push(bitmap);
  return {
    packed: { ...packed, fragments, batches, materials, chunks, bounds: bounds.isEmpty() ? [] : [...bounds.min.toArray(), ...bounds.max.toArray()] },
    textures,
  };
}

function paintMaterial(name: string, rgb: number): ModelMaterial {
  return { name, color: rgbComponents(rgb), opacity: 1, metalness: 0, roughness: 1, emissive: [0, 0, 0], doubleSided: true };
}

function pictureOf(bitmap: ImageBitmap): MaterialTextures['map'] & object {
  return {
    image: bitmap,
    wrapS: ClampToEdgeWrapping,
    wrapT: ClampToEdgeWrapping,
    magFilter: LinearFilter,
    minFilter: LinearMipmapLinearFilter,
    // The bitmap's top row is v = 0 (WebGL does not flip bitmaps).
    flipY: false,
    colorSpace: 'srgb',
    offset: [0, 0],
    repeat: [1, 1],
    rotation: 0,
    channel: 0,
  };
}

function grown<T extends Int32Array | Uint16Array | Float32Array>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array);
  return next;
}
