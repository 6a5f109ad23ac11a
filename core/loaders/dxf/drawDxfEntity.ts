import { arcPoints, bulgePoints, circlePoints, curveThrough, ellipsePoints, type Point2, splinePoints } from './dxfCurves.js';
import type { DxfBlock, DxfEntity, DxfPoint } from './dxfEntity.js';
import { resolveColor } from './dxfColors.js';
import { type Affine2, compose, meanRgb, type Sketch } from '../sketch/Sketch.js';
import { drawHatch } from './hatch/drawHatch.js';
import { drawDxfMText, drawDxfText } from './dxfText.js';
import { type DimensionDefaults, drawLeader, leaderText } from './leader/drawLeader.js';
import { type DxfLinetypes, entityPattern, resolvedLinetype } from './linetypes.js';
import { type DxfLineweights, lineWidthOf, resolvedLineweight } from './lineweights.js';
import { drawWidePolyline, hasWidth } from './widePolyline.js';
import { drawMline } from './mline.js';
import { placeImage, type PlacedImage } from './images/dxfImages.js';
import { drawMeshEdges } from './meshEdges.js';
import { drawDimensionDefinition } from './drawDimension.js';

export { mtextPlainText } from './dxfText.js';

/** Blocks nest at most this deep (a block that inserts itself stops here). */
const MAX_BLOCK_DEPTH = 16;

/** Where an entity is drawn: its object, transform, and what BYLAYER and BYBLOCK mean there. */
export interface DrawContext {
  dbId: number;
  matrix: Affine2;
  /** The block reference's colour (BYBLOCK), and its layer (for entities on layer 0 inside a block). */
  blockRgb: number;
  blockLayer: string | null;
  /** The block reference's linetype (what BYBLOCK means inside it). */
  blockLinetype?: string;
  /** The block reference's lineweight, hundredths of a millimetre (what BYBLOCK means inside it). */
  blockLineweight?: number;
  depth: number;
}

/** What the drawer needs of the drawing: layer colours and block definitions. */
export interface DrawingLookup {
  layerRgb(layer: string): number;
  block(name: string): DxfBlock | undefined;
  /** An entity type the loader cannot draw yet (counted, then warned about once). */
  skipped(type: string): void;
  /** The header's DIMASZ and DIMSCALE, for leaders that do not override them. */
  dimension: DimensionDefaults;
  /** The drawing's linetypes: the dashes lines are drawn with. */
  linetypes: DxfLinetypes;
  /** The drawing's lineweights: how wide heavy lines are drawn. */
  lineweights: DxfLineweights;
  /** Where the IMAGEs went (their pictures are fetched once the drawing is drawn). */
  images: PlacedImage[];
}

