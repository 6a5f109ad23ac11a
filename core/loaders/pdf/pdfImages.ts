import { type Affine2, compose } from '../sketch/Sketch.js';
import type { PdfjsModule } from './loadPdfjs.js';
import type { SheetImage } from '../sketch/SheetPaint.js';

/**
 * Where an image-painting operator's picture comes from: a decoded image pdf.js keeps by id (page.objs, or
 * commonObjs for ids starting "g_"), or one inline in the operator's arguments. A stencil mask (`isMask`) is
 * coverage only: painted in the fill colour.
 */
export interface ImageSource {
  /** The picture's key: its pdf.js id, or `inline:<operator index>[:<n>]`. */
  key: string;
  objId: string | null;
  inline: PdfjsImageData | null;
  isMask: boolean;
}

/** An image painted once or more (a repeated image): the unit square mapped by each matrix, showing part of the picture. */
export interface ImageQuad {
  /** Image space (the unit square, the picture's top row at y = 1) → sheet. */
  matrix: Affine2;
  /** The part of the picture it shows: left, top, right, bottom, 0–1 of its width and height (v down). */
  part: readonly [number, number, number, number];
}

/** All of a picture. */
const WHOLE: ImageQuad['part'] = [0, 0, 1, 1];

/** What pdf.js gives for a decoded image: bytes of an ImageKind, or a bitmap. */
export interface PdfjsImageData {
  width: number;
  height: number;
  /** pdf.js's ImageKind: 1 grey 1 bit per pixel (rows padded to bytes), 2 RGB, 3 RGBA. Masks: 1 bit, 0 painted. */
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray | null;
  bitmap?: ImageBitmap | null;
}

const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

/**
 * The largest side a sheet's image keeps on the GPU (larger ones are scaled down): 4096 × 4096 RGBA with its
 * mipmaps is 85 MiB, and every WebGL2 device this viewer meets takes a texture this size.
 */
export const MAX_IMAGE_SIDE = 4096;
/** Pictures read for one page at most (each becomes a texture and a draw call); more are left out, with a warning. */
export const MAX_PAGE_IMAGES = 256;

/** The pictures an image-painting operator uses (none for other operators, and for a solid-colour mask). */
export function imageSources(OPS: PdfjsModule['OPS'], fn: number, args: unknown[] | null, index: number): ImageSource[] {
  const first = args?.[0];
  switch (fn) {
    case OPS.paintImageXObject:
    case OPS.paintImageXObjectRepeat:
      return typeof first === 'string' ? [{ key: first, objId: first, inline: null, isMask: false }] : [];
    case OPS.paintInlineImageXObject:
    case OPS.paintInlineImageXObjectGroup:
      return isImageData(first) ? [{ key: `inline:${index}`, objId: null, inline: first, isMask: false }] : [];
    case OPS.paintImageMaskXObject:
    case OPS.paintImageMaskXObjectRepeat:
      return maskSource(first, `inline:${index}`);
    case OPS.paintImageMaskXObjectGroup:
      return Array.isArray(first) ? first.flatMap((image, n) => maskSource(image, `inline:${index}:${n}`)) : [];
    default:
      return [];
  }
}

/**
 * Where an image-painting operator puts its pictures, the CTM being `ctm`: once (paintImageXObject and the
 * inline and mask forms), at each of its positions (the Repeat forms, which pdf.js makes of a run of the same
 * image), each part of one picture at its own place (an inline image group), or each mask of a group at its
 * own place.
 */
export function imagePlacements(OPS: PdfjsModule['OPS'], fn: number, args: unknown[] | null, index: number, ctm: Affine2): { source: ImageSource; quads: ImageQuad[] }[] {
  const sources = imageSources(OPS, fn, args, index);
  const at = (m: ArrayLike<number>): Affine2 => compose(ctm, Array.from(m) as unknown as Affine2);
  const repeated = (scale: [number, number, number, number], offsets: unknown): ImageQuad[] => {
    const xy = Array.isArray(offsets) || ArrayBuffer.isView(offsets) ? Array.from(offsets as ArrayLike<number>) : [];
    const quads: ImageQuad[] = [];
    for (let k = 0; k + 1 < xy.length; k += 2) quads.push({ matrix: at([...scale, xy[k], xy[k + 1]]), part: WHOLE });
    return quads;
  };
  let quads: ImageQuad[];
  switch (fn) {
    case OPS.paintImageXObjectRepeat: {
      const [, scaleX, scaleY, offsets] = args as [string, number, number, unknown];
      quads = repeated([scaleX, 0, 0, scaleY], offsets);
      break;
    }
    case OPS.paintImageMaskXObjectRepeat: {
      const [, scaleX, skewX, skewY, scaleY, offsets] = args as [unknown, number, number, number, number, unknown];
      quads = repeated([scaleX, skewX, skewY, scaleY], offsets);
      break;
    }
    case OPS.paintInlineImageXObjectGroup: {
      const [image, map] = args as [{ width: number; height: number }, { transform: number[]; x: number; y: number; w: number; h: number }[] | null];
      quads = (map ?? []).map((entry) => ({ matrix: at(entry.transform), part: [entry.x / image.width, entry.y / image.height, (entry.x + entry.w) / image.width, (entry.y + entry.h) / image.height] }));
      break;
    }
    case OPS.paintImageMaskXObjectGroup: {
      const images = (args?.[0] ?? []) as { transform?: number[] }[];
      return sources.map((source, k) => ({ source, quads: [{ matrix: at(images[k]?.transform ?? [1, 0, 0, 1, 0, 0]), part: WHOLE }] }));
    }
    default:
      quads = [{ matrix: ctm, part: WHOLE }];
  }
  return sources.map((source) => ({ source, quads }));
}

