import type { ClipRegion } from '../sketch/ClipRegion.js';
import { type Affine2, compose, IDENTITY, type Point2, type Sketch } from '../sketch/Sketch.js';
import { boxAround, type ClipBox, clipPathArea, clipPolylineTo, clipToTriangles, insideBox, intersectBoxes, transformPoint } from './pdfClip.js';
import type { PdfjsModule } from './loadPdfjs.js';
import { affineScale, dashed, fillPolygons, readPath, triangulate } from './pdfPaths.js';
import type { PdfPaints } from './PdfPaints.js';
import type { StrokeStyle } from '../sketch/strokeBand.js';
import { type GlyphSource, TextPlacement } from './pdfGlyphs.js';
import { type ImageQuad, imagePlacements, MAX_PAGE_IMAGES } from './pdfImages.js';

/**
 * What an object of the page is: a stroked path, a filled one (stroked too or not), a text item, an image
 * (or an image mask), or a shading (`sh`, or a path filled with a shading pattern).
 */
export type PdfObjectKind = 'Path' | 'Fill' | 'Text' | 'Image' | 'Shading';

/** One object of the page: a path painting operation, a text item, an image or a shading. */
export interface PdfObject {
  kind: PdfObjectKind;
  /** The optional content group (layer) it is drawn in: pdf.js's id of the OCG ("5R"), or null. */
  ocg: string | null;
  /** Its colour: the stroke's for a path, the fill's for a fill or a mask, the text's for a text item; null for an image or a shading. */
  rgb: number | null;
  /** Stroked paths: the line width, in points. */
  lineWidth?: number;
  text?: string;
  /** Images: the picture's size in pixels. */
  pixels?: { width: number; height: number };
  /** Shadings: axial, radial or mesh. */
  shading?: string;
}

/**
 * A character shown by a text operator, with the layer, colour and clip it was shown in (to attribute text
 * items, and to leave out those anchored where the clip hides them).
 */
export interface ShownCharacter {
  char: string;
  ocg: string | null;
  rgb: number;
  clip: ClipBox | null;
  region: ClipRegion | null;
  /** A glyph with no readable text (no ToUnicode): its filled outline on the sheet, as triangles. */
  outline?: Point2[][];
  /** Shown neither filled nor stroked (text rendering mode 3 or 7: a scan's recognised text, a text clip): read, not drawn. */
  invisible?: boolean;
}

/** What the operators drew: objects (in dbId order from the first given), shown text, and what was left out. */
export interface DrawnOperators {
  objects: PdfObject[];
  shown: ShownCharacter[];
  /** Operations not drawn, or drawn in grey (tiling patterns, undecodable images, images past the page's limit), by kind: counted for a warning. */
  skipped: Map<string, number>;
}

interface GraphicsState {
  ctm: Affine2;
  stroke: number;
  fill: number;
  lineWidth: number;
  /** Line cap, line join and miter limit (J, j, M). */
  lineStyle: StrokeStyle;
  /** The text rendering mode (Tr): 3 and 7 show nothing. */
  textMode: number;
  /** The dash pattern (on, off… lengths in user space) and its phase; empty: solid. */
  dash: readonly number[];
  dashPhase: number;
  /**
   * The clip's box on the sheet (the page's box to begin with): what falls outside is not drawn. A clipping
   * path that is an axis-aligned rectangle narrows it alone; another narrows it to its bounds as well.
   */
  clip: ClipBox | null;
  /** The clipping paths that were not axis-aligned rectangles, intersected, on the sheet; null: none (the box alone clips). */
  region: ClipRegion | null;
  /** Pattern space → sheet: the page's, or a form XObject's (a pattern's matrix is relative to it). */
  base: Affine2;
  /** The fill is a shading pattern: pdf.js's id of the shading and the pattern's matrix. */
  fillShading: { id: string; matrix: Affine2 | null } | null;
  /** The fill, or the stroke, is a pattern that is not drawn (grey stands in). */
  fillGrey: boolean;
  strokeGrey: boolean;
}

/** A PDF stroke's ends and joints until J, j and M say otherwise: butt caps, miter joins, limit 10 (PDF 32000 §8.4.1). */
const PDF_STROKE: StrokeStyle = { cap: 'butt', join: 'miter', miterLimit: 10 };
/** Line cap styles by J's number. */
const PDF_CAPS: readonly StrokeStyle['cap'][] = ['butt', 'round', 'square'];
/** Line join styles by j's number. */
const PDF_JOINS: readonly StrokeStyle['join'][] = ['miter', 'round', 'bevel'];
/** No colour: a transparent (pattern-less) stroke or fill paints nothing. */
const NONE = -1;
/** A pattern's colour stands in as grey where a pattern is not drawn (tiling patterns, shading patterns of strokes and text). */
const PATTERN_GREY = 0x808080;
/**
 * Lines wider than this (in points: just over 0.25 mm, AutoCAD's default lineweight) are drawn with their
 * width as well, in bands the `lineWeights` preference shows or not; thinner ones are one pixel wide.
 */
