import type { GeometryBuilder } from './GeometryBuilder.js';
import { compactFloat32, utf8Length, writeUtf8 } from './jsonText.js';
import type { MaterialSpec } from './materials.js';

const FLOAT = 5126;
const UNSIGNED_SHORT = 5123;
const UNSIGNED_INT = 5125;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;
const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/**
 * The binary chunk's streams, one bufferView each, so accessors need no view of their own. Each storey
 * has its own four streams (stream = kind + 4 × storey), laid out storey after storey, as exporters
 * keep a part's data together: a reader streaming the file can use each storey as soon as it arrives.
 */
const POSITIONS = 0, NORMALS = 1, INDICES16 = 2, INDICES32 = 3;
const STREAM_KINDS = 4;

/** Fixed JSON between the streamed arrays; the document is laid out as HEAD, nodes, meshes, accessors, tail. */
const MESHES_OPEN = '],"meshes":[';
const ACCESSORS_OPEN = '],"accessors":[';
const ACCESSORS_CLOSE = '],';

/** Sizes of every part of a document, measured by a first pass so a second one can write in place. */
export interface GlbLayout {
  /** Bytes of each binary stream, by stream number. */
  streamBytes: number[];
  /** Streams in bufferView order (order of first use). */
  viewStreams: number[];
  treeNodes: number;
  /** JSON bytes of the tree nodes, the element nodes, the meshes and the accessors, commas included. */
  treeBytes: number;
  leafBytes: number;
  meshBytes: number;
  accessorBytes: number;
  /** JSON bytes after the accessors: materials, bufferViews, buffers, scenes. */
  tailBytes: number;
}

export interface NodeJson {
  name: string;
  mesh?: number;
  translation?: number[];
  extras?: Record<string, unknown>;
}

export interface PrimitiveInput {
  geometry: GeometryBuilder;
  material: number;
}

/** A comma-separated run of JSON items, counted or written in place. */
class TextRun {
  bytes = 0;
  count = 0;
  constructor(private readonly glb: Uint8Array | null, private readonly start: number) {}

  append(text: string): void {
    const item = this.count++ > 0 ? `,${text}` : text;
    this.bytes += this.glb ? writeUtf8(item, this.glb, this.start + this.bytes) : utf8Length(item);
  }
}

/**
 * Writes a glTF 2.0 document as GLB in two passes over the same calls: without a layout it only
 * measures; given the first pass's layout it writes every accessor, mesh and node straight into one
 * exactly-sized GLB. Nothing is held twice, so even the 5M-triangle model needs little more memory
 * than its file. Level and group nodes ("tree nodes") come first in `nodes`; their children are
 * only known at the end.
 */
export class GlbWriter {
  private readonly glb: Uint8Array | null;
  private readonly streamBytes: number[] = [];
  private readonly streamStart: number[] = [];
  /** The storey whose streams new data goes to. */
  private group = 0;
  private readonly viewOfStream: number[] = [];
  private readonly viewStreams: number[] = [];
  private readonly materials: string[] = [];
  private readonly tree: { node: NodeJson; trees: number[]; leaves: number[] }[] = [];
  private readonly head: string;
  private readonly leaves: TextRun;
  private readonly meshes: TextRun;
  private readonly accessors: TextRun;
  private jsonLength = 0;
  triangleCount = 0;

  constructor(generator: string, private readonly layout?: GlbLayout) {
    this.head = `{"asset":${JSON.stringify({ version: '2.0', generator })},"nodes":[`;
    const measuring = !layout;
    const leafAt = 20 + utf8Length(this.head) + (layout ? layout.treeBytes + (layout.treeBytes && layout.leafBytes ? 1 : 0) : 0);
    const meshAt = leafAt + (layout?.leafBytes ?? 0) + MESHES_OPEN.length;
    const accessorAt = meshAt + (layout?.meshBytes ?? 0) + ACCESSORS_OPEN.length;
    this.glb = measuring ? null : this.allocate(layout, accessorAt);
    this.leaves = new TextRun(this.glb, leafAt);
    this.meshes = new TextRun(this.glb, meshAt);
    this.accessors = new TextRun(this.glb, accessorAt);
  }

  get materialCount(): number {
    return this.materials.length;
  }

  get meshNodeCount(): number {
    return this.leaves.count;
  }

  get nodeCount(): number {
    return this.tree.length + this.leaves.count;
  }

