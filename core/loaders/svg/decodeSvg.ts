import { gunzipSync } from 'fflate';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { decodableEncoding } from '../textEncodings.js';

/**
 * An SVG file's text: gunzipped first when it is an .svgz (gzip's magic bytes), then decoded as its byte order
 * mark or its XML declaration's encoding says (`<?xml version="1.0" encoding="ISO-8859-1"?>`), else as UTF-8,
 * XML's default.
 */
export function decodeSvg(file: Uint8Array, fileName: string): string {
  const bytes = file[0] === 0x1f && file[1] === 0x8b ? gunzipped(file, fileName) : file;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const declaration = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 256)));
  return new TextDecoder(decodableEncoding(declaration?.[1] ?? 'utf-8', 'utf-8')).decode(bytes);
}

function gunzipped(file: Uint8Array, fileName: string): Uint8Array {
  try {
    return gunzipSync(file);
  } catch (reason) {
    throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} could not be read as SVG: its gzip data is broken (${(reason as Error).message}).`);
  }
}
