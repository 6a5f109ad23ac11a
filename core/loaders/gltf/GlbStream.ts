const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/**
 * Reads a GLB as it downloads: the JSON chunk (which comes first) is available as soon as its bytes
 * are, and the binary chunk fills in order, so geometry can be read while the rest still arrives.
 * The whole file ends up in one buffer (for GLTFLoader, when textures or compressed data need it).
 */
export class GlbStream {
  /** The whole file (filled up to `received`). */
  readonly file: Uint8Array<ArrayBuffer>;
  json: unknown = null;
  /** Offset of the binary chunk's data within the file, and its length (0 when there is none). */
  binOffset = 0;
  binLength = 0;
  private received = 0;
  private done = false;
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    first: Uint8Array,
    totalLength: number,
  ) {
    this.file = new Uint8Array(totalLength);
    this.append(first);
  }

  /** Opens a stream that holds a GLB; null (with the bytes read so far) when it is not a GLB. */
  static async open(stream: ReadableStream<Uint8Array>): Promise<GlbStream | { notGlb: Uint8Array; reader: ReadableStreamDefaultReader<Uint8Array> }> {
    const reader = stream.getReader();
    let head: Uint8Array = new Uint8Array(0);
    while (head.length < 12) {
      const { value, done } = await reader.read();
      if (done) break;
      head = concat(head, value);
    }
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    if (head.length < 12 || view.getUint32(0, true) !== GLB_MAGIC) return { notGlb: head, reader };
    const total = view.getUint32(8, true);
    if (total < 20 || total > 2 ** 31) throw new Error('The GLB header gives an impossible length.');
    const glb = new GlbStream(reader, head, total);
    void glb.pump();
    await glb.readJson();
    return glb;
  }

  /** Bytes of the binary chunk that have arrived. */
  get binAvailable(): number {
    return Math.max(0, Math.min(this.binLength, this.received - this.binOffset));
  }

  get isComplete(): boolean {
    return this.done;
  }

  /** The binary chunk (its bytes fill in as they arrive). */
  get binBytes(): Uint8Array {
    return this.file.subarray(this.binOffset, this.binOffset + this.binLength);
  }

  /** Resolves when more bytes have arrived (or the stream ended). */
  more(): Promise<void> {
    if (this.done) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async whenComplete(): Promise<void> {
    while (!this.done) await this.more();
    if (this.received < this.file.length) throw new Error(`The GLB is truncated: ${this.received} of ${this.file.length} bytes.`);
  }

  private async readJson(): Promise<void> {
    while (this.received < 20 && !this.done) await this.more();
    const view = new DataView(this.file.buffer);
    const jsonLength = view.getUint32(12, true);
    if (view.getUint32(16, true) !== CHUNK_JSON) throw new Error('The GLB does not start with a JSON chunk.');
    const jsonEnd = 20 + jsonLength;
    while (this.received < jsonEnd + 8 && !this.done) await this.more();
    if (this.received < jsonEnd) throw new Error('The GLB is truncated inside its JSON chunk.');
    this.json = JSON.parse(new TextDecoder().decode(this.file.subarray(20, jsonEnd)));
    if (this.received >= jsonEnd + 8 && view.getUint32(jsonEnd + 4, true) === CHUNK_BIN) {
      this.binLength = view.getUint32(jsonEnd, true);
      this.binOffset = jsonEnd + 8;
    }
  }

  private async pump(): Promise<void> {
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        this.append(value);
      }
    } finally {
      this.done = true;
      this.wake();
    }
  }

  private append(bytes: Uint8Array): void {
    const room = this.file.length - this.received;
    this.file.set(room < bytes.length ? bytes.subarray(0, room) : bytes, this.received);
    this.received += Math.min(room, bytes.length);
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
