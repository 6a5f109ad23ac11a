import { inflateSync } from 'fflate';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';

/** An entry of a zip's central directory: where its local header is, how it is stored. */
export interface ZipEntry {
  name: string;
  /** 0: stored, 8: deflated. */
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
  /** The central record's extra field length (the local one may differ). */
  extraLength: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const decoder = new TextDecoder();

function badZip(what: string, detail: string): ViewerError {
  return new ViewerError(ErrorCode.BAD_DATA, `${what} is not a readable zip: ${detail}.`);
}

/** The central directory's offset, size and entry count, from the end-of-central-directory record of a whole zip. */
export function findCentralDirectory(bytes: Uint8Array, what: string): { offset: number; length: number; entries: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) !== EOCD) continue;
    return { entries: view.getUint16(i + 10, true), length: view.getUint32(i + 12, true), offset: view.getUint32(i + 16, true) };
  }
  throw badZip(what, 'no end of central directory record');
}

/** Reads the records of a central directory (the bytes of the directory alone), by entry name. */
export function readCentralDirectory(bytes: Uint8Array, what: string): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  while (at + 46 <= bytes.length && view.getUint32(at, true) === CENTRAL) {
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.set(name, {
      name,
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      extraLength,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (entries.size === 0 && bytes.length > 0) throw badZip(what, 'its central directory has no records');
  return entries;
}

/**
 * The file data of an entry, from bytes that start at its local header (`bytes` may hold more after it).
 * Returns null when `bytes` is too short to hold all of it (the caller reads more).
 */
export function entryData(bytes: Uint8Array, entry: ZipEntry, what: string): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 30) return null;
  if (view.getUint32(0, true) !== LOCAL) throw badZip(what, `no local header for ${entry.name}`);
  const start = 30 + view.getUint16(26, true) + view.getUint16(28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) return null;
  const data = bytes.subarray(start, end);
  if (entry.method === 0) return data;
  if (entry.method === 8) {
    try {
      return inflateSync(data, { out: new Uint8Array(entry.size) });
    } catch (reason) {
      throw badZip(what, `${entry.name} does not inflate (${(reason as Error)?.message ?? reason})`);
    }
  }
  throw badZip(what, `${entry.name} uses compression method ${entry.method}`);
}

/** Bytes to read from an entry's local header to hold all of it, with room for a local extra field. */
export function entrySpan(entry: ZipEntry): number {
  return 30 + new TextEncoder().encode(entry.name).length + entry.extraLength + entry.compressedSize + 256;
}
