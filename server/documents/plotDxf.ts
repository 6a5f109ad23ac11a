// The default export: under Node the package is its CommonJS build, whose module is the class itself.
import DxfParser from 'dxf-parser';
import { aciToRgb } from '../../core/loaders/dxf/dxfColors.js';
import type { DxfDrawingData, DxfEntity } from '../../core/loaders/dxf/dxfEntity.js';
import { DXF_FIRST_ENTITY_DB_ID, readDxfLayers } from '../../core/loaders/dxf/dxfObjects.js';
import { registerDxfEntityHandlers } from '../../core/loaders/dxf/entityHandlers.js';
import { drawEntities } from '../../core/loaders/dxf/layouts/drawLayout.js';
import { readLayerRecords } from '../../core/loaders/dxf/layerRecords.js';
import { readDxfLinetypes } from '../../core/loaders/dxf/linetypes.js';
import { readDxfLineweights } from '../../core/loaders/dxf/lineweights.js';
import { IDENTITY, type Point2, Sketch, type SketchPiece } from '../../core/loaders/sketch/Sketch.js';

/** $INSUNITS → the viewer's unit names, as the DXF loader reads them (0: unitless). */
const INSUNITS: Record<number, string> = { 1: 'in', 2: 'ft', 4: 'mm', 5: 'cm', 6: 'm' };

/** A drawing as geometry to plot: lines, fills and points in drawing units (y up), its extents and unit. */
export interface Plot {
  pieces: SketchPiece[];
  min: Point2;
  max: Point2;
  /** The drawing's unit: $INSUNITS, or for a unitless drawing what AutoCAD takes it as ($MEASUREMENT: in or mm). */
  unit: string;
}

/**
 * A DXF's model space as the viewer draws it (the DXF loader's own entity drawing, so the plot shows what
 * the viewer would: blocks, dimensions, hatches, linetypes, lineweights), without the entities of layers
 * that are off or frozen. Texts are not plotted: they are runs for the viewer's font, not geometry.
 */
export function plotDxf(text: string): Plot {
  const parser = new DxfParser();
  registerDxfEntityHandlers(parser);
  const drawing = parser.parseSync(text) as unknown as DxfDrawingData | null;
  if (!drawing || !Array.isArray(drawing.entities)) throw new Error('not a DXF: it has no ENTITIES section');
  drawing.blocks ??= {};
  const layers = readDxfLayers(drawing);
  const layerRgb = new Map(layers.map((layer) => [layer.name, layer.rgb]));
  const hidden = new Set(layers.filter((layer) => !layer.on || layer.frozen).map((layer) => layer.name));
  const records = readLayerRecords(text.split(/\r?\n/));
  const sketch = new Sketch();
  drawEntities(sketch, modelSpace(drawing.entities), DXF_FIRST_ENTITY_DB_ID, IDENTITY, {
    layerRgb: (name) => layerRgb.get(name) ?? aciToRgb(7),
    block: (name) => drawing.blocks[name],
    skipped: () => {},
    linetypes: readDxfLinetypes(drawing, records),
    lineweights: readDxfLineweights(drawing, records),
    dimension: { arrowSize: Number(drawing.header?.$DIMASZ ?? 0.18), scale: Number(drawing.header?.$DIMSCALE ?? 1) },
    // The plot draws the vector work: IMAGEs' pictures are left out.
    images: [],
  }, (entity) => hidden.has(entity.layer ?? '0'));
  const pieces = sketch.pieces.filter((piece) => piece.positions.length > 0);
  if (pieces.length === 0) throw new Error('its model space has no geometry to plot');
  return { pieces, min: { ...sketch.min }, max: { ...sketch.max }, unit: INSUNITS[Number(drawing.header?.$INSUNITS)] ?? (Number(drawing.header?.$MEASUREMENT) === 1 ? 'mm' : 'in') };
}

/** Model space's entities; each ATTRIB belongs to the block reference it follows, which draws it. */
function modelSpace(all: readonly DxfEntity[]): DxfEntity[] {
  const entities: DxfEntity[] = [];
  let insert: DxfEntity | null = null;
  for (const entity of all) {
    if (entity.inPaperSpace) continue;
    if (entity.type === 'ATTRIB') {
      if (insert) (insert.attribs ??= []).push(entity);
      continue;
    }
    insert = entity.type === 'INSERT' ? entity : null;
    entities.push(entity);
  }
  return entities;
}
