import type { ShapePath } from 'three';
import { SVGLoader } from 'three/examples/jsm/loaders/SVGLoader.js';
import { layerIndexArray, type LayerInfo } from '../../model/ModelLayers.js';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { loadCancelledError } from '../loadCancellation.js';
import type { ClipRegion } from '../sketch/ClipRegion.js';
import { type Affine2, compose, invert, Sketch } from '../sketch/Sketch.js';
import type { SheetPaint } from '../sketch/SheetPaint.js';
import { svgImagePaint } from './svgImages.js';
import { CURVE_DIVISIONS, drawShapePath, drawTextRuns, textContent } from './drawSvgShapes.js';
import { ReferencedContent } from './ReferencedContent.js';
import { SvgClipping, type UserBox } from './SvgClipping.js';
import { SVG_ROOT_DB_ID, type SvgDrawing, type SvgObjectRecord } from './SvgDrawing.js';
import { SvgMarkers } from './SvgMarkers.js';
import { inherited, isHidden, styleOf, svgViewport } from './svgStyle.js';

const INKSCAPE = 'http://www.inkscape.org/namespaces/inkscape';
const XLINK = 'http://www.w3.org/1999/xlink';
/** The elements that are objects (with a dbId, drawn, picked and listed). */
const DRAWABLE = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'use', 'image']);
/** Elements that group others: inner nodes of the tree. */
const GROUPS = new Set(['g', 'a', 'switch', 'svg', 'symbol']);
/** Elements whose content is drawn only where something refers to it (a use, a clip, a marker). */
const REFERENCED_ONLY = new Set(['symbol', 'clipPath', 'mask', 'marker', 'pattern', 'linearGradient', 'radialGradient', 'filter']);
/** Nodes deeper than this are not followed (a use that refers to its own ancestor). */
const MAX_DEPTH = 256;
/** The walk gives the page back this often (ms). */
const YIELD_MS = 16;

/** Where the walk is: the tree parent, the layer, the object drawing (inside a use: the use), the transform. */
interface WalkContext {
  parent: number;
  layer: number;
  /** The object the geometry belongs to (a use's content draws as the use), or -1 outside any. */
  object: number;
  /** Drawn (false inside display none or referenced-only content outside a use). */
  drawn: boolean;
  matrix: Affine2;
  /** What the element's and its ancestors' clip-paths and masks leave, in the drawing; null: all. */
  region: ClipRegion | null;
  depth: number;
}

/**
 * Reads an SVG on the page: three's SVGLoader for paths, shapes, transforms and styles, then a walk over
 * the document in SVGLoader's own order to give each path its object. Every drawable element is an object
 * (a use draws what it refers to as itself); groups are the tree's inner nodes. Inkscape layers, or else
 * the top-level groups, are the layers; display none hides a layer, or leaves an element undrawn. A text's
 * lines are text runs (drawn with the font by the text renderer), its characters a property too. What an
 * element draws is cut by its and its groups' clip-paths and masks (SvgClipping), and its markers are drawn
 * as part of it (SvgMarkers). Not XML: bad data (spec 001 §8 code 2).
 */