const WIDE_LINE = 0.75;
/** Curves get about one segment per this many sheet units (mm) of their control polygon, at least. */
const CURVE_TOLERANCE = 0.05;
/** The unit square image space maps to the page. */
const UNIT_SQUARE: readonly Point2[] = [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }];

/**
 * Interprets a page's operator list (pdf.js's page.getOperatorList()) into the sketch: each path painting
 * operation becomes an object, its strokes as line pairs (curves flattened) and its fills as triangles (holes
 * by nesting), in `page` coordinates (user space → sheet). Colours come as pdf.js gives them (gray, RGB and
 * CMYK as "#rrggbb"); save/restore, transform and form XObjects nest the CTM; marked content with an OC
 * property tells each object's layer; dash patterns cut strokes; clipping paths (the page's box first) cut
 * what is painted after them to their shapes, by their fill rules (a box where they are rectangles, else a
 * ClipRegion). Lines 1.5 pt wide or more are drawn with their width (no caps or mitres: square joints); thinner
 * ones are one pixel wide. Images (and image masks, in the fill colour) and shadings (`sh`, and fills with a
 * shading pattern) go to `paints`, each an object too; without it they are left out, as tiling patterns are
 * (their fills grey).
 */
export function drawOperators(
  pdfjs: PdfjsModule,
  list: { fnArray: number[]; argsArray: unknown[] },
  sketch: Sketch,
  page: Affine2,
  pageBox: ClipBox | null,
  firstDbId: number,
  paints: PdfPaints | null = null,
  glyphs: GlyphSource | null = null,
): DrawnOperators {
  const OPS = pdfjs.OPS;
  const objects: PdfObject[] = [];
  const shown: ShownCharacter[] = [];
  const skipped = new Map<string, number>();
  const skip = (what: string) => skipped.set(what, (skipped.get(what) ?? 0) + 1);
  let state: GraphicsState = { ctm: page, stroke: 0, fill: 0, lineWidth: 1, lineStyle: PDF_STROKE, textMode: 0, dash: [], dashPhase: 0, clip: pageBox, region: null, base: page, fillShading: null, fillGrey: false, strokeGrey: false };
  const stack: GraphicsState[] = [];
  const text = glyphs ? new TextPlacement(OPS, glyphs) : null;
  // Each marked-content level: its OCG, or the one it sits in.
  const marked: (string | null)[] = [];
  const ocg = () => (marked.length ? marked[marked.length - 1] : null);
  const STROKES = new Set<number>([OPS.stroke, OPS.closeStroke]);
  const FILLS = new Set<number>([OPS.fill, OPS.eoFill]);
  const BOTH = new Set<number>([OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);

  /** The clip a `W` (non-zero) or `W*` (even-odd) sets with the next path painted, if one came. */
  let pendingClip: 'nonzero' | 'evenodd' | null = null;
  /** A clipping path (its subpaths' points on the sheet) narrows the clip: to a box, or to a region of its shape. */
  const narrowClip = (rings: Point2[][], rule: 'nonzero' | 'evenodd') => {
    const area = clipPathArea(rings, rule === 'evenodd');
    if ('box' in area) {
      state.clip = intersectBoxes(state.clip, area.box);
      return;
    }
    state.region = state.region ? state.region.intersect(area.region) : area.region;
    state.clip = intersectBoxes(state.clip, state.region.box);
  };
  const paint = (op: number, data: ArrayLike<number> | null | undefined) => {
    const stroke = (STROKES.has(op) || BOTH.has(op)) && state.stroke !== NONE;
    const fill = (FILLS.has(op) || BOTH.has(op)) && state.fill !== NONE;
    const clips = pendingClip;
    pendingClip = null;
    if (!data || (!stroke && !fill && !clips)) return;
    const subpaths = readPath(data, affineScale(state.ctm), CURVE_TOLERANCE);
    const ctm = state.ctm;
    const onSheet = subpaths.map((subpath) => subpath.points.map((p) => transformPoint(ctm, p)));
    const box = boxAround(onSheet.flat());
    // The clip applies from the next painting on (W n: the path sets it and paints nothing, usually).
    const clip = state.clip;
    const region = state.region;
    if (clips) narrowClip(onSheet, clips);
    if (!stroke && !fill) return;
    const dbId = firstDbId + objects.length;
    const areas = fill ? fillPolygons(subpaths) : [];
    const shading = fill && state.fillShading && paints ? state.fillShading : null;
    const solid = state.dash.length === 0;
    const lines = stroke ? subpaths.filter((subpath) => subpath.points.length >= 2) : [];
    let pieces = solid ? lines.map((subpath) => (subpath.closed && subpath.points.length > 2 ? [...subpath.points, subpath.points[0]] : subpath.points)) : lines.flatMap((subpath) => dashed(subpath, state.dash, state.dashPhase));
    // A wide line (on the sheet) gets its band too, so that it widens as the view zooms in; its centre line keeps it a pixel wide at least.
    const widthOnSheet = (state.lineWidth * affineScale(ctm)) / affineScale(page);
    let m = ctm;
    let clipped: Point2[][];
    const cutBox = clip && !insideBox(clip, box) ? clip : null;
    if (cutBox || region) {
      // Cut on the sheet: a fill's polygons whole to the region (fewer cuts than its triangles one by one), then each triangle to the box.
      m = IDENTITY;
      const toSheet = (points: readonly Point2[]) => points.map((p) => transformPoint(ctm, p));
      clipped = areas.flatMap((rings) => clipToTriangles(rings.map(toSheet), cutBox, region));
      pieces = pieces.flatMap((points) => clipPolylineTo(toSheet(points), cutBox, region));
    } else clipped = areas.flatMap(triangulate);
    if (clipped.length === 0 && pieces.length === 0) return; // nothing to draw (degenerate, or clipped away): no object
    const shaded = shading ? paints!.shading(dbId, shading.id, compose(state.base, shading.matrix ?? IDENTITY), clipped.map((triangle) => triangle.map((p) => transformPoint(m, p)))) : null;
    if ((shading && !shaded) || (clipped.length && !shading && state.fillGrey)) skip('pattern fills (drawn grey)');
    if (pieces.length && state.strokeGrey) skip('pattern strokes (drawn grey)');
    if (!shaded) {
      for (const [a, b, c] of clipped) sketch.triangle(dbId, state.fill, m, a, b, c);
      if (clipped.length) paints?.noteFill(clip ? intersectBoxes(clip, box) : box);
    }
    sketch.setStroke(widthOnSheet > WIDE_LINE ? state.lineWidth * affineScale(ctm) : 0, state.lineStyle);
    // A wide line's band follows its cut pieces, as with a box: past a clip's edge by half its width at most (cutting each band to a region costs more than it shows).
    for (const points of pieces) sketch.polyline(dbId, state.stroke, m, points);
    sketch.setStroke(0);
    if (shaded && !shaded.shows && pieces.length === 0) return;
    if (shaded) objects.push({ kind: 'Shading', ocg: ocg(), rgb: null, shading: shaded.type });
    else objects.push(areas.length ? { kind: 'Fill', ocg: ocg(), rgb: state.fill } : { kind: 'Path', ocg: ocg(), rgb: state.stroke, lineWidth: widthOnSheet });
  };

  /** An image (a mask: in `rgb`) at the quads, an object when some of it shows. */
  const paintImage = (key: string, rgb: number | null, quads: readonly ImageQuad[]) => {
    if (!paints) {
      skip('images');
      return;
    }
    const image = paints.imageOf(key);
    if (!image) {
      skip(image === null ? 'images pdf.js could not decode' : `images past the first ${MAX_PAGE_IMAGES} of the page`);
      return;
    }
    if (paints.image(firstDbId + objects.length, key, rgb ?? 0xffffff, quads, state.clip, state.region)) objects.push({ kind: 'Image', ocg: ocg(), rgb, pixels: { width: image.width, height: image.height } });
  };
  const imageOps = (fn: number, args: unknown[] | null, index: number) => {
    if (fn === OPS.paintSolidColorImageMask) return solidMask();
    for (const { source, quads } of imagePlacements(OPS, fn, args, index, state.ctm)) {
      // A mask paints in the fill colour (a pattern's: grey); a clear fill paints nothing.
      if (source.isMask && state.fill === NONE) continue;
      paintImage(source.key, source.isMask ? state.fill : null, quads);
    }
  };
  /** A one-pixel mask (pdf.js's paintSolidColorImageMask): the unit square in the fill colour, a fill. */
  const solidMask = () => {
    if (state.fill === NONE) return;
    const square = UNIT_SQUARE.map((p) => transformPoint(state.ctm, p));
    const triangles = clipToTriangles([square], state.clip, state.region);
    if (!triangles.length) return;
    const dbId = firstDbId + objects.length;
    for (const [a, b, c] of triangles) sketch.triangle(dbId, state.fill, IDENTITY, a, b, c);
    paints?.noteFill(boxAround(triangles.flat()));
    objects.push({ kind: 'Fill', ocg: ocg(), rgb: state.fill });
  };
  const IMAGE_OPS = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintImageMaskXObjectRepeat,
    OPS.paintSolidColorImageMask,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObjectGroup,
  ]);

  /** `sh`: the shading over the clip (its box, as triangles cut to its region if it has one; the shading's own BBox, if it has one, cuts it further). */
  const shadingFill = (id: unknown) => {
    const clip = state.clip;
    if (!paints || typeof id !== 'string' || !clip) {
      skip('shadings');
      return;
    }
    const corners = [{ x: clip.minX, y: clip.minY }, { x: clip.maxX, y: clip.minY }, { x: clip.maxX, y: clip.maxY }, { x: clip.minX, y: clip.maxY }];
    const area = state.region ? clipToTriangles([corners], null, state.region) : [corners];
    const dbId = firstDbId + objects.length;
    const shaded = paints.shading(dbId, id, state.ctm, area);
    if (!shaded) skip('shadings');
    else if (shaded.shows) objects.push({ kind: 'Shading', ocg: ocg(), rgb: null, shading: shaded.type });
  };

  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i] as unknown[] | null;
    switch (fn) {
      case OPS.constructPath: {
        const [op, paths] = args as [number, (ArrayLike<number> | null)[]];
        paint(op, paths?.[0]);
        break;
      }
      case OPS.save:
      case OPS.beginGroup:
        stack.push({ ...state });
        text?.save();
        break;
      case OPS.restore:
      case OPS.endGroup:
      case OPS.paintFormXObjectEnd:
        state = stack.pop() ?? state;
        text?.restore();
        break;
      case OPS.transform:
        state.ctm = compose(state.ctm, args as unknown as Affine2);
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push({ ...state });
        const matrix = args?.[0] as number[] | null;
        if (Array.isArray(matrix) || ArrayBuffer.isView(matrix)) state.ctm = compose(state.ctm, Array.from(matrix as ArrayLike<number>) as unknown as Affine2);
        state.base = state.ctm;
        // The form's BBox clips what it draws (a page embedded cropped, a viewport's frame).
        const bbox = args?.[1] as ArrayLike<number> | null;
        if (bbox && bbox.length === 4 && Array.from(bbox).every(Number.isFinite)) {
          const [x0, y0, x1, y1] = Array.from(bbox);
          narrowClip([[{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }].map((p) => transformPoint(state.ctm, p))], 'nonzero');
        }
        break;
      }
      case OPS.setStrokeRGBColor:
        state.stroke = hexColour(args?.[0]);
        state.strokeGrey = false;
        break;
      case OPS.setFillRGBColor:
        state.fill = hexColour(args?.[0]);
        state.fillShading = null;
        state.fillGrey = false;
        break;
      case OPS.setStrokeTransparent:
        state.stroke = NONE;
        state.strokeGrey = false;
        break;
      case OPS.setFillTransparent:
        state.fill = NONE;
        state.fillShading = null;
        state.fillGrey = false;
        break;
      case OPS.setStrokeColorN:
        state.stroke = PATTERN_GREY;
        state.strokeGrey = true;
        break;
      case OPS.setFillColorN:
        state.fill = PATTERN_GREY;
        state.fillShading = args?.[0] === 'Shading' && typeof args[1] === 'string' ? { id: args[1], matrix: affineOrNull(args[2]) } : null;
        state.fillGrey = true;
        break;
      case OPS.setLineWidth:
        state.lineWidth = Number(args?.[0]) || 0;
        break;
      case OPS.setLineCap:
        state.lineStyle = withStrokeParameter(state.lineStyle, 'LC', args?.[0]);
        break;
      case OPS.setLineJoin:
        state.lineStyle = withStrokeParameter(state.lineStyle, 'LJ', args?.[0]);
        break;
      case OPS.setMiterLimit:
        state.lineStyle = withStrokeParameter(state.lineStyle, 'ML', args?.[0]);
        break;
      case OPS.clip:
        pendingClip = 'nonzero';
        break;
      case OPS.eoClip:
        pendingClip = 'evenodd';
        break;
      case OPS.setDash:
        setDash(state, args?.[0], args?.[1]);
        break;
      case OPS.setGState:
        for (const [key, value] of (args?.[0] as [string, unknown][]) ?? []) {
          if (key === 'LW') state.lineWidth = Number(value) || 0;
          else if (key === 'LC' || key === 'LJ' || key === 'ML') state.lineStyle = withStrokeParameter(state.lineStyle, key, value);
          else if (key === 'D' && Array.isArray(value)) setDash(state, value[0], value[1]);
        }
        break;
      case OPS.beginMarkedContentProps: {
        const props = args?.[1] as { type?: string; id?: string; ids?: string[]; expression?: unknown[] } | null;
        marked.push(args?.[0] === 'OC' ? (ocgOf(props) ?? ocg()) : ocg());
        break;
      }
      case OPS.beginMarkedContent:
        marked.push(ocg());
        break;
      case OPS.endMarkedContent:
        marked.pop();
        break;
      case OPS.setTextRenderingMode:
        state.textMode = Number(args?.[0]) || 0;
        break;
      case OPS.showText: {
        const glyphList = (args?.[0] as unknown[]) ?? [];
        const invisible = state.textMode === 3 || state.textMode === 7;
        const outlines = invisible ? undefined : text?.show(glyphList, state.ctm);
        glyphList.forEach((glyph, index) => {
          const unicode = (glyph as { unicode?: string } | null)?.unicode;
          const outline = outlines?.get(index);
          const clipped = outline?.flatMap((rings) => clipToTriangles(rings, state.clip, state.region));
          if (typeof unicode !== 'string') return;
          // The outline goes with the glyph's first character (the text item that holds it draws it).
          [...unicode].forEach((char, k) => shown.push({ char, ocg: ocg(), rgb: state.fill === NONE ? 0 : state.fill, clip: state.clip, region: state.region, ...(k === 0 && clipped?.length ? { outline: clipped } : {}), ...(invisible ? { invisible } : {}) }));
        });
        break;
      }
      case OPS.shadingFill:
        shadingFill(args?.[0]);
        break;
      default:
        if (IMAGE_OPS.has(fn)) imageOps(fn, args, i);
        else text?.apply(fn, args);
    }
  }
  return { objects, shown, skipped };
}

