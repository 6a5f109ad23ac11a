import type { LayerInfo } from '../../model/ModelLayers.js';
import type { Point2, SketchPiece, SketchText } from '../sketch/Sketch.js';
import type { SheetPaint } from '../sketch/SheetPaint.js';

/** The drawing's root object (the file): every other object is under it. */
export const SVG_ROOT_DB_ID = 1;
/** The category of an SVG object's properties. */
export const SVG_CATEGORY = 'SVG';

/** One object's name, external id (the element's id) and properties (name, value), as the page read them. */
export interface SvgObjectRecord {
  dbId: number;
  name: string;
  externalId: string;
  properties: [string, string][];
}

/**
 * An SVG as the page read it (DOMParser lives there, not in workers): its sketch, objects, tree and
 * layers, plain data that crosses to the loader worker, which packs it into the model and keeps its
 * properties (parseSvgDrawing).
 */
export interface SvgDrawing {
  /** Geometry by object, kind and colour, in drawing units, y up. */
  pieces: SketchPiece[];
  /** Text runs (each line of a text), for the text renderer. */
  texts: SketchText[];
  min: Point2;
  max: Point2;
  /** Parent dbId of each object (index = dbId; -1 for the root and unused slots). */
  parents: Int32Array;
  names: (string | null)[];
  objects: SvgObjectRecord[];
  layers: LayerInfo[];
  /** index = dbId: the object's layer index, where onLayer is 1. */
  layerOf: Uint8Array | Uint16Array;
  onLayer: Uint8Array;
  /** The unit of the drawing's coordinates ('mm', 'cm', 'in'), '' for px and unitless. */
  unit: string;
  /** The category of the objects' properties (default SVG_CATEGORY; a tiled image's drawing names its own). */
  category?: string;
  /** The <image>s' pictures, drawn under the vector work, and how many could not be had (warned about). */
  paints?: SheetPaint[];
  missingImages?: number;
}

/** The request option the page hands the drawing to the worker in. */
export const SVG_DRAWING_OPTION = 'svgDrawing';
