import { DxfParser } from 'dxf-parser';
import type { ModelMetadata } from '../../model/ModelMetadata.js';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import type { FormatParser } from '../WorkerLoadContext.js';
import type { DrawingLookup } from './drawDxfEntity.js';
import { aciToRgb } from './dxfColors.js';
import { decodeDxf } from './decodeDxf.js';
import type { DxfDrawingData, DxfEntity } from './dxfEntity.js';
import { DXF_FIRST_ENTITY_DB_ID, dxfLayerData, dxfProperties, dxfTree, readDxfLayers } from './dxfObjects.js';
import { IDENTITY, Sketch } from '../sketch/Sketch.js';
import { packPaints } from '../sketch/packPaints.js';
import { packSketch } from '../sketch/packSketch.js';
import { registerDxfEntityHandlers } from './entityHandlers.js';
import { imageDefinitions } from './images/dxfImages.js';
import { loadImagePaints } from './images/loadImagePaints.js';
import { readDxfLinetypes } from './linetypes.js';
import { readDxfLineweights } from './lineweights.js';
import { readLayerRecords } from './layerRecords.js';
import { readObjects } from './objectsSection.js';
import { drawEntities, drawLayout } from './layouts/drawLayout.js';
import { type DxfLayout, MODEL_LAYOUT, readLayouts } from './layouts/readLayouts.js';

/** $INSUNITS → the viewer's unit names (spec 000 §5); other codes (0: unitless) leave the unit unknown. */
const INSUNITS: Record<number, string> = { 1: 'in', 2: 'ft', 4: 'mm', 5: 'cm', 6: 'm' };

/**
 * DXF (ASCII or binary; text in the file's code page before AutoCAD 2007) in the loader worker, with
 * dxf-parser and the loader's own handlers for what it skips: model space (or a paper-space layout, by the
 * `layout` option) becomes a 2D model at z = 0 in drawing units. Each entity (a block reference with its
 * block, nested blocks and attributes included) is one object; lines, arcs, circles, ellipses, splines and
 * polylines (bulges as arcs) are line geometry, dashed by their linetype in drawing units ($LTSCALE × the
 * entity's scale), and those heavier than $LWDEFAULT get a band of their lineweight's width as well (shown by
 * the `lineWeights` preference); polylines with widths are filled bands, SOLIDs and TRACEs fills, POINTs
 * points; TEXT, MTEXT and attributes are text runs (the header's texts). HATCH, LEADER, MULTILEADER, MLINE,
 * ACAD_TABLE and the dimensions are drawn (a dimension without its block from its definition); meshes as
 * their edges seen from above; IMAGEs as their pictures, fetched beside the drawing. Colours resolve ACI,
 * true colour, BYLAYER and BYBLOCK; the LAYER table becomes the model's layers, off or frozen ones hidden.
 */
export const parseDxf: FormatParser = async (context) => {
  const { fileName, url } = context.request;
  const text = decodeDxf(new Uint8Array(await context.fetchArrayBuffer(url)), fileName);
  const drawing = readDrawing(text, fileName);
  context.sendProgress(40);
  const { model, paper } = spaceEntities(drawing.entities);
  const layers = readDxfLayers(drawing);
  // What dxf-parser does not keep (LAYER records' handles and linetypes, the OBJECTS section's layouts) is
  // read from the file's lines, split once.
  const lines = text.split(/\r?\n/);
  const layerRecords = readLayerRecords(lines);
  const layerRgb = new Map(layers.map((layer) => [layer.name, layer.rgb]));
  const skipped = new Map<string, number>();
  const lookup: DrawingLookup = {
    layerRgb: (name) => layerRgb.get(name) ?? aciToRgb(7),
    block: (name) => drawing.blocks[name],
    skipped: (type) => skipped.set(type, (skipped.get(type) ?? 0) + 1),
    linetypes: readDxfLinetypes(drawing, layerRecords),
    lineweights: readDxfLineweights(drawing, layerRecords),
    images: [],
    dimension: {
      arrowSize: Number(drawing.header?.$DIMASZ ?? 0.18),
      scale: Number(drawing.header?.$DIMSCALE ?? 1),
      textHeight: Number(drawing.header?.$DIMTXT ?? 0.18),
      decimals: Number(drawing.header?.$DIMDEC ?? 2),
    },
  };
  const objects = readObjects(lines, new Set(['LAYOUT', 'IMAGEDEF']));
  const layouts = readLayouts(drawing, objects.get('LAYOUT')!, paper).map((layout) => ({ ...layout, entities: withAttributes(layout.entities) }));
  const layout = chosenLayout(context.request.options.layout ?? layoutInUrl(url), layouts, (message) => context.warn(`${fileName}: ${message}`));
  const sketch = new Sketch();
  let entities = model;
  if (layout) entities = drawLayout(sketch, layout, model, new Map(layerRecords.map((r) => [r.handle, r.name])), lookup);
  else drawEntities(sketch, model, DXF_FIRST_ENTITY_DB_ID, IDENTITY, lookup);
  if (skipped.size) context.warn(`${fileName}: not drawn yet: ${[...skipped].map(([type, n]) => `${type} ×${n}`).join(', ')}.`);
  const paints = await loadImagePaints(context, lookup.images, imageDefinitions(objects.get('IMAGEDEF')!));
  for (const paint of paints) for (let i = 0; i < paint.positions.length; i += 2) sketch.include(paint.positions[i], paint.positions[i + 1]);
  const { packed, textures } = packPaints(packSketch(sketch, context.placement), paints, context.placement);
  if (packed.fragments.dbIds.length === 0) throw new ViewerError(ErrorCode.BAD_DATA_MODEL_IS_EMPTY, `${fileName} has no geometry to show.`);
  context.sendHeader({
    fragments: packed.fragments,
    batches: packed.batches,
    materials: packed.materials,
    tree: dxfTree(fileName, entities),
    metadata: { ...dxfMetadata(drawing), layouts: { names: [MODEL_LAYOUT, ...layouts.map((l) => l.name)], current: layout?.name ?? MODEL_LAYOUT } },
    bounds: packed.bounds,
    globalOffset: context.placement.globalOffset,
    placementTransform: context.placement.placementTransform,
    cameras: [],
    defaultCamera: -1,
    layers: dxfLayerData(layers, entities),
    is2d: true,
    texts: packed.texts,
  });
  for (const { material, textures: maps, transfer } of textures) context.sendTextures(material, maps, transfer);
  for (const chunk of packed.chunks.splice(0)) context.sendChunk(chunk);
  return dxfProperties(fileName, entities);
};

