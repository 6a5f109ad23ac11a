import type { Model, Viewer } from '../core/index.js';

/** What bench/ifc.ts measures for one IFC file, in a page with a started viewer. */
export interface IfcFigures {
  file: string;
  objects: number;
  fragments: number;
  triangles: number;
  /** loadModel called → first frame that drew geometry (ms). */
  firstFrameMs: number;
  /** loadModel called → `geometry-loaded` (ms). */
  geometryLoadedMs: number;
  /** getProperties round trips to the worker: the first, and the median of 100 over spread dbIds (ms). */
  getPropertiesFirstMs: number;
  getPropertiesMedianMs: number;
  /** A whole-model search for a text that many objects hold, and one that none hold (ms). */
  searchMs: number;
  searchHits: number;
  searchMissMs: number;
  /** PropertyDatabase.estimateByteSize in the worker. */
  propertyDbBytes: number;
  /** The same properties as JSON text ({ dbId, name, externalId, properties: { category: { name: value } } }), at 2 bytes a character. */
  propertyJsonBytes: number;
}

/**
 * Loads an IFC file into a started viewer and measures it: load to first frame and to geometry-loaded,
 * property query latency, whole-model search latency and property memory. Runs in the page (the bench
 * driver and test pages import it); times are performance.now() differences in that page.
 */
export async function measureIfc(viewer: Viewer, url: string, searchText: string): Promise<IfcFigures> {
  const started = performance.now();
  let firstFrameMs = -1;
  const watchFirstFrame = () => {
    if (viewer.getFrameStats().triangles > 0) firstFrameMs = performance.now() - started;
    else requestAnimationFrame(watchFirstFrame);
  };
  requestAnimationFrame(watchFirstFrame);
  const geometryLoaded = new Promise<number>((resolve) =>
    viewer.addEventListener('geometry-loaded', () => resolve(performance.now() - started), { once: true }),
  );
  const model = await viewer.loadModel(url);
  const geometryLoadedMs = await geometryLoaded;
  viewer.renderNow();
  if (firstFrameMs < 0) firstFrameMs = performance.now() - started;
  const triangles = viewer.getFrameStats().triangles;

  const dbIds = objectIds(model);
  const timings: number[] = [];
  for (let i = 0; i < 101; i++) {
    const dbId = dbIds[Math.floor((i * 7919) % dbIds.length)];
    const t = performance.now();
    await model.getProperties(dbId);
    timings.push(performance.now() - t);
  }
  const getPropertiesFirstMs = timings[0];
  const getPropertiesMedianMs = median(timings.slice(1));

  let t = performance.now();
  const hits = await model.search(searchText);
  const searchMs = performance.now() - t;
  t = performance.now();
  await model.search('no object holds this text');
  const searchMissMs = performance.now() - t;

  const propertyDbBytes = await model.getPropertyDatabaseByteSize();
  const propertyJsonBytes = await plainJsonBytes(model, dbIds);
  return {
    file: url.split('/').pop() ?? url,
    objects: dbIds.length,
    fragments: model.fragments.count,
    triangles,
    firstFrameMs,
    geometryLoadedMs,
    getPropertiesFirstMs,
    getPropertiesMedianMs,
    searchMs,
    searchHits: hits.length,
    searchMissMs,
    propertyDbBytes,
    propertyJsonBytes,
  };
}

/** Every node of the tree but the root. */
function objectIds(model: Model): number[] {
  const ids: number[] = [];
  const tree = model.getInstanceTree();
  tree.walk(tree.getRootId(), (id) => void (id !== tree.getRootId() && ids.push(id)));
  return ids;
}

/** The model's properties as the plain JSON a naive viewer would keep, in UTF-16 bytes (2 a character). */
async function plainJsonBytes(model: Model, dbIds: number[]): Promise<number> {
  let characters = 0;
  for (let i = 0; i < dbIds.length; i += 2000) {
    const results = await model.getBulkProperties(dbIds.slice(i, i + 2000));
    const plain = results.map((r) => {
      const properties: Record<string, Record<string, unknown>> = {};
      for (const p of r.properties) (properties[p.displayCategory] ??= {})[p.displayName] = p.displayValue;
      return { dbId: r.dbId, name: r.name, externalId: r.externalId, properties };
    });
    characters += JSON.stringify(plain).length;
  }
  return characters * 2;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
