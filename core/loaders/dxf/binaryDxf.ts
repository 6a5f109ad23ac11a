/** What a binary DXF starts with. */
const SENTINEL = 'AutoCAD Binary DXF\r\n\x1a\0';

/** The group codes of each value type in a binary DXF (the others are zero-terminated strings). */
const ranges = (...pairs: [number, number][]) => (code: number) => pairs.some(([from, to]) => code >= from && code < to);
const isInt16 = ranges([60, 80], [170, 180], [270, 290], [370, 390], [400, 410], [1060, 1071]);
const isInt32 = ranges([90, 100], [420, 430], [440, 460], [1071, 1072]);
const isInt64 = ranges([160, 170]);
const isDouble = ranges([10, 60], [110, 150], [210, 240], [460, 470], [1010, 1060]);
const isBool = ranges([290, 300]);
const isChunk = ranges([310, 320], [1004, 1005]);

/** The value types of a fixed size: which codes, how many bytes, how they read (little-endian). */
const FIXED_SIZE: [(code: number) => boolean, number, (view: DataView, at: number) => string][] = [
  [isDouble, 8, (view, at) => String(view.getFloat64(at, true))],
  [isInt16, 2, (view, at) => String(view.getInt16(at, true))],
  [isInt32, 4, (view, at) => String(view.getInt32(at, true))],
  [isInt64, 8, (view, at) => String(view.getBigInt64(at, true))],
  [isBool, 1, (view, at) => String(view.getUint8(at))],
];

/** Whether a file is a binary DXF. */
export function isBinaryDxf(bytes: Uint8Array): boolean {
  return bytes.length >= SENTINEL.length && [...SENTINEL].every((c, i) => bytes[i] === c.charCodeAt(0));
}

/**
 * A binary DXF as the group codes and values of an ASCII one, for dxf-parser. Each group is its code (one
 * byte before AutoCAD R13, 255 then two for the larger codes; two bytes after) and its value, typed by the
 * code: little-endian integers and doubles, a byte for booleans, a length and bytes for binary chunks, else a
 * zero-terminated string, in the code page `decoderFor` gives once the header has named the version and the
 * code page. Throws when the file ends inside a group.
 */
export function binaryDxfText(bytes: Uint8Array, decoderFor: (version: string, codePage: string) => TextDecoder): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // R12 and before write one-byte group codes: the first group (0, "SECTION") then has "S" where R13 has its second 0.
  const oneByteCodes = bytes[SENTINEL.length + 1] !== 0;
  let decoder = decoderFor('', '');
  let at = SENTINEL.length;
  let variable = '';
  const header = { version: '', codePage: '' };
  const lines: string[] = [];
  const need = (count: number) => {
    if (at + count > bytes.length) throw new Error(`the file ends inside a group at byte ${at}`);
  };
  while (at < bytes.length) {
    need(1);
    let code = bytes[at];
    if (oneByteCodes) {
      at += 1;
      if (code === 255) {
        need(2);
        code = view.getUint16(at, true);
        at += 2;
      }
    } else {
      need(2);
      code = view.getUint16(at, true);
      at += 2;
    }
    let value: string;
    const fixed = FIXED_SIZE.find(([has]) => has(code));
    if (fixed) {
      const [, size, read] = fixed;
      need(size);
      value = read(view, at);
      at += size;
    } else if (isChunk(code)) {
      need(1);
      const length = bytes[at];
      need(1 + length);
      value = Array.from(bytes.subarray(at + 1, at + 1 + length), (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
      at += 1 + length;
    } else {
      const end = bytes.indexOf(0, at);
      if (end < 0) throw new Error(`the file ends inside a string at byte ${at}`);
      value = decoder.decode(bytes.subarray(at, end));
      at = end + 1;
      // The header names the version and the code page before any text that needs them.
      if (code === 9) variable = value;
      else if (variable === '$ACADVER' && code === 1) header.version = value;
      else if (variable === '$DWGCODEPAGE' && code === 3) header.codePage = value;
      if (code === 9 || code === 0) decoder = decoderFor(header.version, header.codePage);
    }
    lines.push(String(code), value);
    if (code === 0 && value === 'EOF') break;
  }
  return lines.join('\n') + '\n';
}
