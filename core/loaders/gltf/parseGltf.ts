import type { GLTFParser } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { PropertyDatabase } from '../../model/PropertyDatabase.js';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { GeometryPacker } from '../GeometryPacker.js';
import { type FormatParser, type WorkerLoadContext, Yielder } from '../WorkerLoadContext.js';
import { GlbStream } from './GlbStream.js';
import { ArrivalQueue } from './ArrivalQueue.js';
import { GltfAccessorReader } from './GltfAccessorReader.js';
import { headerOf } from './gltfHeader.js';
import { asBadData, decodePrimitive, loadTextures, releaseMesh, withGltfParser } from './gltfLoaderBridge.js';
import { reportMissingFile } from './gltfExternalFiles.js';
import { type GltfJson, type GltfPlan, planGltf } from './GltfPlan.js';
import { buildGltfProperties } from './gltfProperties.js';
import { fromBufferGeometry, hasExtensions, readPrimitive } from './primitiveGeometry.js';

/** Send what is packed at least this often while a GLB streams in, so it draws as it arrives. */
const STREAM_FLUSH_MS = 60;

/**
 * glTF 2.0 in the loader worker. A GLB is read as it downloads: its JSON (first in the file) gives the
 * tree and a plan of every fragment, largest first; each fragment is packed as soon as its bytes have
 * arrived. three's GLTFLoader does what needs the whole file: external buffers (.gltf), textures, and
 * compressed or sparse geometry.
 */
export const parseGltf: FormatParser = async (context) => {
  try {
    return await parse(context);
  } catch (error) {
    throw asBadData(error, context.request.fileName);
  }
};

async function parse(context: WorkerLoadContext): Promise<PropertyDatabase> {
  const opened = await GlbStream.open(await context.openStream(context.request.url));
  if (opened instanceof GlbStream) return parseGlbStream(opened, context);
  // A .gltf (JSON with external buffers): read it whole; GLTFLoader fetches the buffers.
  const text = new TextDecoder().decode(await readRest(opened.notGlb, opened.reader));
  context.phase('fetched');
  return withGltfParser(text, context, async (parser) => {
    const json = parser.json as GltfJson;
    const { plan, packer } = start(json, context);
    // A buffer that is not there leaves out what it holds: the rest loads, and the model says what is missing.
    const buffers = await Promise.all(
      (json.buffers ?? []).map((buffer, i) =>
        parser.getDependency('buffer', i).then(
          (b: ArrayBuffer) => new Uint8Array(b),
          (reason: unknown) => {
            reportMissingFile(context, buffer.uri ?? `buffer ${i}`, reason);
            return null;
          },
        ),
      ),
    );
    const reader = new GltfAccessorReader(json.accessors ?? [], json.bufferViews ?? [], buffers);
    await packFragments(context, json, plan, reader, packer, { parser, available: () => Infinity, more: null });
    return finish(context, json, plan);
  });
}

async function parseGlbStream(glb: GlbStream, context: WorkerLoadContext): Promise<PropertyDatabase> {
  const json = glb.json as GltfJson;
  context.phase('parsed JSON');
  const { plan, packer } = start(json, context);
  const reader = new GltfAccessorReader(json.accessors ?? [], json.bufferViews ?? [], [glb.binBytes]);
  const leftover = await packFragments(context, json, plan, reader, packer, {
    parser: null,
    available: () => (glb.isComplete ? Infinity : glb.binAvailable),
    more: () => (glb.isComplete ? null : glb.more()),
  });
  await glb.whenComplete();
  const needsLoader = leftover.length > 0 || plan.batches.some((b) => b.textureMaterial >= 0);
  if (needsLoader) {
    const file = glb.file.buffer;
    await withGltfParser(file, context, (parser) => packFragments(context, json, plan, reader, packer, { parser, available: () => Infinity, more: null, only: leftover }));
  }
  return finish(context, json, plan);
}

/** Plans the document, sends the header, and makes the packer every pass shares (it owns the batch cursors). */
function start(json: GltfJson, context: WorkerLoadContext): { plan: GltfPlan; packer: GeometryPacker } {
  const plan = planGltf(json, context.request.fileName, context.placement);
  if (plan.fragments.length === 0) {
    throw new ViewerError(ErrorCode.BAD_DATA_MODEL_IS_EMPTY, `${context.request.fileName} has no geometry to show.`);
  }
  context.phase('planned');
  context.sendHeader(headerOf(json, plan, context.placement));
  context.phase('header sent');
  let chunks = 0;
  const packer = new GeometryPacker(plan.batches, (chunk) => {
    context.sendChunk(chunk);
    if (++chunks === 1) context.phase('first chunk sent');
  });
  return { plan, packer };
}

