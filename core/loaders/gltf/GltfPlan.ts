import { Box3, Matrix4, Quaternion, Vector3 } from 'three';
import type { BatchPlan, PrimitiveKind } from '../../model/GeometryBatch.js';
import type { ModelPlacement } from '../ModelPlacement.js';
import { denormalizer, type GltfAccessor } from './GltfAccessorReader.js';

/** The parts of a glTF document the planner reads (glTF 2.0 JSON). */
export interface GltfJson {
  asset?: { version?: string; generator?: string; copyright?: string };
  scene?: number;
  scenes?: { name?: string; nodes?: number[]; extras?: unknown }[];
  nodes?: GltfNode[];
  meshes?: { name?: string; primitives: GltfPrimitive[]; extras?: unknown }[];
  materials?: GltfMaterial[];
  accessors?: GltfAccessor[];
  bufferViews?: { buffer: number; byteOffset?: number; byteLength: number; byteStride?: number; extensions?: Record<string, unknown> }[];
  buffers?: { uri?: string; byteLength: number }[];
  cameras?: { name?: string; type: string; perspective?: { yfov: number }; orthographic?: { ymag: number } }[];
}

export interface GltfNode {
  name?: string;
  children?: number[];
  mesh?: number;
  camera?: number;
  matrix?: number[];
  translation?: number[];
  rotation?: number[];
  scale?: number[];
  extras?: unknown;
}

export interface GltfPrimitive {
  attributes: Record<string, number>;
  indices?: number;
  material?: number;
  mode?: number;
}

export interface GltfMaterial {
  name?: string;
  alphaMode?: string;
  doubleSided?: boolean;
  emissiveFactor?: number[];
  normalTexture?: unknown;
  emissiveTexture?: unknown;
  occlusionTexture?: unknown;
  pbrMetallicRoughness?: {
    baseColorFactor?: number[];
    baseColorTexture?: unknown;
    metallicFactor?: number;
    roughnessFactor?: number;
    metallicRoughnessTexture?: unknown;
  };
  extensions?: Record<string, unknown>;
}

/** One planned fragment: a primitive of a mesh placed by a node. */
export interface PlannedFragment {
  nodeIndex: number;
  dbId: number;
  meshIndex: number;
  primitiveIndex: number;
  material: number;
  /** glTF primitive mode (4 triangles, 5 strip, 6 fan, 1 lines, 2 loop, 3 line strip, 0 points). */
  mode: number;
  kind: PrimitiveKind;
  batch: number;
  vertexCount: number;
  indexCount: number;
}

export interface GltfPlan {
  rootId: number;
  parents: Int32Array;
  names: (string | null)[];
  /** Matrix of each node in the default scene, into model space (undefined for nodes outside it). */
  worldMatrices: (Matrix4 | undefined)[];
  /** Fragments in fragId order: the largest first. */
  fragments: PlannedFragment[];
  /** Model-space box of each fragment (min xyz, max xyz, by fragId; inverted when unknown). The header takes it over. */
  boxes: Float32Array;
  batches: BatchPlan[];
  /** Index of the material used where a primitive names none. */
  defaultMaterial: number;
  /** The boxes' union, in model space. */
  bounds: Box3;
}

/** glTF node index → dbId: dbId 1 is the model's root, nodes follow (dbId 0 is never an object). */
export const ROOT_DB_ID = 1;
export const dbIdOfNode = (nodeIndex: number): number => nodeIndex + 2;

/**
 * Reads the structure of a glTF document without touching its geometry: the node tree of the default
 * scene, world matrices, and one fragment per placed primitive with its batch, counts and box (from the
 * POSITION accessor's min/max, which glTF requires). Fragments are ordered largest first. Everything is
 * worked out in the file's coordinates, in doubles, then carried into model space by `placement` (its
 * offset: the one asked for, else the centre of the file's box).
 */
