import { gunzipSync, unzipSync } from 'fflate';

/**
 * Facts read straight from an SVF sample's own files, with a reader of its own (not the viewer's), so the
 * loader tests compare the viewer against the files: counts, tree, properties, unit, default camera.
 */
export interface SvfFacts {
  fragmentCount: number;
  /** Objects in the property database: dbIds 1..objectCount. */
  objectCount: number;
  /** parent dbId of each dbId from its `__parent__` row (0: none). */
  parents: number[];
  names: (string | null)[];
  rootId: number;
  /** dbId 1's shown properties: [category, display name, value] (structure rows left out). */
  rootProperties: [string, string, unknown][];
  distanceUnit: string;
  worldUp: number[];
  defaultCamera: { position: number[]; target: number[] } | null;
}

export async function readSvfFacts(folderUrl: string, svfName: string): Promise<SvfFacts> {
  const bytes = async (name: string) => {
    const response = await fetch(new URL(name, folderUrl));
    if (!response.ok) throw new Error(`${name}: ${response.status}`);
    const data = new Uint8Array(await response.arrayBuffer());
    return data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data;
  };
  const json = async (name: string) => JSON.parse(new TextDecoder().decode(await bytes(name)));
  const svf = unzipSync(await bytes(svfName));
  const metadata = JSON.parse(new TextDecoder().decode(svf['metadata.json'])).metadata;

  const [attrs, vals, avs, offs] = await Promise.all(['attrs', 'vals', 'avs', 'offs'].map((t) => json(`objects_${t}.json.gz`)));
  const objectCount = offs.length - 1;
  const parents = new Array(objectCount + 1).fill(0);
  const names: (string | null)[] = new Array(objectCount + 1).fill(null);
  const rootProperties: [string, string, unknown][] = [];
  for (let dbId = 1; dbId <= objectCount; dbId++) {
    const end = dbId + 1 < offs.length ? offs[dbId + 1] : avs.length / 2;
    for (let k = offs[dbId]; k < end; k++) {
      const [name, category, , , , displayName] = attrs[avs[2 * k]];
      const value = vals[avs[2 * k + 1]];
      if (category === '__parent__') parents[dbId] = value;
      if (category === '__name__') names[dbId] = value;
      if (dbId === 1 && !/^__\w+__$/.test(category)) rootProperties.push([category, displayName || name, value]);
    }
  }
  const rootId = parents.findIndex((p, dbId) => dbId > 0 && p === 0);

  return {
    fragmentCount: packEntryCount(await bytes('FragmentList.pack')),
    objectCount,
    parents,
    names,
    rootId,
    rootProperties,
    distanceUnit: metadata['distance unit']?.value ?? '',
    worldUp: metadata['world up vector']?.XYZ ?? [0, 1, 0],
    defaultCamera: await defaultCamera(metadata['default camera']?.index, bytes),
  };
}

/** A pack file's entry count: the TOC offset is the uint32 8 bytes from the end; the TOC starts with a varint. */
function packEntryCount(pack: Uint8Array): number {
  const view = new DataView(pack.buffer, pack.byteOffset, pack.byteLength);
  let offset = view.getUint32(pack.byteLength - 8, true);
  let count = 0;
  for (let shift = 1; ; shift *= 128) {
    const byte = pack[offset++];
    count += (byte & 0x7f) * shift;
    if (byte < 0x80) return count;
  }
}

/** The entry offsets of a pack file (TOC: varint count, then uint32 offsets). */
function packEntries(pack: Uint8Array): number[] {
  const view = new DataView(pack.buffer, pack.byteOffset, pack.byteLength);
  let offset = view.getUint32(pack.byteLength - 8, true);
  let count = 0;
  for (let shift = 1; ; shift *= 128) {
    const byte = pack[offset++];
    count += (byte & 0x7f) * shift;
    if (byte < 0x80) break;
  }
  return Array.from({ length: count }, (_, i) => view.getUint32(offset + i * 4, true));
}

/** CameraList entry `index` → its CameraDefinitions entry's position and target (the list's transforms are identity here). */
async function defaultCamera(index: number | undefined, bytes: (name: string) => Promise<Uint8Array>) {
  if (index === undefined) return null;
  const list = await bytes('CameraList.bin');
  const definitions = await bytes('CameraDefinitions.bin');
  const listView = new DataView(list.buffer, list.byteOffset, list.byteLength);
  // Entry: uint32 type index, uint8 flags, uint32 definition index, ...
  const definition = listView.getUint32(packEntries(list)[index] + 5, true);
  const defView = new DataView(definitions.buffer, definitions.byteOffset, definitions.byteLength);
  // Entry: uint32 type index, uint8 projection, then position and target as float32 triples.
  const at = packEntries(definitions)[definition] + 5;
  const f = (i: number) => defView.getFloat32(at + i * 4, true);
  return { position: [f(0), f(1), f(2)], target: [f(3), f(4), f(5)] };
}
