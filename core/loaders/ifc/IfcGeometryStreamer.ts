import { Box3, Matrix4, Vector3 } from 'three';
import type { IfcAPI, PlacedGeometry } from 'web-ifc';
import type { FragmentListData } from '../../model/FragmentList.js';
import type { BatchPlan, GeometryChunk } from '../../model/GeometryBatch.js';
import type { ModelMaterial } from '../../model/ModelMaterial.js';
import { GeometryPacker } from '../GeometryPacker.js';
import type { ModelPlacement } from '../ModelPlacement.js';

/** Below this alpha a colour is drawn in the transparent batch. */
const OPAQUE_ALPHA = 0.999;
const OPAQUE_BATCH = 0;
const TRANSPARENT_BATCH = 1;

export interface IfcGeometryOptions {
  /** Let web-ifc scale to meters (true) or keep the file's length unit (false). */
  scaleToMeters: boolean;
  /** dbId of the element an IFC mesh belongs to (added to the tree when no relationship placed it). */
  dbIdOf(expressId: number): number;
  /** Where the coordinates go (model space: the global offset subtracted, in doubles). */
  placement: ModelPlacement;
  onProgress(percent: number): void;
}

/** Everything the header and the chunks need, known once web-ifc has generated every mesh. */
export interface IfcGeometry {
  fragments: FragmentListData;
  batches: BatchPlan[];
  materials: ModelMaterial[];
  /** Packed geometry, in order, to send after the header. */
  chunks: GeometryChunk[];
  /** min xyz, max xyz in model space; [] when the file has no geometry. */
  bounds: number[];
}

/**
 * Streams web-ifc's meshes into the packer: one fragment per placed geometry (an element with a frame
 * and a glass pane has two, with their own colours), placed by its world transform in the file's own
 * Z-up axes (web-ifc hands out Y-up; that rotation is undone here), coloured and, below alpha 1, put in
 * the transparent batch.
 *
 * Why the chunks wait for the header: an IFC file says nothing of its triangles until web-ifc has
 * generated them, and the header must carry every fragment (the FragmentList is fixed-size). web-ifc
 * drops each mesh once the callback returns, so a second pass would generate everything twice. The
 * geometry is therefore packed as it is generated — 12 bytes a vertex and 4 an index, the form the
 * batches keep — and sent right after the header, so the main thread allocates every batch once, at its
 * exact size, instead of growing (and re-uploading) it, and the worker never holds web-ifc's float data
 * for more than one element.
 */
export function streamIfcGeometry(api: IfcAPI, modelId: number, options: IfcGeometryOptions): IfcGeometry {
  // Double-sided: IFC breps (terrain, roofs, faceted shells) often mix windings.
  const plans: (BatchPlan & { doubleSided: boolean })[] = [
    { kind: 'triangles', transparent: false, doubleSided: true, textureMaterial: -1, hasUvs: false, vertexCount: 0, indexCount: 0 },
    { kind: 'triangles', transparent: true, doubleSided: true, textureMaterial: -1, hasUvs: false, vertexCount: 0, indexCount: 0 },
  ];
  const chunks: GeometryChunk[] = [];
  const packer = new GeometryPacker(plans, (chunk) => chunks.push(chunk));
  const dbIds: number[] = [];
  const materialIds: number[] = [];
  const batchIds: number[] = [];
  const materials: ModelMaterial[] = [];
  const materialIndex = new Map<string, number>();
  const placement = options.placement;
  const ifcMatrix = new Matrix4();
  const modelMatrix = new Matrix4();
  let lastProgress = -1;

  const place = (placed: PlacedGeometry, dbId: number) => {
    const geometry = api.GetGeometry(modelId, placed.geometryExpressID);
    const vertexData = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
    const indices = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
    geometry.delete();
    if (vertexData.length < 18 || indices.length < 3) return;
    zUpMatrix(placed.flatTransformation, ifcMatrix);
    if (!placement.isResolved) placement.resolve(new Box3().expandByPoint(new Vector3(vertexData[0], vertexData[1], vertexData[2]).applyMatrix4(ifcMatrix)));
    const { positions, normals, mirrored } = transform(vertexData, placement.place(ifcMatrix, modelMatrix).elements);
    if (mirrored) flipWinding(indices);
    const { x: r, y: g, z: b, w: a } = placed.color;
    const batch = a < OPAQUE_ALPHA ? TRANSPARENT_BATCH : OPAQUE_BATCH;
    const key = `${r.toFixed(3)},${g.toFixed(3)},${b.toFixed(3)},${a.toFixed(3)}`;
    let material = materialIndex.get(key);
    if (material === undefined) {
      material = materials.length;
      materialIndex.set(key, material);
      materials.push({ name: `IFC ${key}`, color: [r, g, b], opacity: batch === TRANSPARENT_BATCH ? a : 1, metalness: 0, roughness: 0.7, emissive: [0, 0, 0], doubleSided: true });
    }
    const fragId = dbIds.length;
    dbIds.push(dbId);
    materialIds.push(material);
    batchIds.push(batch);
    plans[batch].vertexCount += positions.length / 3;
    plans[batch].indexCount += indices.length;
    packer.add({ fragId, batch, positions, normals, uvs: null, indices });
  };

  api.StreamAllMeshes(
    modelId,
    (mesh, index, total) => {
      const dbId = options.dbIdOf(mesh.expressID);
      const placedGeometries = mesh.geometries;
      for (let i = 0; i < placedGeometries.size(); i++) place(placedGeometries.get(i), dbId);
      const percent = Math.floor((100 * (index + 1)) / Math.max(1, total));
      if (percent !== lastProgress) options.onProgress((lastProgress = percent));
    },
    options.scaleToMeters,
  );
  packer.flush();

  const count = dbIds.length;
  const bounds = new Box3();
  for (const chunk of chunks) unionBoxes(bounds, chunk.boxes);
  // The box's centre becomes the offset, unless the load asked for one.
  const shift = placement.recentre(bounds);
  const boxes = new Float32Array(count * 6);
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.fragIds.length; i++) {
      for (let k = 0; k < 6; k++) chunk.boxes[i * 6 + k] -= shift.getComponent(k % 3);
      boxes.set(chunk.boxes.subarray(i * 6, i * 6 + 6), chunk.fragIds[i] * 6);
    }
  }
  bounds.translate(shift.negate());
  if (plans[TRANSPARENT_BATCH].vertexCount === 0) plans.pop();
  return {
    fragments: { dbIds: Int32Array.from(dbIds), materialIds: Int32Array.from(materialIds), batchIds: Uint16Array.from(batchIds), boxes },
    batches: plans,
    materials,
    chunks,
    bounds: count && !bounds.isEmpty() ? [...bounds.min.toArray(), ...bounds.max.toArray()] : [],
  };
}