export function planGltf(json: GltfJson, rootName: string, placement: ModelPlacement): GltfPlan {
  const nodes = json.nodes ?? [];
  const parents = new Int32Array(nodes.length + 2);
  const names: (string | null)[] = new Array(nodes.length + 2).fill(null);
  const sceneIndex = json.scene ?? 0;
  const scene = json.scenes?.[sceneIndex];
  names[ROOT_DB_ID] = rootName;
  const worldMatrices: (Matrix4 | undefined)[] = new Array(nodes.length);

  const roots = scene?.nodes ?? nodes.map((_, i) => i).filter((i) => !nodes.some((n) => n.children?.includes(i)));
  // Depth first, in document order: a stack of nodes and one of their parents (NO_PARENT for a root).
  const stack = roots.slice().reverse();
  const parentNodes: number[] = new Array(stack.length).fill(NO_PARENT);
  const identity = new Matrix4();
  const order: number[] = [];
  while (stack.length) {
    const nodeIndex = stack.pop()!;
    const parentNode = parentNodes.pop()!;
    const node = nodes[nodeIndex];
    if (!node || worldMatrices[nodeIndex]) continue; // missing, or visited (a cycle or shared child)
    const root = parentNode === NO_PARENT;
    worldMatrices[nodeIndex] = worldMatrixOf(root ? identity : worldMatrices[parentNode]!, node);
    const dbId = dbIdOfNode(nodeIndex);
    parents[dbId] = root ? ROOT_DB_ID : dbIdOfNode(parentNode);
    names[dbId] = node.name ?? null;
    order.push(nodeIndex);
    const children = node.children;
    if (!children) continue;
    for (let c = children.length - 1; c >= 0; c--) {
      stack.push(children[c]);
      parentNodes.push(nodeIndex);
    }
  }

  const materials = json.materials ?? [];
  const accessors = json.accessors ?? [];
  const defaultMaterial = materials.length;
  // What of a material decides a primitive's batch, worked out once per material (the default last).
  const traits = Array.from({ length: materials.length + 1 }, (_, m) => traitsOf(materials[m]));
  const batchKeys = new Map<number, number>();
  const batches: BatchPlan[] = [];
  const planned: PlannedFragment[] = [];
  // Boxes and sizes in planning order, six floats each; sorted by size below.
  const plannedBoxes: number[] = [];
  const sizes: number[] = [];
  const bounds = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];

  for (const nodeIndex of order) {
    const node = nodes[nodeIndex];
    if (node.mesh === undefined) continue;
    const mesh = json.meshes?.[node.mesh];
    if (!mesh) continue;
    const world = worldMatrices[nodeIndex]!;
    const translatesOnly = isTranslation(world);
    for (let primitiveIndex = 0; primitiveIndex < mesh.primitives.length; primitiveIndex++) {
      const primitive = mesh.primitives[primitiveIndex];
      const mode = primitive.mode ?? 4;
      const kind = kindOfMode(mode);
      const positionAccessor = accessors[primitive.attributes.POSITION];
      if (!kind || !positionAccessor) continue;
      const vertexCount = positionAccessor.count;
      const rawIndexCount = primitive.indices !== undefined ? (accessors[primitive.indices]?.count ?? 0) : vertexCount;
      const indexCount = indexCountForMode(mode, rawIndexCount);
      const material = primitive.material ?? defaultMaterial;
      const trait = traits[material] ?? NO_TRAITS;
      const textured = kind === 'triangles' && primitive.attributes.TEXCOORD_0 !== undefined && trait.textured;
      // glTF materials are single-sided unless they say otherwise; culling back faces halves the fill.
      const doubleSided = kind === 'triangles' && trait.doubleSided;
      // Only the batches of primitives with vertex colours carry a colour buffer.
      const hasColors = primitive.attributes.COLOR_0 !== undefined;
      const key = (((KIND_CODES[kind] * 2 + Number(trait.transparent)) * 2 + Number(doubleSided)) * 2 + Number(hasColors)) * (materials.length + 2) + (textured ? material + 1 : 0);
      let batch = batchKeys.get(key);
      if (batch === undefined) {
        batch = batches.length;
        batchKeys.set(key, batch);
        batches.push({ kind, transparent: trait.transparent, doubleSided, textureMaterial: textured ? material : -1, hasUvs: textured, hasColors, vertexCount: 0, indexCount: 0 });
      }
      batches[batch].vertexCount += vertexCount;
      batches[batch].indexCount += indexCount;
      sizes.push(placeBox(positionAccessor, world, translatesOnly, plannedBoxes, bounds));
      planned.push({ nodeIndex, dbId: dbIdOfNode(nodeIndex), meshIndex: node.mesh, primitiveIndex, material, mode, kind, batch, vertexCount, indexCount });
    }
  }

  // Largest first (by the box's squared diagonal); the sort is stable, so planning order among equals.
  const byOrder = Array.from(planned.keys()).sort((a, b) => sizes[b] - sizes[a]);
  const fileBoxes = new Float64Array(planned.length * 6);
  const fragments = new Array<PlannedFragment>(planned.length);
  for (let fragId = 0; fragId < byOrder.length; fragId++) {
    const from = byOrder[fragId];
    fragments[fragId] = planned[from];
    for (let k = 0; k < 6; k++) fileBoxes[fragId * 6 + k] = plannedBoxes[from * 6 + k];
  }
  const fileBounds = new Box3(new Vector3(bounds[0], bounds[1], bounds[2]), new Vector3(bounds[3], bounds[4], bounds[5]));
  const toModel = placement.resolve(fileBounds);
  for (let i = 0; i < worldMatrices.length; i++) worldMatrices[i]?.premultiply(toModel);
  return {
    rootId: ROOT_DB_ID,
    parents,
    names,
    worldMatrices,
    fragments,
    boxes: placement.boxesToModel(fileBoxes),
    batches,
    defaultMaterial,
    bounds: fileBounds.isEmpty() ? fileBounds : fileBounds.applyMatrix4(toModel),
  };
}

