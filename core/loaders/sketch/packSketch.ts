import { Box3, Vector3 } from 'three';
import type { FragmentListData } from '../../model/FragmentList.js';
import type { BatchPlan, GeometryChunk } from '../../model/GeometryBatch.js';
import type { ModelMaterial } from '../../model/ModelMaterial.js';
import { GeometryPacker } from '../GeometryPacker.js';
import type { ModelPlacement } from '../ModelPlacement.js';
import type { Sketch, SketchKind } from './Sketch.js';

/** What packSketch reads of a sketch: a sketch drawn elsewhere (SVG, drawn on the page) arrives as plain data. */
export type SketchData = Pick<Sketch, 'pieces' | 'min' | 'max'>;

/** The packed drawing: fragments, batches (one per kind drawn), a material per colour, and the chunks. */
export interface PackedDrawing {
  fragments: FragmentListData;
  batches: BatchPlan[];
  materials: ModelMaterial[];
  chunks: GeometryChunk[];
  bounds: number[];
}

const KINDS: SketchKind[] = ['lines', 'triangles', 'points'];

/**
 * Puts a sketch into the batches: a fragment per piece (object × kind × colour), a batch per kind, a
 * material per colour, so draw calls grow with kinds and colours, never with entities. Coordinates go
 * through the placement (the drawing's centre becomes the global offset, unless the load gave one).
 */
export function packSketch(sketch: SketchData, placement: ModelPlacement): PackedDrawing {
  const pieces = sketch.pieces.filter((piece) => piece.positions.length > 0);
  const fileBox = new Box3(new Vector3(sketch.min.x, sketch.min.y, 0), new Vector3(sketch.max.x, sketch.max.y, 0));
  const m = placement.resolve(fileBox.isEmpty() ? null : fileBox).elements;
  const kinds = KINDS.filter((kind) => pieces.some((piece) => piece.kind === kind));
  const plans: BatchPlan[] = kinds.map((kind) => ({ kind, transparent: false, doubleSided: true, textureMaterial: -1, hasUvs: false, vertexCount: 0, indexCount: 0 }));
  const materials: ModelMaterial[] = [];
  const materialOf = new Map<number, number>();
  const count = pieces.length;
  const fragments: FragmentListData = { dbIds: new Int32Array(count), materialIds: new Int32Array(count), batchIds: new Uint16Array(count), boxes: new Float32Array(count * 6) };
  const chunks: GeometryChunk[] = [];
  const packer = new GeometryPacker(plans, (chunk) => chunks.push(chunk));
  const bounds = new Box3();
  pieces.forEach((piece) => {
    const batch = kinds.indexOf(piece.kind);
    const vertexCount = piece.positions.length / 3;
    plans[batch].vertexCount += vertexCount;
    plans[batch].indexCount += vertexCount;
  });
  pieces.forEach((piece, fragId) => {
    let material = materialOf.get(piece.rgb);
    if (material === undefined) {
      material = materials.push({ name: `2D #${piece.rgb.toString(16).padStart(6, '0')}`, color: rgbComponents(piece.rgb), opacity: 1, metalness: 0, roughness: 1, emissive: [0, 0, 0], doubleSided: true }) - 1;
      materialOf.set(piece.rgb, material);
    }
    const positions = new Float32Array(piece.positions.length);
    for (let i = 0; i < positions.length; i += 3) {
      const x = piece.positions[i];
      const y = piece.positions[i + 1];
      positions[i] = m[0] * x + m[4] * y + m[12];
      positions[i + 1] = m[1] * x + m[5] * y + m[13];
      positions[i + 2] = m[2] * x + m[6] * y + m[14];
    }
    const box = new Box3().setFromArray(positions);
    box.min.toArray(fragments.boxes, fragId * 6);
    box.max.toArray(fragments.boxes, fragId * 6 + 3);
    bounds.union(box);
    fragments.dbIds[fragId] = piece.dbId;
    fragments.materialIds[fragId] = material;
    fragments.batchIds[fragId] = kinds.indexOf(piece.kind);
    packer.add({ fragId, batch: fragments.batchIds[fragId], positions, normals: null, uvs: null, indices: null });
  });
  packer.flush();
  return { fragments, batches: plans, materials, chunks, bounds: bounds.isEmpty() ? [] : [...bounds.min.toArray(), ...bounds.max.toArray()] };
}

/** 0xRRGGBB → [r, g, b] in 0..1. */
export function rgbComponents(rgb: number): [number, number, number] {
  return [((rgb >> 16) & 255) / 255, ((rgb >> 8) & 255) / 255, (rgb & 255) / 255];
}
