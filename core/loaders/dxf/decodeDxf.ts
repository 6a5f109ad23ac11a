import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { decodableEncoding } from '../textEncodings.js';
import { binaryDxfText, isBinaryDxf } from './binaryDxf.js';

/**
 * $DWGCODEPAGE values → WHATWG encoding labels (what TextDecoder takes). DOS code pages other than 866 have no
 * decoder in the browser: they read as Windows-1252, which agrees with them on ASCII.
 */
const CODE_PAGES: Record<string, string> = {
  ANSI_874: 'windows-874',
  ANSI_932: 'shift_jis',
  ANSI_936: 'gbk',
  ANSI_949: 'euc-kr',
  ANSI_950: 'big5',
  ANSI_1250: 'windows-1250',
  ANSI_1251: 'windows-1251',
  ANSI_1252: 'windows-1252',
  ANSI_1253: 'windows-1253',
  ANSI_1254: 'windows-1254',
  ANSI_1255: 'windows-1255',
  ANSI_1256: 'windows-1256',
  ANSI_1257: 'windows-1257',
  ANSI_1258: 'windows-1258',
  DOS866: 'ibm866',
  BIG5: 'big5',
  GB2312: 'gbk',
  KSC5601: 'euc-kr',
  MACINTOSH: 'macintosh',
  UTF8: 'utf-8',
  'UTF-8': 'utf-8',
};
for (let part = 1; part <= 16; part++) CODE_PAGES[`ISO8859-${part}`] = `iso-8859-${part}`;

/** AutoCAD 2007 (AC1021) and later write DXF in UTF-8 whatever $DWGCODEPAGE says. */
const FIRST_UTF8_VERSION = 1021;
/** The header comes first: its variables are found in this many bytes. */
const HEADER_BYTES = 1 << 16;

/**
 * The text of a DXF. A binary DXF becomes the groups of an ASCII one (binaryDxfText). An ASCII DXF from
 * AutoCAD 2007 on is UTF-8. Before, it is in the header's $DWGCODEPAGE (ANSI_1252 and the like; Windows-1252
 * when it is missing or has no decoder), unless the bytes are valid UTF-8: many programs write older versions
 * in UTF-8, and text in a legacy code page is practically never valid UTF-8 once it leaves ASCII.
 */
export function decodeDxf(bytes: Uint8Array, fileName: string): string {
  if (isBinaryDxf(bytes)) {
    try {
      return binaryDxfText(bytes, (version, codePage) => new TextDecoder(encodingOf(version, codePage)));
    } catch (reason) {
      throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} could not be read as DXF: ${(reason as Error).message}.`);
    }
  }
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, HEADER_BYTES));
  const version = /\$ACADVER\s*\r?\n\s*1\s*\r?\n\s*(AC\d{4})/.exec(head)?.[1] ?? '';
  const codePage = /\$DWGCODEPAGE\s*\r?\n\s*3\s*\r?\n([^\r\n]*)/.exec(head)?.[1] ?? '';
  const encoding = encodingOf(version, codePage);
  if (encoding === 'utf-8') return new TextDecoder('utf-8').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder(encoding).decode(bytes);
  }
}

/** The text encoding of a DXF of this version ($ACADVER) and code page ($DWGCODEPAGE). */
function encodingOf(version: string, codePage: string): string {
  if (Number(/^AC(\d{4})$/.exec(version.trim())?.[1]) >= FIRST_UTF8_VERSION) return 'utf-8';
  return decodableEncoding(CODE_PAGES[codePage.trim().toUpperCase()] ?? 'windows-1252', 'windows-1252');
}
