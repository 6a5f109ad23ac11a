/** How a file's first bytes tell its format, for URLs without an extension (download endpoints). */
export interface FormatSignature {
  /** What the user reads in messages. */
  name: string;
  /** The loader worker's format that reads it (workerFormats). */
  format: string;
  /** `head`: the file's first bytes; `text`: the same read as Latin-1, without a byte order mark or leading whitespace. */
  matches(head: Uint8Array, text: string): boolean;
}

/** How many of a file's first bytes the signatures look at (a glTF JSON's "asset" may follow its "extensionsUsed"). */
export const SNIFF_BYTES = 4096;

const startsWith = (head: Uint8Array, magic: readonly number[]) => magic.every((byte, i) => head[i] === byte);

/**
 * The formats a file without an extension is recognised as, in the order they are tried. One line per
 * format.
 */
export const FORMAT_SIGNATURES: readonly FormatSignature[] = [
  { name: 'glTF binary (.glb)', format: 'gltf', matches: (head) => startsWith(head, [0x67, 0x6c, 0x54, 0x46]) },
  { name: 'glTF JSON (.gltf)', format: 'gltf', matches: (_, text) => text.startsWith('{') && /"asset"\s*:\s*\{/.test(text) },
  { name: 'IFC (.ifc)', format: 'ifc', matches: (_, text) => text.startsWith('ISO-10303-21;') },
  { name: 'PDF (.pdf)', format: 'pdf', matches: (_, text) => text.startsWith('%PDF-') },
  // An ASCII DXF opens with a section (after a 999 comment, if any): group code 0, then SECTION; a binary one with its sentinel.
  { name: 'DXF (.dxf)', format: 'dxf', matches: (_, text) => /^(999\r?\n[^\r\n]*\r?\n\s*)?0\r?\n\s*SECTION\s/.test(text) || text.startsWith('AutoCAD Binary DXF\r\n') },
  // SVG, read on the page: an <svg> root, after an XML declaration, comments or a doctype, if any.
  { name: 'SVG (.svg)', format: 'svg', matches: (_, text) => /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/.test(text) },
  { name: 'zip holding an SVF or an IFC (.zip, .ifczip)', format: 'zip', matches: (head) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]) },
];

/** The signature a file's first bytes match, or null. */
export function signatureOf(head: Uint8Array): FormatSignature | null {
  const text = new TextDecoder('latin1').decode(head).replace(/^\uFEFF/, '').trimStart();
  return FORMAT_SIGNATURES.find((signature) => signature.matches(head, text)) ?? null;
}