/** A pattern's matrix as pdf.js gives it (six numbers, or null). */
function affineOrNull(value: unknown): Affine2 | null {
  if (!Array.isArray(value) && !ArrayBuffer.isView(value)) return null;
  const m = Array.from(value as ArrayLike<number>);
  return m.length === 6 && m.every(Number.isFinite) ? (m as unknown as Affine2) : null;
}

/** A stroke style with one parameter set as J (LC: the cap), j (LJ: the join) or M (ML: the miter limit) sets it; an unknown number leaves PDF's default. */
function withStrokeParameter(style: StrokeStyle, parameter: 'LC' | 'LJ' | 'ML', value: unknown): StrokeStyle {
  const n = Number(value);
  if (parameter === 'LC') return { ...style, cap: PDF_CAPS[n] ?? PDF_STROKE.cap };
  if (parameter === 'LJ') return { ...style, join: PDF_JOINS[n] ?? PDF_STROKE.join };
  return { ...style, miterLimit: n >= 1 ? n : PDF_STROKE.miterLimit };
}

function setDash(state: GraphicsState, pattern: unknown, phase: unknown): void {
  const lengths = Array.isArray(pattern) ? pattern.map(Number) : [];
  state.dash = lengths.every((d) => Number.isFinite(d) && d >= 0) && lengths.some((d) => d > 0) ? lengths : [];
  state.dashPhase = Number(phase) || 0;
}

/** "#rrggbb" (pdf.js's colours in operator lists) as 0xrrggbb. */
function hexColour(value: unknown): number {
  if (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)) return parseInt(value.slice(1), 16);
  return 0;
}

/** The OCG an OC property names: its own, or the first of an optional content membership dictionary's. */
function ocgOf(props: { type?: string; id?: string; ids?: string[]; expression?: unknown[] } | null): string | null {
  if (!props) return null;
  if (typeof props.id === 'string') return props.id;
  if (props.ids?.length) return props.ids[0];
  const first = (props.expression ?? []).flat(Infinity).find((item) => typeof item === 'string' && item !== 'and' && item !== 'or' && item !== 'not');
  return typeof first === 'string' ? first : null;
}
