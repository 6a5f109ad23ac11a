import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';

/** ISO 10303-21 (STEP physical file): how every IFC file begins and ends. */
const STEP_START = 'ISO-10303-21;';
const STEP_END = 'END-ISO-10303-21;';
/** How far from each end the markers are looked for (comments and blank lines may surround them). */
const SCAN_BYTES = 8192;

/**
 * Checks that the bytes are a whole IFC file before web-ifc sees them: web-ifc reads a truncated file
 * as far as it goes and a foreign file as nothing at all, without an error. Returns the schema named in
 * FILE_SCHEMA ("IFC2X3", "IFC4"...). Failures are bad data (code 2) with a message saying what is wrong.
 */
export function checkIfcFile(data: Uint8Array, fileName: string): string {
  const decoder = new TextDecoder('latin1');
  const head = decoder.decode(data.subarray(0, SCAN_BYTES));
  if (!head.replace(/^\uFEFF/, '').trimStart().startsWith(STEP_START)) {
    throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} is not an IFC file: it does not begin with "${STEP_START}".`);
  }
  const tail = decoder.decode(data.subarray(Math.max(0, data.length - SCAN_BYTES)));
  if (!tail.includes(STEP_END)) {
    throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} is truncated: it does not end with "${STEP_END}".`);
  }
  const schema = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(head)?.[1] ?? '';
  if (!/^IFC/i.test(schema)) {
    throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} is a STEP file but not IFC (schema "${schema || 'none'}").`);
  }
  return schema.toUpperCase();
}
