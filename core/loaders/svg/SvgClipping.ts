import { ShapePath } from 'three';
import { ClipRegion } from '../sketch/ClipRegion.js';
import { type Affine2, compose, type Point2 } from '../sketch/Sketch.js';
import { CURVE_DIVISIONS } from './drawSvgShapes.js';
import type { ReferencedContent, ReferencedShape } from './ReferencedContent.js';
import { paintRgb, styleOf } from './svgStyle.js';

/** An element's bounding box in its own user space (its fill's geometry, as SVG's objectBoundingBox units mean). */
export interface UserBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Clip paths that clip themselves deeper than this are not followed (one that refers to itself). */
const MAX_NESTING = 16;

/**
 * Where an element's `clip-path` and `mask` let it show, as a region of the drawing that what it draws is
 * cut to. A clipPath's region is the union of its shapes, each filled by its clip-rule, in the user space of
 * the element that refers to it (or its bounding box, with clipPathUnits objectBoundingBox), cut by the
 * clipPath's own clip-path. A mask is approximated by a clip: its shapes in paint order, each whose fill is
 * not black nor transparent adding its area, each black one taking its area away (a luminance mask of white
 * shapes, with black ones cut out of them, is what files hold; grey and opacity show as white), cut to the
 * mask's rectangle where the file gives one; strokes in a mask are left out. A reference to nothing is no
 * clip (CSS Masking: as if none were given).
 */
export class SvgClipping {
  /** Each clipPath's and mask's region in its content's units, made once. */
  private readonly contentRegions = new Map<Element, ClipRegion>();

  constructor(private readonly content: ReferencedContent) {}

  /**
   * The region the element's clip-path and mask leave, in drawing coordinates, or null where it has neither.
   * `matrix`: its user space → the drawing; `box`: its bounding box in user space, asked for only where units
   * are objectBoundingBox (null where it is not known: such a clip is not applied).
   */
  regionOf(element: Element, matrix: Affine2, box: () => UserBox | null): ClipRegion | null {
    if (!this.content.has('clipPath') && !this.content.has('mask')) return null;
    const clipPath = this.referenced(element, 'clip-path', 'clipPath');
    const mask = this.referenced(element, 'mask', 'mask');
    let region = clipPath ? this.clipRegion(clipPath, matrix, box, 0) : null;
    if (mask) {
      const masked = this.maskRegion(mask, matrix, box);
      if (masked) region = region ? region.intersect(masked) : masked;
    }
    return region;
  }

  private clipRegion(clipPath: Element, matrix: Affine2, box: () => UserBox | null, nesting: number): ClipRegion | null {
    const placed = this.placement(clipPath.getAttribute('clipPathUnits'), matrix, box);
    if (!placed) return null;
    let region = this.contentRegion(clipPath, () => this.clipContent(clipPath)).transformed(placed);
    const nested = this.referenced(clipPath, 'clip-path', 'clipPath');
    if (nested && nesting < MAX_NESTING) {
      const outer = this.clipRegion(nested, matrix, box, nesting + 1);
      if (outer) region = region.intersect(outer);
    }
    return region;
  }

  private maskRegion(mask: Element, matrix: Affine2, box: () => UserBox | null): ClipRegion | null {
    const placed = this.placement(mask.getAttribute('maskContentUnits'), matrix, box);
    if (!placed) return null;
    let region = this.contentRegion(mask, () => this.maskContent(mask)).transformed(placed);
    const rectangle = this.maskRectangle(mask, matrix, box);
    if (rectangle) region = region.intersect(rectangle);
    return region;
  }

  /** Content units → the drawing: the user space, or the bounding box in it; null where the box is not known or flat. */
  private placement(units: string | null, matrix: Affine2, box: () => UserBox | null): Affine2 | null {
    if (units?.trim() !== 'objectBoundingBox') return matrix;
    const b = box();
    if (!b || !(b.width > 0) || !(b.height > 0)) return null;
    return compose(matrix, [b.width, 0, 0, b.height, b.x, b.y]);
  }

  private contentRegion(element: Element, make: () => ClipRegion): ClipRegion {
    let region = this.contentRegions.get(element);
    if (!region) this.contentRegions.set(element, (region = make()));
    return region;
  }