const KIND_CODES: Record<PrimitiveKind, number> = { triangles: 0, lines: 1, points: 2 };

/** The parent's matrix times the node's own; the common case, a translation alone, without a product. */
function worldMatrixOf(parent: Matrix4, node: GltfNode): Matrix4 {
  if (node.matrix || node.rotation || node.scale) return parent.clone().multiply(localMatrix(node));
  const world = parent.clone();
  const t = node.translation;
  if (t) {
    const e = world.elements;
    e[12] += e[0] * t[0] + e[4] * t[1] + e[8] * t[2];
    e[13] += e[1] * t[0] + e[5] * t[1] + e[9] * t[2];
    e[14] += e[2] * t[0] + e[6] * t[1] + e[10] * t[2];
  }
  return world;
}

/** Whether a matrix only translates. */
function isTranslation(matrix: Matrix4): boolean {
  const e = matrix.elements;
  return e[0] === 1 && e[5] === 1 && e[10] === 1 && e[1] === 0 && e[2] === 0 && e[4] === 0 && e[6] === 0 && e[8] === 0 && e[9] === 0;
}

/**
 * Appends the world box of a POSITION accessor's min/max (inverted, unknown, when it has none), grows `bounds`
 * (min xyz, max xyz) by it, and returns its squared diagonal. A matrix that only translates shifts the
 * box; any other transforms its corners.
 */
