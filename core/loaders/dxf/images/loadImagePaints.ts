import type { SheetPaint } from '../../sketch/SheetPaint.js';
import type { WorkerLoadContext } from '../../WorkerLoadContext.js';
import { imagePaint, imageUrlCandidates, type PlacedImage } from './dxfImages.js';

/**
 * The pictures of a drawing's IMAGEs, each file fetched once (at the first of its candidate URLs that
 * answers) and decoded; an IMAGE whose file is not found or not a picture is warned about and left out.
 */
export async function loadImagePaints(context: WorkerLoadContext, images: readonly PlacedImage[], definitions: ReadonlyMap<string, string>): Promise<SheetPaint[]> {
  const { fileName, url } = context.request;
  const pictures = new Map<string, Promise<ImageBitmap | null>>();
  const missing = new Set<string>();
  const pictureOf = (definition: string) => {
    let picture = pictures.get(definition);
    if (!picture) {
      const path = definitions.get(definition) ?? '';
      picture = fetchPicture(context, imageUrlCandidates(path, url)).then((bitmap) => {
        if (!bitmap) missing.add(path || `IMAGEDEF ${definition}`);
        return bitmap;
      });
      pictures.set(definition, picture);
    }
    return picture;
  };
  const paints: SheetPaint[] = [];
  for (const image of images) {
    const bitmap = await pictureOf(image.definition);
    if (bitmap) paints.push(imagePaint(image, bitmap));
  }
  if (missing.size) context.warn(`${fileName}: images not found or not pictures, not drawn: ${[...missing].join(', ')}.`);
  return paints;
}

async function fetchPicture(context: WorkerLoadContext, urls: readonly string[]): Promise<ImageBitmap | null> {
  for (const url of urls) {
    try {
      const response = await context.fetch(url);
      return await createImageBitmap(await response.blob());
    } catch {
      // Not there, or not a picture: the next candidate.
    }
  }
  return null;
}