  /** The union of a clipPath's shapes, each filled by its clip-rule. */
  private clipContent(clipPath: Element): ClipRegion {
    const polygons = this.content.shapes(clipPath).flatMap((shape) => (isShown(shape) ? polygonsOf(shape, clipRuleOf(shape.source)) : []));
    return ClipRegion.fromPolygons(polygons);
  }

  /** A mask's shapes in paint order: light fills add their area, black ones take theirs away. */
  private maskContent(mask: Element): ClipRegion {
    let region = ClipRegion.empty();
    for (const shape of this.content.shapes(mask)) {
      const style = shape.path.userData?.style as { fill?: string; fillOpacity?: number; fillRule?: string } | undefined;
      if (!isShown(shape) || (style?.fillOpacity ?? 1) <= 0) continue;
      const rgb = paintRgb(style?.fill, shape.source);
      if (rgb === null) continue;
      const area = ClipRegion.fromPolygons(polygonsOf(shape, style?.fillRule === 'evenodd' ? 'evenodd' : 'nonzero'));
      region = rgb === 0 ? region.subtract(area) : region.union(area);
    }
    return region;
  }

  /** The mask's x, y, width and height, where the file gives any (the default, a tenth of the box around it, cuts little). */
  private maskRectangle(mask: Element, matrix: Affine2, box: () => UserBox | null): ClipRegion | null {
    if (!['x', 'y', 'width', 'height'].some((name) => mask.hasAttribute(name))) return null;
    const isBoxUnits = mask.getAttribute('maskUnits')?.trim() !== 'userSpaceOnUse';
    const b = isBoxUnits ? box() : { x: 0, y: 0, width: 1, height: 1 };
    if (!b) return null;
    // In box units a number is a fraction of the box (percentages too); in user space a percentage is not known here.
    const read = (name: string, fallback: number) => {
      const value = mask.getAttribute(name)?.trim() ?? '';
      const number = parseFloat(value);
      if (!Number.isFinite(number)) return fallback;
      return value.endsWith('%') ? (isBoxUnits ? number / 100 : NaN) : number;
    };
    const [x, y, width, height] = [read('x', -0.1), read('y', -0.1), read('width', 1.2), read('height', 1.2)];
    if (![x, y, width, height].every(Number.isFinite)) return null;
    const corners: Point2[] = [
      { x, y },
      { x: x + width, y },
      { x: x + width, y: y + height },
      { x, y: y + height },
    ];
    const placed = isBoxUnits ? compose(matrix, [b.width, 0, 0, b.height, b.x, b.y]) : matrix;
    return ClipRegion.fromPolygons([[corners]]).transformed(placed);
  }

  /** The clipPath or mask a property refers to (url(#id)), or null where it refers to nothing of that kind. */
  private referenced(element: Element, property: string, tag: string): Element | null {
    const id = urlOf(styleOf(element, property));
    const target = id ? element.ownerDocument.getElementById(id) : null;
    return target?.localName === tag ? target : null;
  }
}

/** The id in `url(#id)`, or null. */
export function urlOf(value: string): string | null {
  const match = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/.exec(value.trim());
  return match ? match[1] : null;
}

function clipRuleOf(element: Element): 'nonzero' | 'evenodd' {
  for (let e: Element | null = element; e; e = e.parentElement) {
    const value = styleOf(e, 'clip-rule');
    if (value === 'evenodd' || value === 'nonzero') return value;
  }
  return 'nonzero';
}

function isShown(shape: ReferencedShape): boolean {
  const style = shape.path.userData?.style as { visibility?: string; opacity?: number } | undefined;
  return style?.visibility !== 'hidden' && style?.opacity !== 0;
}

/** A shape's filled area by a fill rule: polygons, each its outer ring and its holes. */
function polygonsOf(shape: ReferencedShape, rule: 'nonzero' | 'evenodd'): Point2[][][] {
  const ruled = new ShapePath();
  ruled.subPaths = shape.path.subPaths;
  ruled.userData = { ...shape.path.userData, style: { ...(shape.path.userData?.style as object | undefined), fillRule: rule } };
  return ruled.toShapes().map((filled) => {
    const { shape: contour, holes } = filled.extractPoints(CURVE_DIVISIONS);
    return [contour, ...holes];
  });
}