/**
 * web-ifc's placement (column-major 4x4, Y-up: it maps IFC's (x, y, z) to (x, z, -y)) in IFC's own Z-up
 * axes.
 */
function zUpMatrix(m: ArrayLike<number>, target: Matrix4): Matrix4 {
  return target.set(m[0], m[4], m[8], m[12], -m[2], -m[6], -m[10], -m[14], m[1], m[5], m[9], m[13], 0, 0, 0, 1);
}

function unionBoxes(target: Box3, boxes: Float32Array): void {
  for (let o = 0; o < boxes.length; o += 6) {
    target.expandByPoint(POINT.set(boxes[o], boxes[o + 1], boxes[o + 2]));
    target.expandByPoint(POINT.set(boxes[o + 3], boxes[o + 4], boxes[o + 5]));
  }
}

const POINT = new Vector3();

/** Positions in model space and normals by the inverse transpose, from x y z nx ny nz (m: column-major 4×4). */
function transform(vertexData: Float32Array, m: number[]) {
  const n = vertexData.length / 6;
  const positions = new Float32Array(n * 3);
  const normals = new Float32Array(n * 3);
  const [a, d, g, , b, e, h, , c, f, i, , tx, ty, tz] = m;
  // Cofactors of the 3x3 part: the inverse transpose up to 1/det, whose sign keeps normals outward.
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  const s = det < 0 ? -1 : 1;
  const n00 = s * (e * i - f * h), n01 = s * (f * g - d * i), n02 = s * (d * h - e * g);
  const n10 = s * (c * h - b * i), n11 = s * (a * i - c * g), n12 = s * (b * g - a * h);
  const n20 = s * (b * f - c * e), n21 = s * (c * d - a * f), n22 = s * (a * e - b * d);
  const ox = tx, oy = ty, oz = tz;
  for (let v = 0, o = 0, p = 0; v < n; v++, o += 6, p += 3) {
    const x = vertexData[o], y = vertexData[o + 1], z = vertexData[o + 2];
    positions[p] = a * x + b * y + c * z + ox;
    positions[p + 1] = d * x + e * y + f * z + oy;
    positions[p + 2] = g * x + h * y + i * z + oz;
    const nx = vertexData[o + 3], ny = vertexData[o + 4], nz = vertexData[o + 5];
    const wx = n00 * nx + n01 * ny + n02 * nz;
    const wy = n10 * nx + n11 * ny + n12 * nz;
    const wz = n20 * nx + n21 * ny + n22 * nz;
    const length = Math.hypot(wx, wy, wz) || 1;
    normals[p] = wx / length;
    normals[p + 1] = wy / length;
    normals[p + 2] = wz / length;
  }
  return { positions, normals, mirrored: det < 0 };
}

function flipWinding(indices: Uint32Array): void {
  for (let k = 0; k + 2 < indices.length; k += 3) {
    const t = indices[k + 1];
    indices[k + 1] = indices[k + 2];
    indices[k + 2] = t;
  }
}