/** Geometry is all sent: say so, then build the properties (queries wait for them in the worker). */
function finish(context: WorkerLoadContext, json: GltfJson, plan: GltfPlan): PropertyDatabase {
  context.geometryDone();
  context.phase('geometry done');
  const database = buildGltfProperties(json, plan, context.request.fileName);
  context.phase('properties built');
  return database;
}

interface PackSource {
  /** GLTFLoader's parser, once the whole file is there (textures, compressed data); null while streaming. */
  parser: GLTFParser | null;
  /** Bytes of buffer 0 that have arrived. */
  available(): number;
  /** Waits for more bytes; null when everything has arrived. */
  more: (() => Promise<void> | null) | null;
  /** Pack only these fragIds (what an earlier pass left). */
  only?: number[];
}

/**
 * Packs fragments in plan order (largest first), each as soon as its bytes are there; the rest wait
 * for more bytes. Returns the fragIds left for GLTFLoader (unreadable directly, or bytes never there).
 */
async function packFragments(context: WorkerLoadContext, json: GltfJson, plan: GltfPlan, reader: GltfAccessorReader, packer: GeometryPacker, source: PackSource): Promise<number[]> {
  const primitiveOf = (fragId: number) => {
    const f = plan.fragments[fragId];
    return json.meshes![f.meshIndex].primitives[f.primitiveIndex];
  };
  // Infinity where the primitive cannot be read directly (endOf says so of each accessor it cannot read).
  const needed = (fragId: number) => {
    const primitive = primitiveOf(fragId);
    if (hasExtensions(primitive)) return Infinity;
    const { hasUvs, hasColors } = plan.batches[plan.fragments[fragId].batch];
    const a = primitive.attributes;
    return Math.max(reader.endOf(a.POSITION), reader.endOf(a.NORMAL), hasUvs ? reader.endOf(a.TEXCOORD_0) : 0, hasColors ? reader.endOf(a.COLOR_0) : 0, reader.endOf(primitive.indices));
  };
  const queue = new ArrivalQueue(source.only ?? plan.fragments.map((_, i) => i), needed);
  const texturesSent = new Set<number>();
  const yielder = new Yielder();
  let lastFlush = performance.now();
  let lastProgress = 0;

  for (;;) {
    const available = source.available();
    const allArrived = available === Infinity;
    // What only GLTFLoader can read waits for its pass, even once every byte has arrived.
    for (const fragId of queue.take(available, source.parser !== null)) {
      const fragment = plan.fragments[fragId];
      const batch = plan.batches[fragment.batch];
      const required = queue.needOf(fragId);
      try {
        const world = plan.worldMatrices[fragment.nodeIndex]!;
        if (required !== Infinity) {
          packer.add({ fragId, batch: fragment.batch, ...readPrimitive(primitiveOf(fragId), reader, world, fragment, batch) });
        } else {
          const decoded = await decodePrimitive(source.parser!, fragment.meshIndex, fragment.primitiveIndex);
          if (decoded) packer.add({ fragId, batch: fragment.batch, ...fromBufferGeometry(decoded.geometry, world, fragment, batch) });
          releaseMesh(source.parser!, fragment.meshIndex);
        }
      } catch (error) {
        context.warn(`glTF mesh ${fragment.meshIndex} could not be read: ${(error as Error)?.message ?? error}`);
      }
      if (packer.percent - lastProgress >= 1) {
        lastProgress = packer.percent;
        context.sendProgress(lastProgress);
      }
      await yielder.maybeYield();
    }
    if (source.parser) {
      for (const batch of plan.batches) {
        if (batch.textureMaterial < 0 || texturesSent.has(batch.textureMaterial)) continue;
        texturesSent.add(batch.textureMaterial);
        try {
          const textures = await loadTextures(source.parser, batch.textureMaterial);
          if (textures) context.sendTextures(batch.textureMaterial, textures);
        } catch (error) {
          // An image format there is no decoder for (KHR_texture_basisu): the geometry is drawn untextured.
          context.warn(`glTF material ${batch.textureMaterial}: its textures could not be read (${(error as Error)?.message ?? error}); drawn without them.`);
        }
      }
    }
    if (!queue.size) break;
    const wait = source.more?.() ?? null;
    // Everything arrived since this round began: one more round packs what was still waiting.
    if (!wait) {
      if (allArrived) break;
      continue;
    }
    // The first chunk goes as soon as the bytes run out: the first frame waits for it.
    if (!packer.hasSent || performance.now() - lastFlush > STREAM_FLUSH_MS) {
      packer.flush();
      lastFlush = performance.now();
    }
    await wait;
  }
  packer.flush();
  const leftover = queue.remaining();
  context.phase(`geometry sent (${leftover.length} left for GLTFLoader)`);
  return leftover;
}

async function readRest(head: Uint8Array, reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Uint8Array> {
  const parts = [head];
  let length = head.length;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.length;
  }
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
