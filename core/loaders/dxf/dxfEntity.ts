import type { IDxf } from 'dxf-parser';
import type { Point2 } from './dxfCurves.js';
import type { DxfHatch } from './hatch/readHatch.js';
import type { DxfLeader } from './leader/readLeader.js';
import type { DxfImage } from './images/dxfImages.js';
import type { DxfMline } from './mline.js';
import type { DxfViewport } from './layouts/readViewport.js';

/** A point as dxf-parser gives it (z is often absent in 2D files). */
export interface DxfPoint extends Point2 {
  z?: number;
  bulge?: number;
  /** A polyline vertex's widths (40, 41): of the segment that leaves it, at its start and its end. */
  startWidth?: number;
  endWidth?: number;
  /** A polyface mesh's records: a vertex (flags 64 and 128), or a face (128 alone) of 1-based vertex indices (negative: its edge hidden). */
  threeDPolylineMesh?: boolean;
  polyfaceMeshVertex?: boolean;
  faceA?: number;
  faceB?: number;
  faceC?: number;
  faceD?: number;
}

/**
 * An entity as dxf-parser hands it: the common fields, and each type's own (every one optional: files omit
 * what has a default).
 */
export interface DxfEntity {
  type: string;
  handle?: string | number;
  layer?: string;
  lineType?: string;
  /** Group 48: this entity's linetype scale. */
  lineTypeScale?: number;
  /** Group 370: hundredths of a millimetre; -1 BYLAYER, -2 BYBLOCK, -3 the drawing's default. */
  lineweight?: number;
  colorIndex?: number;
  color?: number;
  visible?: boolean;
  inPaperSpace?: boolean;
  vertices?: DxfPoint[];
  shape?: boolean;
  isPolyfaceMesh?: boolean;
  is3dPolygonMesh?: boolean;
  /** POLYLINE: a polygon mesh's vertex counts, M (71) by N (72); read by the loader's handler. */
  meshSize?: { m: number; n: number };
  /** POLYLINE 70 bit 32: a polygon mesh closed in N. */
  is3dPolygonMeshClosed?: boolean;
  center?: DxfPoint;
  radius?: number;
  startAngle?: number;
  endAngle?: number;
  majorAxisEndPoint?: DxfPoint;
  axisRatio?: number;
  controlPoints?: DxfPoint[];
  fitPoints?: DxfPoint[];
  knotValues?: number[];
  /** SPLINE: a rational spline's control point weights (41); read by the loader's handler. */
  weights?: number[];
  degreeOfSplineCurve?: number;
  closed?: boolean;
  position?: DxfPoint;
  points?: DxfPoint[];
  name?: string;
  block?: string;
  xScale?: number;
  yScale?: number;
  rotation?: number;
  columnCount?: number;
  rowCount?: number;
  columnSpacing?: number;
  rowSpacing?: number;
  extrusionDirection?: DxfPoint;
  extrusionDirectionZ?: number;
  startPoint?: DxfPoint;
  textHeight?: number;
  height?: number;
  width?: number;
  attachmentPoint?: number;
  directionVector?: DxfPoint;
  text?: string;
  /** ATTRIBs that follow an INSERT (tag → value), gathered by the loader. */
  attributes?: Record<string, string>;
  /** Those ATTRIBs, drawn with the reference (their positions are the drawing's, not the block's). */
  attribs?: DxfEntity[];
  tag?: string;
  /** HATCH: read by the loader's own handler (dxf-parser has none). */
  hatch?: DxfHatch;
  /** LEADER and MULTILEADER: read by the loader's own handlers. */
  leader?: DxfLeader;
  /** IMAGE: read by the loader's own handler. */
  image?: DxfImage;
  /** MLINE: read by the loader's own handler. */
  mline?: DxfMline;
  /** VIEWPORT: read by the loader's own handler. */
  viewport?: DxfViewport;
}

/** A block definition: its base point and entities. */
export interface DxfBlock {
  name: string;
  /** An external reference's path (code 1): its drawing is another file. */
  xrefPath?: string;
  position?: DxfPoint;
  entities?: DxfEntity[];
}

/** A parsed drawing as the loader reads it. */
export type DxfDrawingData = Omit<IDxf, 'entities' | 'blocks'> & { entities: DxfEntity[]; blocks: Record<string, DxfBlock> };

/** The entity's handle as text ("" when it has none). */
export function handleOf(entity: DxfEntity): string {
  return entity.handle === undefined ? '' : String(entity.handle);
}

/** The dimension entity types: each drawn from its *D block. */
const DIMENSIONS = new Set(['DIMENSION', 'ARC_DIMENSION', 'LARGE_RADIAL_DIMENSION']);

/** Whether an entity is a dimension of any kind. */
export function isDimension(entity: DxfEntity): boolean {
  return DIMENSIONS.has(entity.type);
}
