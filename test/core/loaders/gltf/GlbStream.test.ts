import { expect } from '@esm-bundle/chai';
import { BUILDING_SIZES, generateBuilding } from '../../../../bench/generator/generateBuilding.js';
import { GlbStream } from '../../../../core/loaders/gltf/GlbStream.js';

/** A GLB delivered in pieces, each only when the test lets it through. */
function piecewise(bytes: Uint8Array, pieceSize: number) {
  let offset = 0;
  let release: () => void = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= bytes.length) return controller.close();
      if (offset > 0) await new Promise<void>((resolve) => (release = resolve));
      controller.enqueue(bytes.slice(offset, offset + pieceSize));
      offset += pieceSize;
    },
  });
  return { stream, next: () => release() };
}

describe('GlbStream', () => {
  const glb = generateBuilding({ ...BUILDING_SIZES.XS, roomsX: 3, roomsY: 3 }).glb;

  it('gives the JSON and the first bytes of the binary chunk before the file has arrived', async () => {
    const jsonLength = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
    const { stream, next } = piecewise(glb, jsonLength + 28 + 4096);
    const opened = await GlbStream.open(stream);
    expect(opened).to.be.instanceOf(GlbStream);
    const reader = opened as GlbStream;
    expect((reader.json as { asset: { version: string } }).asset.version).to.equal('2.0');
    expect(reader.isComplete).to.equal(false);
    expect(reader.binAvailable).to.be.greaterThan(0).and.lessThan(reader.binLength);
    const before = reader.binAvailable;
    const more = reader.more();
    next();
    await more;
    expect(reader.binAvailable).to.be.greaterThan(before);
    while (!reader.isComplete) {
      const wait = reader.more();
      next();
      await wait;
    }
    await reader.whenComplete();
    expect(reader.binAvailable).to.equal(reader.binLength);
    expect([...reader.file.subarray(0, 64)]).to.deep.equal([...glb.subarray(0, 64)]);
    expect([...reader.file.subarray(-64)]).to.deep.equal([...glb.subarray(-64)]);
  });

  it('hands back what it read when the file is not a GLB', async () => {
    const text = new TextEncoder().encode('{"asset":{"version":"2.0"}}');
    const opened = await GlbStream.open(new Blob([text]).stream());
    expect(opened).to.not.be.instanceOf(GlbStream);
    expect(new TextDecoder().decode((opened as { notGlb: Uint8Array }).notGlb)).to.equal('{"asset":{"version":"2.0"}}');
  });

  it('rejects a truncated GLB', async () => {
    const opened = (await GlbStream.open(new Blob([glb.slice(0, glb.length - 1000)]).stream())) as GlbStream;
    let error: Error | null = null;
    await opened.whenComplete().catch((e: Error) => (error = e));
    expect(error!.message).to.match(/truncated/);
  });
});