function placeBox(accessor: GltfAccessor, world: Matrix4, translatesOnly: boolean, out: number[], bounds: number[]): number {
  const min = asFloats(accessor, accessor.min);
  const max = asFloats(accessor, accessor.max);
  if (!min || !max || min.length < 3 || max.length < 3) {
    out.push(Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity);
    return 0;
  }
  let x0: number, y0: number, z0: number, x1: number, y1: number, z1: number;
  if (translatesOnly) {
    const e = world.elements;
    x0 = min[0] + e[12];
    y0 = min[1] + e[13];
    z0 = min[2] + e[14];
    x1 = max[0] + e[12];
    y1 = max[1] + e[13];
    z1 = max[2] + e[14];
  } else {
    BOX.min.fromArray(min);
    BOX.max.fromArray(max);
    BOX.applyMatrix4(world);
    ({ x: x0, y: y0, z: z0 } = BOX.min);
    ({ x: x1, y: y1, z: z1 } = BOX.max);
  }
  out.push(x0, y0, z0, x1, y1, z1);
  if (x0 < bounds[0]) bounds[0] = x0;
  if (y0 < bounds[1]) bounds[1] = y0;
  if (z0 < bounds[2]) bounds[2] = z0;
  if (x1 > bounds[3]) bounds[3] = x1;
  if (y1 > bounds[4]) bounds[4] = y1;
  if (z1 > bounds[5]) bounds[5] = z1;
  // A box whose min passes its max (a writer's error) counts as empty, as Box3 has it.
  if (x1 < x0 || y1 < y0 || z1 < z0) return 0;
  const dx = x1 - x0, dy = y1 - y0, dz = z1 - z0;
  return dx * dx + dy * dy + dz * dz;
}

/**
 * An accessor's min or max as the values it stands for: a normalized accessor's (KHR_mesh_quantization)
 * are its integers, which the node's transform expects in -1..1 or 0..1.
 */
function asFloats(accessor: { componentType: number; normalized?: boolean }, values: number[] | undefined): number[] | undefined {
  return values && accessor.normalized ? values.map(denormalizer(accessor.componentType)) : values;
}

/** The parent of a scene's root nodes in the traversal stack. */
const NO_PARENT = -1;
const BOX = new Box3();

function localMatrix(node: GltfNode): Matrix4 {
  if (node.matrix && node.matrix.length === 16) return new Matrix4().fromArray(node.matrix);
  const t = node.translation ?? [0, 0, 0];
  const r = node.rotation ?? [0, 0, 0, 1];
  const s = node.scale ?? [1, 1, 1];
  return new Matrix4().compose(new Vector3(t[0], t[1], t[2]), new Quaternion(r[0], r[1], r[2], r[3]), new Vector3(s[0], s[1], s[2]));
}

function kindOfMode(mode: number): PrimitiveKind | null {
  if (mode === 4 || mode === 5 || mode === 6) return 'triangles';
  if (mode === 1 || mode === 2 || mode === 3) return 'lines';
  if (mode === 0) return 'points';
  return null;
}

function indexCountForMode(mode: number, count: number): number {
  switch (mode) {
    case 5: // triangle strip
    case 6: // triangle fan
      return Math.max(0, count - 2) * 3;
    case 3: // line strip
      return Math.max(0, count - 1) * 2;
    case 2: // line loop
      return count * 2;
    default:
      return count;
  }
}

interface MaterialTraits {
  textured: boolean;
  transparent: boolean;
  doubleSided: boolean;
}

const NO_TRAITS: MaterialTraits = { textured: false, transparent: false, doubleSided: false };

function traitsOf(material: GltfMaterial | undefined): MaterialTraits {
  return material ? { textured: hasTextures(material), transparent: isTransparent(material), doubleSided: material.doubleSided ?? false } : NO_TRAITS;
}

function hasTextures(material: GltfMaterial | undefined): boolean {
  if (!material) return false;
  const pbr = material.pbrMetallicRoughness;
  return Boolean(pbr?.baseColorTexture || pbr?.metallicRoughnessTexture || material.normalTexture || material.emissiveTexture);
}

function isTransparent(material: GltfMaterial | undefined): boolean {
  if (!material) return false;
  return material.alphaMode === 'BLEND' || Boolean(material.extensions?.KHR_materials_transmission);
}
