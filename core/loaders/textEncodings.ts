/** The encoding label when this browser has a decoder for it, else the fallback. */
export function decodableEncoding(label: string, fallback: string): string {
  try {
    new TextDecoder(label);
    return label;
  } catch {
    return fallback;
  }
}
