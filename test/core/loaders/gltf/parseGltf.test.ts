import { expect } from '@esm-bundle/chai';
import { generateBuilding } from '../../../../bench/generator/generateBuilding.js';
import type { GltfJson } from '../../../../core/loaders/gltf/GltfPlan.js';
import { parseGltf } from '../../../../core/loaders/gltf/parseGltf.js';
import { WorkerLoadContext } from '../../../../core/loaders/WorkerLoadContext.js';
import type { LoadRequest, WorkerMessage } from '../../../../core/loaders/WorkerProtocol.js';

/** A file that arrives in two parts: the second only when the test lets it through. */
function heldBack(bytes: Uint8Array, firstPart: number) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(bytes.slice(0, firstPart));
      await released;
      controller.enqueue(bytes.slice(firstPart));
      controller.close();
    },
  });
  return { stream, release };
}

/** Where in the file the first primitive has all its bytes (the end of its last bufferView). */
function firstCompletePrimitiveEnd(glb: Uint8Array): number {
  const view = new DataView(glb.buffer, glb.byteOffset);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as GltfJson;
  const binStart = 20 + jsonLength + 8;
  const viewEnd = (accessor: number | undefined) => {
    if (accessor === undefined) return 0;
    const bufferView = json.bufferViews![json.accessors![accessor].bufferView!];
    return (bufferView.byteOffset ?? 0) + bufferView.byteLength;
  };
  let first = Infinity;
  for (const mesh of json.meshes ?? []) {
    for (const primitive of mesh.primitives) {
      const ends = [...Object.values(primitive.attributes), primitive.indices].map(viewEnd);
      first = Math.min(first, Math.max(...ends));
    }
  }
  return binStart + first;
}

describe('parseGltf streaming a GLB', () => {
  it('sends the first chunk as soon as the bytes that have arrived run out, before the rest comes', async () => {
    const { glb } = generateBuilding({ seed: 5, storeys: 2, roomsX: 2, roomsY: 2, pipeRuns: 0, ductRuns: 0, furniturePerRoom: 1, furnitureStyle: 'box' });
    const firstPart = firstCompletePrimitiveEnd(glb);
    expect(firstPart).to.be.lessThan(glb.length);
    const { stream, release } = heldBack(glb, firstPart);

    const messages: WorkerMessage[] = [];
    let firstChunk: () => void = () => {};
    const chunkSent = new Promise<void>((resolve) => (firstChunk = resolve));
    const request: LoadRequest = { type: 'load', format: 'gltf', url: 'memory:building.glb', fileName: 'building.glb', resourceRoot: '/res/', headers: {}, withCredentials: false, options: {} };
    const context = new WorkerLoadContext(
      request,
      (message) => {
        messages.push(message);
        if (message.type === 'chunk') firstChunk();
      },
      Promise.resolve(new Response(stream)),
    );
    const parsed = parseGltf(context);

    // Nothing more arrives until a chunk is out: a packer that waits for more bytes first never sends one.
    const outcome = await Promise.race([chunkSent.then(() => 'chunk'), new Promise((resolve) => setTimeout(() => resolve('no chunk'), 3000))]);
    expect(outcome).to.equal('chunk');
    const early = messages.filter((m) => m.type === 'chunk').length;
    release();
    await parsed;
    const header = messages.find((m) => m.type === 'header') as Extract<WorkerMessage, { type: 'header' }>;
    const sent = new Set<number>();
    for (const m of messages) if (m.type === 'chunk') for (const fragId of m.chunk.fragIds) sent.add(fragId);
    expect(messages.filter((m) => m.type === 'chunk').length).to.be.greaterThan(early);
    expect(sent.size).to.equal(header.header.fragments.dbIds.length);
  });
});
