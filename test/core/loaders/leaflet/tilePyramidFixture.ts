import { executeServerCommand } from '@web/test-runner-commands';
import { zipSync } from 'fflate';
import { findCentralDirectory } from '../../../../core/loaders/leaflet/zipDirectory.js';
import { sampleUrl } from '../../../support/helpers.js';

/** The image the pyramids are cut from: the DamagedHelmet sample's base colour texture (Khronos, CC-BY 4.0), scaled. */
export const IMAGE_WIDTH = 1000;
export const IMAGE_HEIGHT = 750;
export const TILE_SIZE = 256;
/** 2^10 ≥ 1000: level 10 is full resolution, levels 0–7 (smaller than a tile) are not written, as in an APS pyramid. */
export const MAX_LEVEL = 10;
export const ROOT_LEVEL = 8;

export interface Pyramid {
  /** URL of the folder holding `{z}/{x}_{y}.png`. */
  folder: string;
  /** URL of a zip of the same tiles. */
  zip: string;
  /** The zip's central directory (as a leaflet node gives it). */
  centralDirectory: { centralDirOffset: number; length: number; entries: number };
  /** The full-resolution image, to compare with. */
  image: OffscreenCanvas;
  /** Tile paths written ("z/x_y.png"). */
  tiles: string[];
}

/** The base colour texture of the helmet sample: the GLB's first image. */
async function helmetTexture(): Promise<ImageBitmap> {
  const glb = new Uint8Array(await (await fetch(sampleUrl('gltf/DamagedHelmet.glb'))).arrayBuffer());
  const view = new DataView(glb.buffer);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  const binStart = 20 + jsonLength + 8;
  const material = json.materials[0];
  const image = json.images[json.textures[material.pbrMetallicRoughness.baseColorTexture.index].source];
  const bufferView = json.bufferViews[image.bufferView];
  const bytes = glb.subarray(binStart + (bufferView.byteOffset ?? 0), binStart + (bufferView.byteOffset ?? 0) + bufferView.byteLength);
  return createImageBitmap(new Blob([bytes], { type: image.mimeType }));
}

function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/**
 * Cuts the texture (scaled to 1000×750) into 256 px PNG tiles, levels 8 (250×188, one tile) to 10 (4×3
 * tiles), tile 0_0 at the top-left, edge tiles cut to the image; writes them under test/.generated/<name>/
 * as a folder and as a zip (deflated), leaving out the tiles named in `omit` and writing text instead of an
 * image for those in `corrupt`; PNG tiles, or JPEG ones.
 */
export async function writePyramid(name: string, omit: readonly string[] = [], corrupt: readonly string[] = [], format: 'png' | 'jpg' = 'png'): Promise<Pyramid> {
  const texture = await helmetTexture();
  const image = new OffscreenCanvas(IMAGE_WIDTH, IMAGE_HEIGHT);
  image.getContext('2d')!.drawImage(texture, 0, 0, IMAGE_WIDTH, IMAGE_HEIGHT);
  const files: Record<string, Uint8Array> = {};
  for (let z = ROOT_LEVEL; z <= MAX_LEVEL; z++) {
    const w = Math.ceil(IMAGE_WIDTH / 2 ** (MAX_LEVEL - z));
    const h = Math.ceil(IMAGE_HEIGHT / 2 ** (MAX_LEVEL - z));
    const level = new OffscreenCanvas(w, h);
    const context = level.getContext('2d')!;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, w, h);
    for (let y = 0; y * TILE_SIZE < h; y++) {
      for (let x = 0; x * TILE_SIZE < w; x++) {
        const path = `${z}/${x}_${y}.${format}`;
        if (omit.includes(path)) continue;
        if (corrupt.includes(path)) {
          files[path] = new TextEncoder().encode('not a PNG');
          continue;
        }
        const tw = Math.min(TILE_SIZE, w - x * TILE_SIZE);
        const th = Math.min(TILE_SIZE, h - y * TILE_SIZE);
        const tile = new OffscreenCanvas(tw, th);
        tile.getContext('2d')!.drawImage(level, x * TILE_SIZE, y * TILE_SIZE, tw, th, 0, 0, tw, th);
        files[path] = new Uint8Array(await (await tile.convertToBlob({ type: format === 'png' ? 'image/png' : 'image/jpeg', quality: 0.95 })).arrayBuffer());
      }
    }
  }
  const zip = zipSync(files, { level: 6 });
  const { offset, length, entries } = findCentralDirectory(zip, 'the test zip');
  const written: Record<string, string> = { 'pyramid.zip': base64(zip) };
  for (const [path, bytes] of Object.entries(files)) written[`tiles/${path}`] = base64(bytes);
  const folder = await executeServerCommand<string, { folder: string; files: Record<string, string> }>('write-generated-files', { folder: name, files: written });
  const base = new URL(folder!, location.origin).href;
  return { folder: `${base}tiles/`, zip: `${base}pyramid.zip`, centralDirectory: { centralDirOffset: offset, length, entries }, image, tiles: Object.keys(files) };
}
