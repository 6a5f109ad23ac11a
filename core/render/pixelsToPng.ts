/** Encodes RGBA pixels (top row first) as a PNG. */
export function pixelsToPng(pixels: { width: number; height: number; data: Uint8Array }): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = pixels.width;
  canvas.height = pixels.height;
  const data = new Uint8ClampedArray(pixels.data.buffer as ArrayBuffer, pixels.data.byteOffset, pixels.data.byteLength);
  canvas.getContext('2d')!.putImageData(new ImageData(data, pixels.width, pixels.height), 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Screenshot failed'))), 'image/png'));
}
