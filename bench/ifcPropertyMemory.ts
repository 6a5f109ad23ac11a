// Measures the property database of an IFC file against the same data as plain JSON objects, as heap
// differences in Node (web-ifc's Node build, the loader's own IFC readers):
//   node --expose-gc --import tsx bench/ifcPropertyMemory.ts bench/models/bench-M.ifc
// Method: build the database from the file, keep its tables as a v8-serialized buffer and the plain JSON
// as text; then, with both sources held constant, measure heapUsed + arrayBuffers after a full GC (a) with
// a PropertyDatabase rebuilt from the tables and searched once (so its lower-case search cache counts),
// and (b) with JSON.parse of the plain JSON ({ dbId, name, externalId, properties: { category: { name:
// value } } } per object), each against a baseline taken just before.
import { readFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import * as WebIfc from 'web-ifc';
import { buildIfcProperties } from '../core/loaders/ifc/ifcProperties.js';
import { IfcLineReader } from '../core/loaders/ifc/IfcLineReader.js';
import { IfcSpatialTree } from '../core/loaders/ifc/IfcSpatialTree.js';
import { readIfcUnits, refId } from '../core/loaders/ifc/IfcUnits.js';
import { PropertyDatabase, type PropertyTables } from '../core/model/PropertyDatabase.js';

export interface PropertyMemoryFigures {
  file: string;
  objects: number;
  buildMs: number;
  databaseHeapBytes: number;
  plainJsonHeapBytes: number;
  estimateByteSize: number;
  jsonTextBytes: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
const used = () => {
  gc!();
  gc!();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

interface Sources {
  objects: number;
  buildMs: number;
  tables: Buffer;
  json: string;
  estimateByteSize: number;
}

/** Reads the file with web-ifc and the loader's IFC readers; returns the tables and the plain JSON only. */
async function prepare(path: string): Promise<Sources> {
  const api = new WebIfc.IfcAPI();
  await api.Init();
  const started = performance.now();
  const modelId = api.OpenModel(new Uint8Array(readFileSync(path)));
  const reader = new IfcLineReader(api, modelId);
  const tree = IfcSpatialTree.read(reader, WebIfc, path);
  const units = readIfcUnits(reader, refId(tree.lines[1]?.UnitsInContext));
  const db = buildIfcProperties(reader, WebIfc, tree, units);
  const buildMs = performance.now() - started;
  api.Dispose();
  const ids = Array.from({ length: db.objectCount - 1 }, (_, i) => i + 1);
  const json = JSON.stringify(
    db.getBulkProperties(ids).map((r) => {
      const properties: Record<string, Record<string, unknown>> = {};
      for (const p of r.properties) (properties[p.displayCategory] ??= {})[p.displayName] = p.displayValue;
      return { dbId: r.dbId, name: r.name, externalId: r.externalId, properties };
    }),
  );
  const tables = serialize((db as unknown as { tables: PropertyTables }).tables);
  return { objects: ids.length, buildMs, tables, json, estimateByteSize: db.estimateByteSize() };
}

/** Heap taken by what `make` returns, while it is held (heapUsed + arrayBuffers, after full GCs). */
function retained(make: () => unknown): number {
  const before = used();
  const held = [make()];
  const after = used();
  if (held.length !== 1) throw new Error('unreachable'); // keeps `held` alive past the measurement
  return after - before;
}

export async function measurePropertyMemory(path: string): Promise<PropertyMemoryFigures> {
  if (!gc) throw new Error('Run node with --expose-gc');
  const sources = await prepare(path);
  const databaseHeapBytes = retained(() => {
    const db = new PropertyDatabase(deserialize(sources.tables) as PropertyTables);
    db.search('north'); // its lower-case search cache counts too
    return db;
  });
  const plainJsonHeapBytes = retained(() => JSON.parse(sources.json));
  return {
    file: path.split('/').pop()!,
    objects: sources.objects,
    buildMs: sources.buildMs,
    databaseHeapBytes,
    plainJsonHeapBytes,
    estimateByteSize: sources.estimateByteSize,
    jsonTextBytes: sources.json.length,
  };
}

if (process.argv[1]?.endsWith('ifcPropertyMemory.ts')) {
  const figures = await measurePropertyMemory(process.argv[2] ?? 'bench/models/bench-M.ifc');
  const mb = (v: number) => `${(v / 1e6).toFixed(2)} MB`;
  console.log(`${figures.file}: ${figures.objects} objects, database built in ${(figures.buildMs / 1000).toFixed(1)} s`);
  console.log(`  heap: property database ${mb(figures.databaseHeapBytes)} vs plain JSON objects ${mb(figures.plainJsonHeapBytes)} = ${(figures.databaseHeapBytes / figures.plainJsonHeapBytes).toFixed(2)}`);
  console.log(`  estimateByteSize ${mb(figures.estimateByteSize)}; JSON text ${mb(figures.jsonTextBytes)} (1 byte a character)`);
}
