import { Box3, Vector3 } from 'three';
import type { FragmentListData } from '../../model/FragmentList.js';
import type { BatchPlan, GeometryChunk } from '../../model/GeometryBatch.js';
import type { ModelMaterial } from '../../model/ModelMaterial.js';
import { GeometryPacker } from '../GeometryPacker.js';
import type { ModelPlacement } from '../ModelPlacement.js';
import { estimatedTextBox, type Sketch, type SketchKind, type SketchText } from './Sketch.js';

/** What packSketch reads of a sketch: a sketch drawn elsewhere (SVG, drawn on the page) arrives as plain data. */
export type SketchData = Pick<Sketch, 'pieces' | 'min' | 'max'> & { texts?: readonly SketchText[] };

/** The packed drawing: fragments, batches (one per kind drawn), a material per colour, and the chunks. */
export interface PackedDrawing {
  fragments: FragmentListData;
  batches: BatchPlan[];
  materials: ModelMaterial[];
  chunks: GeometryChunk[];
  bounds: number[];
  /** The text runs, in model space, each with a fragment of its object (for its state: hidden, selected, themed). */
  texts: PackedText[];
}

/** A text run in model space (z = `z`), ready for the text renderer. */
export interface PackedText extends Omit<SketchText, 'matrix'> {
  /** A fragment of the run's object: the text shows, hides and colours with it. */
  fragId: number;
  /** Text frame → model space: a, b, c, d, e, f as in Affine2. */
  matrix: [number, number, number, number, number, number];
  z: number;
}

/**
 * The batches in drawing order: fills first, then the lineweights' bands, then lines and points over them
 * (an outline, a hatch's boundary, an SVG stroke shows on its fill). The renderer draws a model's opaque batches in the order
 * their materials were made, which is this one; at equal depth the later wins.
 */
const KINDS: readonly SketchKind[] = ['triangles', 'weights', 'lines', 'points'];

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
  // Text whose object has no geometry gets a fragment of its own, with no geometry: the text renderer reads its state.
  const withPieces = new Set(pieces.map((piece) => piece.dbId));
  const sketchTexts = sketch.texts ?? [];
  const textOnly = [...new Set(sketchTexts.map((text) => text.dbId).filter((dbId) => !withPieces.has(dbId)))];
  if (textOnly.length && kinds.length === 0) kinds.push('lines');
  const plans: BatchPlan[] = kinds.map((kind) => ({
    kind: kind === 'weights' ? 'triangles' : kind,
    ...(kind === 'weights' ? { lineWeights: true } : {}),
    transparent: false,
    doubleSided: true,
    textureMaterial: -1,
    hasUvs: false,
    vertexCount: 0,
    indexCount: 0,
  }));
  const materials: ModelMaterial[] = [];
  const materialOf = new Map<number, number>();
  const count = pieces.length + textOnly.length;
  const fragments: FragmentListData = { dbIds: new Int32Array(count), materialIds: new Int32Array(count), batchIds: new Uint16Array(count), boxes: new Float32Array(count * 6) };
  const chunks: GeometryChunk[] = [];
  const packer = new GeometryPacker(plans, (chunk) => chunks.push(chunk));
  const bounds = new Box3();
  pieces.forEach((piece) => {
    const batch = kinds.indexOf(piece.kind);
    const vertexCount = piece.positions.length / 2;
    plans[batch].vertexCount += vertexCount;
    plans[batch].indexCount += vertexCount;
  });
  const materialFor = (rgb: number) => {
    let material = materialOf.get(rgb);
    if (material === undefined) {
      material = materials.push({ name: `2D #${rgb.toString(16).padStart(6, '0')}`, color: rgbComponents(rgb), opacity: 1, metalness: 0, roughness: 1, emissive: [0, 0, 0], doubleSided: true }) - 1;
      materialOf.set(rgb, material);
    }
    return material;
  };
  const fragOf = new Map<number, number>();
  pieces.forEach((piece, fragId) => {
    const material = materialFor(piece.rgb);
    if (!fragOf.has(piece.dbId)) fragOf.set(piece.dbId, fragId);
    const flat = piece.positions;
    const positions = new Float32Array((flat.length / 2) * 3);
    for (let i = 0, o = 0; i < flat.length; i += 2, o += 3) {
      const x = flat[i];
      const y = flat[i + 1];
      positions[o] = m[0] * x + m[4] * y + m[12];
      positions[o + 1] = m[1] * x + m[5] * y + m[13];
      positions[o + 2] = m[2] * x + m[6] * y + m[14];
    }
    // The sketch's copy goes as soon as it is packed: a million-entity sheet holds gigabytes of them.
    piece.positions = [];
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
  const texts = sketchTexts.map((text): PackedText => {
    const [a, b, c, d, e, f] = text.matrix;
    const matrix: PackedText['matrix'] = [m[0] * a + m[4] * b, m[1] * a + m[5] * b, m[0] * c + m[4] * d, m[1] * c + m[5] * d, m[0] * e + m[4] * f + m[12], m[1] * e + m[5] * f + m[13]];
    return { ...text, matrix, z: m[2] * e + m[6] * f + m[14], fragId: fragOf.get(text.dbId) ?? -1 };
  });
  const textBoxes = new Map<number, Box3>();
  const firstText = new Map<number, PackedText>();
  for (const text of texts) {
    if (!firstText.has(text.dbId)) firstText.set(text.dbId, text);
    const box = new Box3();
    for (const p of estimatedTextBox(text)) box.expandByPoint(new Vector3(text.matrix[0] * p.x + text.matrix[2] * p.y + text.matrix[4], text.matrix[1] * p.x + text.matrix[3] * p.y + text.matrix[5], text.z));
    bounds.union(box);
    const own = textBoxes.get(text.dbId);
    if (own) own.union(box);
    else textBoxes.set(text.dbId, box);
  }
  textOnly.forEach((dbId, i) => {
    const fragId = pieces.length + i;
    const first = firstText.get(dbId)!;
    textBoxes.get(dbId)!.min.toArray(fragments.boxes, fragId * 6);
    textBoxes.get(dbId)!.max.toArray(fragments.boxes, fragId * 6 + 3);
    fragments.dbIds[fragId] = dbId;
    fragments.materialIds[fragId] = materialFor(first.rgb);
    fragments.batchIds[fragId] = 0;
    fragOf.set(dbId, fragId);
  });
  for (const text of texts) if (text.fragId < 0) text.fragId = fragOf.get(text.dbId)!;
  return { fragments, batches: plans, materials, chunks, bounds: bounds.isEmpty() ? [] : [...bounds.min.toArray(), ...bounds.max.toArray()], texts };
}

/** 0xRRGGBB → [r, g, b] in 0..1. */
export function rgbComponents(rgb: number): [number, number, number] {
  return [((rgb >> 16) & 255) / 255, ((rgb >> 8) & 255) / 255, (rgb & 255) / 255];
}