  addMaterial(spec: MaterialSpec): number {
    const alpha = spec.alpha ?? 1;
    const pbrMetallicRoughness = { baseColorFactor: [...spec.color, alpha], metallicFactor: spec.metallic ?? 0, roughnessFactor: spec.roughness };
    const material = { name: spec.name, pbrMetallicRoughness, ...(alpha < 1 ? { alphaMode: 'BLEND' } : {}) };
    return this.materials.push(JSON.stringify(material)) - 1;
  }

  /** Adds a mesh whose primitives are the given builders' current contents (empty ones are skipped). */
  addMesh(name: string, primitives: readonly PrimitiveInput[]): number {
    const json: object[] = [];
    for (const { geometry, material } of primitives) {
      if (geometry.indexCount === 0) continue;
      const attributes = { POSITION: this.addPositions(geometry), NORMAL: this.addNormals(geometry) };
      json.push({ attributes, indices: this.addIndices(geometry), material });
      this.triangleCount += geometry.triangleCount;
    }
    this.meshes.append(JSON.stringify({ name, primitives: json }));
    return this.meshes.count - 1;
  }

  /** Data added from now on goes to a new storey's streams. */
  beginGroup(): void {
    if (this.streamBytes.length > this.group * STREAM_KINDS) this.group = Math.ceil(this.streamBytes.length / STREAM_KINDS);
  }

  /** Adds a level or group node, under tree node `parent` when given; returns its tree number (= node index). */
  addTreeNode(node: NodeJson, parent?: number): number {
    const index = this.tree.push({ node, trees: [], leaves: [] }) - 1;
    if (parent !== undefined) this.tree[parent].trees.push(index);
    return index;
  }

  /** Adds an element node (never has children) under tree node `parent`. */
  addLeafNode(node: NodeJson, parent: number): void {
    this.tree[parent].leaves.push(this.leaves.count);
    this.leaves.append(JSON.stringify(node));
  }

  /**
   * Closes the document. Measuring, returns the layout for the writing pass; writing, returns the
   * GLB, after checking that the calls matched the measured ones.
   */
  finish(scene: { name: string; nodes: number[]; extras?: Record<string, unknown> }): { layout: GlbLayout; glb: Uint8Array | null } {
    const treeCount = this.tree.length;
    const treeText = this.tree
      .map(({ node, trees, leaves }) => {
        const children = [...trees, ...leaves.map((leaf) => treeCount + leaf)];
        return JSON.stringify(children.length ? { ...node, children } : node);
      })
      .join(',');
    let binLength = 0;
    const bufferViews = this.viewStreams.map((kind) => {
      const vertexData = kind % STREAM_KINDS === POSITIONS || kind % STREAM_KINDS === NORMALS;
      const byteLength = this.streamBytes[kind] ?? 0;
      const view = {
        buffer: 0,
        byteOffset: binLength,
        byteLength,
        // Many accessors share each vertex view, which glTF only allows with an explicit stride.
        ...(vertexData ? { byteStride: 12 } : {}),
        target: vertexData ? ARRAY_BUFFER : ELEMENT_ARRAY_BUFFER,
      };
      binLength += byteLength;
      return view;
    });
    const tail = `"materials":[${this.materials.join(',')}],"bufferViews":${JSON.stringify(bufferViews)},`
      + `"buffers":[{"byteLength":${binLength}}],"scene":0,"scenes":[${JSON.stringify(scene)}]}`;
    const layout: GlbLayout = {
      // Storeys that used no 32-bit indices leave holes: count them as empty streams.
      streamBytes: Array.from(this.streamBytes, (bytes) => bytes ?? 0),
      viewStreams: [...this.viewStreams],
      treeNodes: treeCount,
      treeBytes: utf8Length(treeText),
      leafBytes: this.leaves.bytes,
      meshBytes: this.meshes.bytes,
      accessorBytes: this.accessors.bytes,
      tailBytes: utf8Length(tail),
    };
    if (!this.glb) return { layout, glb: null };
    if (JSON.stringify(layout) !== JSON.stringify(this.layout)) throw new Error('GLB writing pass differs from its measuring pass');
    const glb = this.glb;
    let at = 20 + writeUtf8(this.head, glb, 20);
    at += writeUtf8(treeText, glb, at);
    if (layout.treeBytes && layout.leafBytes) at += writeUtf8(',', glb, at);
    at += layout.leafBytes;
    at += writeUtf8(MESHES_OPEN, glb, at) + layout.meshBytes;
    at += writeUtf8(ACCESSORS_OPEN, glb, at) + layout.accessorBytes;
    at += writeUtf8(ACCESSORS_CLOSE, glb, at);
    at += writeUtf8(tail, glb, at);
    glb.fill(0x20, at, 20 + this.jsonLength); // the JSON chunk is padded with spaces
    return { layout, glb };
  }