function readDrawing(text: string, fileName: string): DxfDrawingData {
  const parser = new DxfParser();
  registerDxfEntityHandlers(parser);
  let drawing: DxfDrawingData | null;
  try {
    drawing = parser.parseSync(text) as unknown as DxfDrawingData | null;
  } catch (reason) {
    throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} could not be read as DXF: ${(reason as Error)?.message ?? reason}`);
  }
  if (!drawing || !Array.isArray(drawing.entities)) throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} could not be read as DXF: it has no ENTITIES section.`);
  drawing.blocks ??= {};
  return drawing;
}

/** The entities of model space and of the active paper space layout, each with its attributes gathered. */
function spaceEntities(all: readonly DxfEntity[]): { model: DxfEntity[]; paper: DxfEntity[] } {
  return { model: withAttributes(all.filter((e) => !e.inPaperSpace)), paper: withAttributes(all.filter((e) => e.inPaperSpace)) };
}

/**
 * Entities without their ATTRIBs, each ATTRIB given to the block reference it follows (its tag and value
 * become the reference's attributes; it is drawn with it).
 */
function withAttributes(all: readonly DxfEntity[]): DxfEntity[] {
  const entities: DxfEntity[] = [];
  let insert: DxfEntity | null = null;
  for (const entity of all) {
    if (entity.type === 'ATTRIB') {
      if (insert) {
        insert.attributes = { ...insert.attributes, [entity.tag ?? '']: entity.text ?? '' };
        (insert.attribs ??= []).push(entity);
      }
      continue;
    }
    insert = entity.type === 'INSERT' ? entity : null;
    entities.push(entity);
  }
  return entities;
}

/** The layout a URL's fragment names (`#layout=Sheet%201`), if any. */
function layoutInUrl(url: string): string | undefined {
  const hash = url.indexOf('#');
  const found = hash >= 0 ? /(?:^|&)layout=([^&]*)/.exec(url.slice(hash + 1)) : null;
  return found ? decodeURIComponent(found[1]) : undefined;
}

/** The layout the `layout` load option (or the URL's `#layout=`) names (model space when it names none, or "Model"; warned when unknown). */
function chosenLayout(requested: unknown, layouts: readonly DxfLayout[], warn: (message: string) => void): DxfLayout | null {
  if (requested === undefined || requested === null || requested === '' || requested === MODEL_LAYOUT) return null;
  const layout = layouts.find((l) => l.name === String(requested));
  if (!layout) warn(`no layout "${String(requested)}": model space is shown (layouts: ${[MODEL_LAYOUT, ...layouts.map((l) => l.name)].join(', ')}).`);
  return layout ?? null;
}

function dxfMetadata(drawing: DxfDrawingData): ModelMetadata {
  const unit = INSUNITS[Number(drawing.header?.$INSUNITS)];
  return { 'distance unit': { value: unit ?? '' }, 'world up vector': { XYZ: [0, 0, 1] } };
}