/** Draws one entity (and, for a block reference or a dimension, its block) into the sketch. */
export function drawDxfEntity(sketch: Sketch, entity: DxfEntity, at: DrawContext, lookup: DrawingLookup): void {
  if (entity.visible === false) return;
  const layer = entity.layer === '0' && at.blockLayer !== null ? at.blockLayer : (entity.layer ?? '0');
  const rgb = resolveColor(entity, lookup.layerRgb(layer), at.blockRgb);
  const m = ocsFlipped(entity) ? compose(at.matrix, [-1, 0, 0, 1, 0, 0]) : at.matrix;
  const id = at.dbId;
  const dashes = entityPattern(entity, layer, at.blockLinetype, lookup.linetypes);
  const weight = resolvedLineweight(entity, layer, at.blockLineweight, lookup.lineweights);
  sketch.setStroke(lineWidthOf(weight, lookup.lineweights));
  switch (entity.type) {
    case 'LINE':
      if (entity.vertices && entity.vertices.length >= 2) sketch.polyline(id, rgb, m, entity.vertices.slice(0, 2), false, dashes);
      break;
    case 'LWPOLYLINE':
    case 'POLYLINE':
      if (entity.isPolyfaceMesh || entity.is3dPolygonMesh) drawMeshEdges(sketch, entity, id, rgb, m);
      else if (hasWidth(entity.vertices ?? [], entity.width)) drawWidePolyline(sketch, id, rgb, m, entity.vertices ?? [], entity.shape === true, entity.width);
      else sketch.polyline(id, rgb, m, polylinePoints(entity.vertices ?? [], entity.shape === true), false, dashes);
      break;
    case 'ARC':
      if (entity.center && entity.radius) sketch.polyline(id, rgb, m, arcPoints(entity.center.x, entity.center.y, entity.radius, entity.startAngle ?? 0, entity.endAngle ?? 2 * Math.PI), false, dashes);
      break;
    case 'CIRCLE':
      if (entity.center && entity.radius) sketch.polyline(id, rgb, m, circlePoints(entity.center.x, entity.center.y, entity.radius), false, dashes);
      break;
    case 'ELLIPSE':
      if (entity.center && entity.majorAxisEndPoint) sketch.polyline(id, rgb, m, ellipsePoints(entity.center, entity.majorAxisEndPoint, entity.axisRatio ?? 1, entity.startAngle, entity.endAngle), false, dashes);
      break;
    case 'SPLINE':
      sketch.polyline(id, rgb, m, splineOf(entity), entity.closed === true, dashes);
      break;
    case 'POINT':
      if (entity.position) sketch.point(id, rgb, m, entity.position);
      break;
    case 'SOLID':
    case 'TRACE':
      drawSolid(sketch, entity.points ?? [], id, rgb, m);
      break;
    case 'HATCH':
      // A gradient is filled in the mean of its colours (not the entity's colour, which CAD does not show).
      if (entity.hatch && !drawHatch(sketch, entity.hatch, id, entity.hatch.gradient.length ? meanRgb(entity.hatch.gradient) : rgb, m)) lookup.skipped(`HATCH pattern ${entity.hatch.patternName} too fine (filled)`);
      break;
    case 'LEADER':
    case 'MULTILEADER': {
      if (!entity.leader) break;
      drawLeader(sketch, entity.leader, id, rgb, m, lookup.dimension);
      const text = leaderText(entity);
      if (text) drawDxfEntity(sketch, text, { ...at, matrix: m }, lookup);
      break;
    }
    case 'IMAGE':
      if (entity.image) lookup.images.push(placeImage(entity.image, id, m));
      break;
    case 'MLINE':
      if (entity.mline) drawMline(sketch, entity.mline, id, rgb, m, dashes);
      break;
    case 'VIEWPORT': {
      // Its border (the layout's paper space viewport is the sheet: no border).
      const vp = entity.viewport;
      if (vp && !vp.isPaper && vp.width > 0 && vp.height > 0) {
        const [x0, x1, y0, y1] = [vp.center.x - vp.width / 2, vp.center.x + vp.width / 2, vp.center.y - vp.height / 2, vp.center.y + vp.height / 2];
        sketch.polyline(id, rgb, m, [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }], true);
      }
      break;
    }
    case '3DFACE':
      sketch.polyline(id, rgb, m, entity.vertices ?? [], true);
      break;
    case 'TEXT':
    case 'ATTDEF':
      // A block's attribute definitions are templates: the references' attributes carry the values.
      if (entity.type === 'TEXT') drawDxfText(sketch, entity, id, rgb, m);
      break;
    case 'MTEXT':
      drawDxfMText(sketch, entity, id, rgb, m);
      break;
    case 'ACAD_TABLE':
      drawInsert(sketch, entity, { ...at, matrix: m, blockLineweight: weight }, layer, rgb, lookup);
      break;
    case 'INSERT':
      drawInsert(sketch, entity, { ...at, matrix: m, blockLineweight: weight }, layer, rgb, lookup);
      for (const attrib of entity.attribs ?? []) if (attrib.visible !== false) drawDxfText(sketch, attrib, id, resolveColor(attrib, lookup.layerRgb(attrib.layer ?? layer), rgb), at.matrix);
      break;
    case 'DIMENSION':
    case 'ARC_DIMENSION':
    case 'LARGE_RADIAL_DIMENSION': {
      // A dimension's block holds its lines, arrows and text, already where they go; without one, its definition is drawn.
      const block = entity.block ? lookup.block(entity.block) : undefined;
      if (block && at.depth < MAX_BLOCK_DEPTH) drawBlock(sketch, block, { ...at, blockRgb: rgb, blockLayer: layer, blockLinetype: resolvedLinetype(entity, layer, at.blockLinetype, lookup.linetypes), blockLineweight: weight, depth: at.depth + 1 }, lookup);
      else if (!block && !drawDimensionDefinition(sketch, entity, id, rgb, m, lookup.dimension)) lookup.skipped(`${entity.type} without its block`);
      break;
    }
    default:
      lookup.skipped(entity.type);
  }
}

