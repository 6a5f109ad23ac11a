import { type Affine2, type Point2 } from '../sketch/Sketch.js';
import type { SheetPaint } from '../sketch/SheetPaint.js';

/** What an <image> shows where: its picture and its corners on the drawing (u, v from the picture's top left). */
interface PlacedPicture {
  corners: Point2[];
  uvs: number[];
}

/**
 * An <image> as a paint of its object: its picture (a data: URL, or a file relative to the SVG) loaded on the
 * page, placed in its viewport (x, y, width, height) as preserveAspectRatio says (meet: all of it, aligned;
 * slice: cropped to the viewport; none: stretched), through the element's transform. Null when the picture
 * cannot be had (not found, not a picture, a relative file of an SVG without a folder).
 */
export async function svgImagePaint(element: Element, href: string, matrix: Affine2, dbId: number, baseUrl: string): Promise<SheetPaint | null> {
  let url: string;
  try {
    url = new URL(href, baseUrl).href;
  } catch {
    return null;
  }
  let bitmap: ImageBitmap;
  try {
    const picture = new Image();
    picture.src = url;
    await picture.decode();
    bitmap = await createImageBitmap(picture);
  } catch {
    return null;
  }
  const length = (name: string, fallback: number) => {
    const value = parseFloat(element.getAttribute(name) ?? '');
    return Number.isFinite(value) ? value : fallback;
  };
  const x = length('x', 0);
  const y = length('y', 0);
  const width = length('width', bitmap.width);
  const height = length('height', bitmap.height);
  if (!(width > 0 && height > 0)) return null;
  const placed = place({ x, y, width, height }, bitmap, element.getAttribute('preserveAspectRatio') ?? '', matrix);
  const [a, b, c, d] = placed.corners;
  const uv = (i: number) => [placed.uvs[i * 2], placed.uvs[i * 2 + 1]];
  return {
    dbId,
    kind: 'image',
    overFills: false,
    positions: [a.x, a.y, b.x, b.y, c.x, c.y, a.x, a.y, c.x, c.y, d.x, d.y],
    uvs: [...uv(0), ...uv(1), ...uv(2), ...uv(0), ...uv(2), ...uv(3)],
    image: { bitmap, width: bitmap.width, height: bitmap.height },
    rgb: 0xffffff,
  };
}

/** The picture's visible part in its viewport (user units, y down), its corners through the transform. */
function place(viewport: { x: number; y: number; width: number; height: number }, picture: { width: number; height: number }, aspect: string, m: Affine2): PlacedPicture {
  const [align = 'xMidYMid', fit = 'meet'] = aspect.trim().split(/\s+/);
  let [ix, iy, iw, ih] = [viewport.x, viewport.y, viewport.width, viewport.height];
  if (align !== 'none') {
    const scaleX = viewport.width / picture.width;
    const scaleY = viewport.height / picture.height;
    const scale = fit === 'slice' ? Math.max(scaleX, scaleY) : Math.min(scaleX, scaleY);
    [iw, ih] = [picture.width * scale, picture.height * scale];
    const share = (axis: 'x' | 'y') => (align.includes(`${axis}Min`) ? 0 : align.includes(`${axis}Max`) ? 1 : 0.5);
    ix = viewport.x + (viewport.width - iw) * share('x');
    iy = viewport.y + (viewport.height - ih) * share('y');
  }
  // What shows: the picture cut to its viewport (a slice overflows it).
  const [x0, y0] = [Math.max(ix, viewport.x), Math.max(iy, viewport.y)];
  const [x1, y1] = [Math.min(ix + iw, viewport.x + viewport.width), Math.min(iy + ih, viewport.y + viewport.height)];
  const corner = (x: number, y: number) => ({ x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] });
  const u = (x: number) => (x - ix) / iw;
  const v = (y: number) => (y - iy) / ih;
  return {
    corners: [corner(x0, y1), corner(x1, y1), corner(x1, y0), corner(x0, y0)],
    uvs: [u(x0), v(y1), u(x1), v(y1), u(x1), v(y0), u(x0), v(y0)],
  };
}
