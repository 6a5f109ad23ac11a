import { type BufferGeometry, GLBufferAttribute } from 'three';
import { COLOR_STRIDE, type GeometryBatch, type GeometryChunk, NORMAL_STRIDE, POSITION_STRIDE, UV_STRIDE } from '../model/GeometryBatch.js';

interface Channel {
  target: number;
  buffer: WebGLBuffer;
  /** Bytes allocated on the GPU. */
  bytes: number;
  bytesPerItem: number;
  attribute: GLBufferAttribute;
}

/**
 * The GPU buffers of one batch, managed directly (three.js draws them through GLBufferAttribute): they
 * are allocated by size alone, so no megabytes of zeros cross to the GPU process, and each chunk's own
 * arrays are uploaded into their range as they arrive. Normals, uvs and colours never need a CPU copy.
 */
export class BatchBuffers {
  private readonly channels: Record<'dvPosition' | 'dvNormal' | 'uv' | 'dvVertexColor' | 'index', Channel | null>;

  /** Allocates the buffers with no vertex array bound, behind three.js's back: the caller resets its state. */
  constructor(private readonly gl: WebGL2RenderingContext, batch: GeometryBatch) {
    const vertices = Math.max(1, batch.vertexCapacity);
    const indices = Math.max(1, batch.indexCapacity);
    this.channels = {
      dvPosition: this.channel(gl.ARRAY_BUFFER, vertices, gl.UNSIGNED_SHORT, POSITION_STRIDE, 2),
      dvNormal: this.channel(gl.ARRAY_BUFFER, vertices, gl.UNSIGNED_BYTE, NORMAL_STRIDE, 1),
      uv: batch.hasUvs ? this.channel(gl.ARRAY_BUFFER, vertices, gl.FLOAT, UV_STRIDE, 4) : null,
      dvVertexColor: batch.hasColors ? this.channel(gl.ARRAY_BUFFER, vertices, gl.UNSIGNED_BYTE, COLOR_STRIDE, 1) : null,
      index: this.channel(gl.ELEMENT_ARRAY_BUFFER, indices, gl.UNSIGNED_INT, 1, 4),
    };
  }

  get attributes(): { name: string; attribute: GLBufferAttribute }[] {
    return (['dvPosition', 'dvNormal', 'uv', 'dvVertexColor'] as const)
      .filter((name) => this.channels[name])
      .map((name) => ({ name, attribute: this.channels[name]!.attribute }));
  }

  get index(): GLBufferAttribute {
    return this.channels.index!.attribute;
  }

  /** Bytes a chunk will upload. */
  static bytesOf(chunk: GeometryChunk): number {
    return chunk.positions.byteLength + chunk.normals.byteLength + (chunk.uvs?.byteLength ?? 0) + (chunk.colors?.byteLength ?? 0) + chunk.indices.byteLength;
  }

  /**
   * Uploads a chunk into its ranges, growing the buffers on the GPU when a loader's plan was short.
   * Returns whether a buffer grew: its attribute is then a new object, which the geometry must be given
   * (three.js rebinds a vertex array only when the attribute object changes). Binds buffers outside any
   * vertex array object: the caller resets three.js's state afterwards.
   */
  upload(chunk: GeometryChunk): boolean {
    const gl = this.gl;
    gl.bindVertexArray(null);
    const vertexCount = chunk.positions.length / POSITION_STRIDE;
    let grew = this.write(this.channels.dvPosition!, chunk.vertexStart, vertexCount, chunk.positions);
    grew = this.write(this.channels.dvNormal!, chunk.vertexStart, vertexCount, chunk.normals) || grew;
    if (this.channels.uv && chunk.uvs) grew = this.write(this.channels.uv, chunk.vertexStart, vertexCount, chunk.uvs) || grew;
    if (this.channels.dvVertexColor && chunk.colors) grew = this.write(this.channels.dvVertexColor, chunk.vertexStart, vertexCount, chunk.colors) || grew;
    grew = this.write(this.channels.index!, chunk.indexStart, chunk.indices.length, chunk.indices) || grew;
    return grew;
  }

  /** Gives a geometry the current attributes. */
  bind(geometry: BufferGeometry): void {
    for (const { name, attribute } of this.attributes) geometry.setAttribute(name, attribute as never);
    geometry.setIndex(this.index as never);
  }

  /** GPU bytes held. */
  get byteLength(): number {
    return Object.values(this.channels).reduce((sum, c) => sum + (c?.bytes ?? 0), 0);
  }

  dispose(): void {
    for (const channel of Object.values(this.channels)) if (channel) this.gl.deleteBuffer(channel.buffer);
  }

  private channel(target: number, items: number, type: number, itemSize: number, elementSize: 1 | 2 | 4): Channel {
    const bytesPerItem = itemSize * elementSize;
    const buffer = this.allocate(target, items * bytesPerItem);
    return { target, buffer, bytes: items * bytesPerItem, bytesPerItem, attribute: new GLBufferAttribute(buffer, type, itemSize, elementSize, items) };
  }

  /**
   * A new buffer of that size, bound first to its own target: WebGL 2 fixes a buffer's kind (index or
   * not) at its first bind, and an index buffer may only be copied into from another index buffer. No
   * vertex array is bound, so binding an index buffer changes none.
   */
  private allocate(target: number, bytes: number): WebGLBuffer {
    const gl = this.gl;
    const buffer = gl.createBuffer()!;
    gl.bindVertexArray(null);
    gl.bindBuffer(target, buffer);
    gl.bufferData(target, bytes, gl.STATIC_DRAW);
    gl.bindBuffer(target, null);
    return buffer;
  }

  private write(channel: Channel, firstItem: number, items: number, data: ArrayBufferView): boolean {
    const gl = this.gl;
    const end = (firstItem + items) * channel.bytesPerItem;
    const grow = end > channel.bytes;
    if (grow) this.grow(channel, Math.ceil(end * 1.5));
    gl.bindBuffer(channel.target, channel.buffer);
    gl.bufferSubData(channel.target, firstItem * channel.bytesPerItem, data);
    gl.bindBuffer(channel.target, null);
    return grow;
  }

  /** A bigger buffer of the same kind, the old contents copied over on the GPU. */
  private grow(channel: Channel, bytes: number): void {
    const gl = this.gl;
    const buffer = this.allocate(channel.target, bytes);
    gl.bindBuffer(gl.COPY_READ_BUFFER, channel.buffer);
    gl.bindBuffer(gl.COPY_WRITE_BUFFER, buffer);
    gl.copyBufferSubData(gl.COPY_READ_BUFFER, gl.COPY_WRITE_BUFFER, 0, 0, channel.bytes);
    gl.bindBuffer(gl.COPY_READ_BUFFER, null);
    gl.bindBuffer(gl.COPY_WRITE_BUFFER, null);
    gl.deleteBuffer(channel.buffer);
    const old = channel.attribute;
    channel.buffer = buffer;
    channel.bytes = bytes;
    channel.attribute = new GLBufferAttribute(buffer, old.type, old.itemSize, old.elementSize as 1 | 2 | 4, Math.floor(bytes / channel.bytesPerItem));
  }
}