export async function readSvg(text: string, fileName: string, signal?: AbortSignal, baseUrl = location.href): Promise<SvgDrawing> {
  let paths: ShapePath[];
  let root: Element;
  try {
    const data = new SVGLoader().parse(text);
    paths = data.paths;
    root = data.xml as unknown as Element;
  } catch (reason) {
    throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} could not be read as SVG: ${(reason as Error)?.message ?? reason}`);
  }
  const parserError = root.ownerDocument.getElementsByTagName('parsererror')[0];
  if (parserError) throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} could not be read as SVG: it is not well-formed XML (${firstLine(parserError.querySelector('div')?.textContent ?? parserError.textContent)}).`);
  if (root.localName !== 'svg') throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} could not be read as SVG: its root element is <${root.localName}>, not <svg>.`);
  return new SvgReader(paths, root, fileName, signal, baseUrl).read();
}

class SvgReader {
  private readonly sketch = new Sketch();
  /** Each element's paths, in the order SVGLoader made them (an element a use refers to has one per visit). */
  private readonly pathsOf = new Map<Element, ShapePath[]>();
  private readonly parents: number[] = [-1, -1];
  private readonly names: (string | null)[] = [null];
  private readonly objects: SvgObjectRecord[] = [];
  private readonly layers: LayerInfo[] = [];
  private readonly layerOfObject: number[] = [];
  private readonly viewport;
  private readonly byLayerMode: boolean;
  private readonly yielder: PageYielder;
  private readonly clipping: SvgClipping;
  private readonly markers: SvgMarkers;
  /** The <image>s' pictures, and how many could not be had. */
  private readonly paints: SheetPaint[] = [];
  private missingImages = 0;

  constructor(
    paths: ShapePath[],
    private readonly root: Element,
    private readonly fileName: string,
    signal: AbortSignal | undefined,
    private readonly baseUrl: string,
  ) {
    this.yielder = new PageYielder(signal);
    for (const path of paths) {
      const node = path.userData?.node as Element | undefined;
      if (!node) continue;
      const list = this.pathsOf.get(node);
      if (list) list.push(path);
      else this.pathsOf.set(node, [path]);
    }
    this.viewport = svgViewport(root);
    const referenced = new ReferencedContent(root);
    this.clipping = new SvgClipping(referenced);
    this.markers = new SvgMarkers(referenced);
    this.byLayerMode = [...root.getElementsByTagName('g')].some((g) => isInkscapeLayer(g));
  }

  async read(): Promise<SvgDrawing> {
    this.names.push(this.fileName);
    this.objects.push({ dbId: SVG_ROOT_DB_ID, name: this.fileName, externalId: this.root.getAttribute('id') ?? '', properties: [['Type', 'svg']] });
    await this.walkChildren(this.root, { parent: SVG_ROOT_DB_ID, layer: -1, object: -1, drawn: true, matrix: this.viewport.matrix, region: null, depth: 0 }, 0);
    const count = this.names.length;
    const layerOf = layerIndexArray(this.layers.length, count);
    const onLayer = new Uint8Array(count);
    this.layerOfObject.forEach((layer, dbId) => {
      if (layer < 0) return;
      layerOf[dbId] = layer;
      onLayer[dbId] = 1;
    });
    for (const { positions } of this.paints) for (let i = 0; i < positions.length; i += 2) this.sketch.include(positions[i], positions[i + 1]);
    const { min, max } = this.sketch;
    return {
      paints: this.paints,
      missingImages: this.missingImages,
      pieces: this.sketch.pieces,
      texts: this.sketch.texts,
      min: { x: min.x, y: min.y },
      max: { x: max.x, y: max.y },
      parents: Int32Array.from(this.parents),
      names: this.names,
      objects: this.objects,
      layers: this.layers,
      layerOf,
      onLayer,
      unit: this.viewport.unit,
    };
  }

  private async walkChildren(node: Element, at: WalkContext, level: number): Promise<void> {
    if (at.depth > MAX_DEPTH) return;
    const inDefs = node.localName === 'defs';
    for (const child of Array.from(node.children)) {
      // SVGLoader skips what defs hold (but styles): so does the walk, to keep in step with its paths.
      if (inDefs && child.localName !== 'defs' && child.localName !== 'style') continue;
      await this.visit(child, at, level);
    }
  }

  /** `level`: 0 for the root's children (where the top-level groups are); `used`: reached through a use. */
  private async visit(element: Element, outer: WalkContext, level: number, used = false): Promise<void> {
    await this.yielder.maybeYield();
    const tag = element.localName;
    const at: WalkContext = { ...outer, depth: outer.depth + 1, matrix: compose(outer.matrix, ownTransform(element)) };
    const path = this.pathsOf.get(element)?.shift();
    if (at.object < 0 && tag === 'g' && this.isLayer(element, level) && at.drawn) {
      // A layer that is off is drawn all the same: turning it on shows it.
      at.layer = this.layers.push({ name: layerName(element, this.layers.length), id: this.layers.length, description: '', visible: !isHidden(element) }) - 1;
      at.parent = this.addObject(element, at, path);
    } else {
      if (isHidden(element) || (REFERENCED_ONLY.has(tag) && !used)) at.drawn = false;
      if (at.object < 0 && at.drawn && DRAWABLE.has(tag)) at.object = at.parent = this.addObject(element, at, path);
      else if (at.object < 0 && at.drawn && GROUPS.has(tag) && element.childElementCount > 0) at.parent = this.addObject(element, at, path);
    }
    if (at.drawn) {
      const own = this.clipping.regionOf(element, at.matrix, () => this.userBox(element, path, at.matrix));
      if (own) at.region = at.region ? at.region.intersect(own) : own;
    }
    this.sketch.region = at.region;
    if (path && at.drawn && at.object >= 0) {
      drawShapePath(this.sketch, at.object, path, element, this.viewport.matrix);
      this.markers.draw(this.sketch, at.object, element, path, at.matrix, this.viewport.matrix);
    }
    if (tag === 'image' && at.drawn && at.object >= 0) {
      const paint = await svgImagePaint(element, hrefOf(element), at.matrix, at.object, this.baseUrl);
      if (paint) this.paints.push(paint);
      else this.missingImages++;
    }
    if (tag === 'text') {
      if (at.drawn && at.object >= 0) drawTextRuns(this.sketch, at.object, element, at.matrix);
      this.sketch.region = null;
      return; // its tspans are its lines
    }
    this.sketch.region = null;
    if (tag === 'use') {
      const target = element.ownerDocument.getElementById(hrefOf(element).slice(1));
      // A use draws what it refers to (a symbol too) as itself; SVGLoader walks the use's own children after.
      if (target && hrefOf(element).startsWith('#') && at.depth < MAX_DEPTH) await this.visit(target, at, level + 1, true);
    }
    await this.walkChildren(element, at, level + 1);
  }

  /**
   * An element's bounding box in its user space (for objectBoundingBox units): of its own shape and those of
   * what it holds or a use refers to, as SVGLoader read them (each next shape an element has is the one about
   * to be drawn); null where it has none (a text).
   */
  private userBox(element: Element, own: ShapePath | undefined, matrix: Affine2): UserBox | null {
    const paths = own ? [own] : [];
    const target = element.localName === 'use' ? element.ownerDocument.getElementById(hrefOf(element).slice(1)) : null;
    for (const holder of target ? [element, target] : [element]) {
      if (holder === target) paths.push(...(this.pathsOf.get(target)?.slice(0, 1) ?? []));
      for (const inner of holder.getElementsByTagName('*')) paths.push(...(this.pathsOf.get(inner)?.slice(0, 1) ?? []));
    }
    const toUser = compose(invert(matrix), this.viewport.matrix);
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const path of paths) {
      for (const subPath of path.subPaths) {
        for (const p of subPath.getPoints(CURVE_DIVISIONS)) {
          const x = toUser[0] * p.x + toUser[2] * p.y + toUser[4];
          const y = toUser[1] * p.x + toUser[3] * p.y + toUser[5];
          [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
        }
      }
    }
    return minX <= maxX ? { x: minX, y: minY, width: maxX - minX, height: maxY - minY } : null;
  }

  /** Inkscape's layers where the file has them; else the groups at the top. */
  private isLayer(element: Element, level: number): boolean {
    return this.byLayerMode ? isInkscapeLayer(element) : level === 0;
  }

  private addObject(element: Element, at: WalkContext, path: ShapePath | undefined): number {
    const dbId = this.names.length;
    const tag = element.localName;
    const id = element.getAttribute('id') ?? '';
    const name = element.getAttributeNS(INKSCAPE, 'label') || id || tag;
    this.names.push(name);
    this.parents[dbId] = at.parent;
    this.layerOfObject[dbId] = at.layer;
    const properties: [string, string][] = [
      ['Type', tag],
      ['ID', id],
      ['Class', element.getAttribute('class') ?? ''],
      ['Layer', at.layer >= 0 ? this.layers[at.layer].name : ''],
    ];
    if (tag === 'image') properties.push(['Refers to', pictureName(hrefOf(element))]);
    else if (DRAWABLE.has(tag)) {
      const style = (path?.userData?.style ?? {}) as { fill?: string; stroke?: string };
      properties.push(['Fill', paintOf(element, 'fill', style.fill, 'black')], ['Stroke', paintOf(element, 'stroke', style.stroke, 'none')]);
    }
    if (tag === 'text') properties.push(['Text', textContent(element)]);
    if (tag === 'use') properties.push(['Refers to', hrefOf(element)]);
    this.objects.push({ dbId, name, externalId: id, properties });
    return dbId;
  }
}

/** An image's href as a property: a data: URL by its type only (its bytes would fill the panel). */
function pictureName(href: string): string {
  return href.startsWith('data:') ? href.split(/[;,]/)[0] : href;
}

/** A paint as the file writes it on the element; else as SVGLoader resolved it (style sheets, inheritance), else inherited. */
function paintOf(element: Element, name: string, resolved: string | undefined, initial: string): string {
  return styleOf(element, name) || resolved || inherited(element, name) || initial;
}

function hrefOf(element: Element): string {
  return element.getAttributeNS(XLINK, 'href') || element.getAttribute('href') || '';
}

function isInkscapeLayer(element: Element): boolean {
  return element.getAttributeNS(INKSCAPE, 'groupmode') === 'layer';
}

function layerName(element: Element, index: number): string {
  return element.getAttributeNS(INKSCAPE, 'label') || element.getAttribute('id') || `Layer ${index + 1}`;
}

/** An element's transform attribute (and a use's x, y), as the DOM reads it; identity where there is none. */
function ownTransform(element: Element): Affine2 {
  let matrix: Affine2 = [1, 0, 0, 1, 0, 0];
  const list = (element as Partial<SVGGraphicsElement>).transform?.baseVal;
  const consolidated = list && list.numberOfItems > 0 ? list.consolidate() : null;
  if (consolidated) {
    const { a, b, c, d, e, f } = consolidated.matrix;
    matrix = [a, b, c, d, e, f];
  }
  if (element.localName === 'use') {
    const x = parseFloat(element.getAttribute('x') ?? '') || 0;
    const y = parseFloat(element.getAttribute('y') ?? '') || 0;
    if (x || y) matrix = compose(matrix, [1, 0, 0, 1, x, y]);
  }
  return matrix;
}

/**
 * Gives the page back every YIELD_MS of the walk (SVGLoader's parse before it is one task), and stops it
 * once the load is cancelled.
 */
class PageYielder {
  private last = performance.now();
  constructor(private readonly signal: AbortSignal | undefined) {}

  async maybeYield(): Promise<void> {
    if (performance.now() - this.last < YIELD_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (this.signal?.aborted) throw loadCancelledError();
    this.last = performance.now();
  }
}

function firstLine(text: string | null): string {
  return (text ?? '').trim().split('\n')[0].slice(0, 200);
}