  /** The exactly-sized GLB with its header and chunk headers; accessors start at `accessorAt`. */
  private allocate(layout: GlbLayout, accessorAt: number): Uint8Array {
    const jsonBytes = accessorAt - 20 + layout.accessorBytes + ACCESSORS_CLOSE.length + layout.tailBytes;
    this.jsonLength = (jsonBytes + 3) & ~3;
    const binLength = layout.streamBytes.reduce((sum, bytes) => sum + bytes, 0);
    const binStart = 20 + this.jsonLength;
    const total = binStart + (binLength > 0 ? 8 + binLength : 0);
    const glb = new Uint8Array(total);
    const header = new DataView(glb.buffer);
    header.setUint32(0, GLB_MAGIC, true);
    header.setUint32(4, 2, true);
    header.setUint32(8, total, true);
    header.setUint32(12, this.jsonLength, true);
    header.setUint32(16, CHUNK_JSON, true);
    if (binLength > 0) {
      header.setUint32(binStart, binLength, true);
      header.setUint32(binStart + 4, CHUNK_BIN, true);
    }
    let streamAt = binStart + 8;
    for (const kind of layout.viewStreams) {
      this.streamStart[kind] = streamAt;
      streamAt += layout.streamBytes[kind];
    }
    return glb;
  }

  /** Claims `bytes` (rounded up to 4, glTF's accessor alignment) of a stream; returns the offset in it. */
  private reserve(kind: number, bytes: number): number {
    const offset = (this.streamBytes[kind] ??= 0);
    this.streamBytes[kind] += (bytes + 3) & ~3;
    return offset;
  }

  /** The stream of a kind for the current storey. */
  private stream(kind: number): number {
    return kind + STREAM_KINDS * this.group;
  }

  private addPositions(geometry: GeometryBuilder): number {
    const count = geometry.vertexCount;
    const source = geometry.positions.subarray(0, count * 3);
    const stream = this.stream(POSITIONS);
    const offset = this.reserve(stream, count * 12);
    if (this.glb) new Float32Array(this.glb.buffer, this.streamStart[stream] + offset, count * 3).set(source);
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < source.length; i += 3) {
      for (let c = 0; c < 3; c++) {
        const value = source[i + c];
        if (value < min[c]) min[c] = value;
        if (value > max[c]) max[c] = value;
      }
    }
    return this.addAccessor(stream, offset, FLOAT, count, 'VEC3', { min: min.map(compactFloat32), max: max.map(compactFloat32) });
  }

  private addNormals(geometry: GeometryBuilder): number {
    const count = geometry.vertexCount;
    const stream = this.stream(NORMALS);
    const offset = this.reserve(stream, count * 12);
    if (this.glb) new Float32Array(this.glb.buffer, this.streamStart[stream] + offset, count * 3).set(geometry.normals.subarray(0, count * 3));
    return this.addAccessor(stream, offset, FLOAT, count, 'VEC3');
  }

  private addIndices(geometry: GeometryBuilder): number {
    const count = geometry.indexCount;
    // 16-bit indices halve the index data; they only fit while no index can reach 65535.
    const short = geometry.vertexCount < 65536;
    const kind = this.stream(short ? INDICES16 : INDICES32);
    const offset = this.reserve(kind, count * (short ? 2 : 4));
    if (this.glb) {
      const source = geometry.indices.subarray(0, count);
      const at = this.streamStart[kind] + offset;
      if (short) new Uint16Array(this.glb.buffer, at, count).set(source);
      else new Uint32Array(this.glb.buffer, at, count).set(source);
    }
    return this.addAccessor(kind, offset, short ? UNSIGNED_SHORT : UNSIGNED_INT, count, 'SCALAR');
  }

  private addAccessor(kind: number, byteOffset: number, componentType: number, count: number, type: string, bounds?: object): number {
    let bufferView = this.viewOfStream[kind];
    if (bufferView === undefined) {
      bufferView = this.viewOfStream[kind] = this.viewStreams.length;
      this.viewStreams.push(kind);
    }
    this.accessors.append(JSON.stringify({ bufferView, byteOffset, componentType, count, type, ...bounds }));
    return this.accessors.count - 1;
  }
}