function drawBlock(sketch: Sketch, block: DxfBlock, at: DrawContext, lookup: DrawingLookup): void {
  for (const child of block.entities ?? []) drawDxfEntity(sketch, child, at, lookup);
}

/** A block reference: the block at its position, rotation and scale, repeated for a rectangular array. */
function drawInsert(sketch: Sketch, entity: DxfEntity, at: DrawContext, layer: string, rgb: number, lookup: DrawingLookup): void {
  const block = entity.name ? lookup.block(entity.name) : undefined;
  // An external reference's drawing is another file: said, not drawn.
  if (block?.xrefPath) lookup.skipped(`external reference ${block.name} (${block.xrefPath})`);
  if (!block || block.xrefPath || at.depth >= MAX_BLOCK_DEPTH) return;
  const p = entity.position ?? { x: 0, y: 0 };
  const base = block.position ?? { x: 0, y: 0 };
  const angle = ((entity.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const sx = entity.xScale ?? 1;
  const sy = entity.yScale ?? 1;
  const columns = Math.max(1, entity.columnCount ?? 1);
  const rows = Math.max(1, entity.rowCount ?? 1);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const dx = column * (entity.columnSpacing ?? 0);
      const dy = row * (entity.rowSpacing ?? 0);
      const place: Affine2 = [cos * sx, sin * sx, -sin * sy, cos * sy, p.x + cos * dx - sin * dy, p.y + sin * dx + cos * dy];
      const local = compose(place, [1, 0, 0, 1, -base.x, -base.y]);
      drawBlock(sketch, block, { ...at, matrix: compose(at.matrix, local), blockRgb: rgb, blockLayer: layer, blockLinetype: resolvedLinetype(entity, layer, at.blockLinetype, lookup.linetypes), depth: at.depth + 1 }, lookup);
    }
  }
}

/** A polyline's points with each bulge's arc put in. */
function polylinePoints(vertices: readonly DxfPoint[], closed: boolean): Point2[] {
  if (vertices.length === 0) return [];
  const points: Point2[] = [vertices[0]];
  const count = closed ? vertices.length : vertices.length - 1;
  for (let i = 0; i < count; i++) {
    const from = vertices[i];
    const to = vertices[(i + 1) % vertices.length];
    points.push(...bulgePoints(from, to, from.bulge ?? 0));
  }
  return points;
}

function splineOf(entity: DxfEntity): Point2[] {
  const controls = entity.controlPoints ?? [];
  if (controls.length >= 2 && entity.knotValues) return splinePoints(entity.degreeOfSplineCurve ?? 3, entity.knotValues, controls, entity.weights);
  return entity.fitPoints ? curveThrough(entity.fitPoints) : controls;
}

/** SOLID's corners go 1, 2, 4, 3 around the quadrilateral (a triangle repeats its third). */
function drawSolid(sketch: Sketch, points: readonly DxfPoint[], id: number, rgb: number, m: Affine2): void {
  const [p0, p1, p2, p3] = points;
  if (!p0 || !p1 || !p2) return;
  sketch.triangle(id, rgb, m, p0, p1, p2);
  if (p3 && (p3.x !== p2.x || p3.y !== p2.y)) sketch.triangle(id, rgb, m, p1, p3, p2);
}

/** An arc, circle or polyline whose extrusion points down (OCS z = -1) is mirrored in x. */
function ocsFlipped(entity: DxfEntity): boolean {
  return (entity.extrusionDirectionZ ?? entity.extrusionDirection?.z ?? 1) < 0;
}