function maskSource(image: unknown, inlineKey: string): ImageSource[] {
  if (!image || typeof image !== 'object') return [];
  const data = (image as { data?: unknown }).data;
  if (typeof data === 'string') return [{ key: data, objId: data, inline: null, isMask: true }];
  return isImageData(image) ? [{ key: inlineKey, objId: null, inline: image, isMask: true }] : [];
}

function isImageData(value: unknown): value is PdfjsImageData {
  const image = value as PdfjsImageData | null;
  return Boolean(image && typeof image === 'object' && image.width > 0 && image.height > 0 && (image.data || image.bitmap));
}

interface PdfjsObjects {
  get(objId: string, callback: (data: unknown) => void, errorCallback?: (reason: unknown) => void): unknown;
}

/**
 * Reads the pictures a page's operators paint (the first MAX_PAGE_IMAGES of them), each once: pdf.js decodes
 * them in its worker as the operator list is built and hands them over as they come (awaited here), mostly
 * as ImageBitmaps. Each becomes a bitmap of our own, unpremultiplied (texture filtering and blending want
 * straight alpha) and no larger than MAX_IMAGE_SIDE; a mask becomes white with its coverage as alpha (the
 * fill colour is the material's). A picture pdf.js could not decode maps to null. Runs in the loader worker.
 */
export async function readSheetImages(
  pdfjs: PdfjsModule,
  page: { objs: PdfjsObjects; commonObjs: PdfjsObjects },
  list: { fnArray: number[]; argsArray: unknown[] },
): Promise<Map<string, SheetImage | null>> {
  const sources = new Map<string, ImageSource>();
  for (let i = 0; i < list.fnArray.length && sources.size < MAX_PAGE_IMAGES; i++) {
    for (const source of imageSources(pdfjs.OPS, list.fnArray[i], list.argsArray[i] as unknown[] | null, i)) if (!sources.has(source.key)) sources.set(source.key, source);
  }
  const entries = await Promise.all(
    [...sources.values()].map(async (source): Promise<[string, SheetImage | null]> => {
      try {
        const data = source.inline ?? (await decoded(source.objId!.startsWith('g_') ? page.commonObjs : page.objs, source.objId!));
        return [source.key, isImageData(data) ? await toBitmap(data, source.isMask) : null];
      } catch {
        return [source.key, null];
      }
    }),
  );
  return new Map(entries);
}

/** A decoded object, once pdf.js has it (it resolves a failed image as null). */
function decoded(objects: PdfjsObjects, objId: string): Promise<unknown> {
  return new Promise((resolve, reject) => void objects.get(objId, resolve, reject));
}

async function toBitmap(image: PdfjsImageData, isMask: boolean): Promise<SheetImage> {
  const { width, height } = image;
  const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(width, height));
  const options: ImageBitmapOptions = { premultiplyAlpha: 'none', colorSpaceConversion: 'none' };
  if (scale < 1) Object.assign(options, { resizeWidth: Math.max(1, Math.round(width * scale)), resizeHeight: Math.max(1, Math.round(height * scale)), resizeQuality: 'high' });
  let source: ImageBitmap | ImageData;
  if (isMask) source = maskPixels(image);
  else if (image.bitmap) source = image.bitmap;
  else source = colourPixels(image);
  return { bitmap: await createImageBitmap(source, options), width, height };
}

/** An image's bytes (pdf.js's ImageKind) as RGBA. */
function colourPixels(image: PdfjsImageData): ImageData {
  const { width, height, kind } = image;
  const src = image.data!;
  const out = new Uint8ClampedArray(width * height * 4);
  if (kind === RGBA_32BPP) out.set(src.subarray(0, out.length));
  else if (kind === RGB_24BPP) {
    for (let i = 0, o = 0; o < out.length && i + 2 < src.length; i += 3, o += 4) {
      out[o] = src[i];
      out[o + 1] = src[i + 1];
      out[o + 2] = src[i + 2];
      out[o + 3] = 255;
    }
  } else if (kind === GRAYSCALE_1BPP) {
    // One bit a pixel, rows padded to whole bytes: 1 is white.
    forEachBit(src, width, height, (p, bit) => {
      const v = bit ? 255 : 0;
      out[p * 4] = out[p * 4 + 1] = out[p * 4 + 2] = v;
      out[p * 4 + 3] = 255;
    });
  } else throw new Error(`bad image kind ${String(kind)}`);
  return new ImageData(out, width, height);
}

/**
 * A stencil mask as white with its coverage as alpha. pdf.js's mask bytes are 1 bit a pixel, 0 where it paints
 * (the mask's Decode applied); its mask bitmaps are opaque where it paints and clear elsewhere.
 */
function maskPixels(image: PdfjsImageData): ImageData {
  const { width, height } = image;
  const out = new Uint8ClampedArray(width * height * 4).fill(255);
  if (image.bitmap) {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d')!;
    context.drawImage(image.bitmap, 0, 0);
    const read = context.getImageData(0, 0, width, height).data;
    for (let o = 3; o < out.length; o += 4) out[o] = read[o];
  } else {
    forEachBit(image.data!, width, height, (p, bit) => void (out[p * 4 + 3] = bit ? 0 : 255));
  }
  return new ImageData(out, width, height);
}

function forEachBit(src: ArrayLike<number>, width: number, height: number, each: (pixel: number, bit: number) => void): void {
  const rowBytes = (width + 7) >> 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const byte = src[y * rowBytes + (x >> 3)] ?? 255;
      each(y * width + x, (byte >> (7 - (x & 7))) & 1);
    }
  }
}
