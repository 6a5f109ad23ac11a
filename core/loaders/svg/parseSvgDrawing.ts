import { PropertyDatabaseBuilder } from '../../model/PropertyDatabaseBuilder.js';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { packPaints } from '../sketch/packPaints.js';
import { packSketch } from '../sketch/packSketch.js';
import type { FormatParser } from '../WorkerLoadContext.js';
import { SVG_CATEGORY, SVG_DRAWING_OPTION, SVG_ROOT_DB_ID, type SvgDrawing } from './SvgDrawing.js';

/**
 * An SVG in the loader worker: the page read the file (SvgLoader) and sends its drawing with the request;
 * here it is packed into batches like a DXF (draw calls grow with colours, not elements), sent as a 2D
 * model with its layers, and its objects' properties stay here to answer queries and search.
 */
export const parseSvgDrawing: FormatParser = async (context) => {
  const { fileName, options } = context.request;
  const drawing = options[SVG_DRAWING_OPTION] as SvgDrawing | undefined;
  if (!drawing) throw new ViewerError(ErrorCode.BAD_DATA, `${fileName}: no SVG drawing came with the request.`);
  if (drawing.missingImages) context.warn(`${fileName}: ${drawing.missingImages} image${drawing.missingImages === 1 ? '' : 's'} not found or not pictures, not drawn.`);
  const { packed, textures } = packPaints(packSketch(drawing, context.placement), drawing.paints ?? [], context.placement);
  if (packed.fragments.dbIds.length === 0) throw new ViewerError(ErrorCode.BAD_DATA_MODEL_IS_EMPTY, `${fileName} has no geometry to show.`);
  context.sendProgress(60);
  context.sendHeader({
    fragments: packed.fragments,
    batches: packed.batches,
    materials: packed.materials,
    tree: { rootId: SVG_ROOT_DB_ID, parents: drawing.parents, names: drawing.names },
    metadata: { 'distance unit': { value: drawing.unit }, 'world up vector': { XYZ: [0, 0, 1] } },
    bounds: packed.bounds,
    globalOffset: context.placement.globalOffset,
    placementTransform: context.placement.placementTransform,
    cameras: [],
    defaultCamera: -1,
    layers: { layers: drawing.layers, layerOf: drawing.layerOf, onLayer: drawing.onLayer },
    is2d: true,
    texts: packed.texts,
  });
  for (const { material, textures: maps, transfer } of textures) context.sendTextures(material, maps, transfer);
  for (const chunk of packed.chunks.splice(0)) context.sendChunk(chunk);
  const builder = new PropertyDatabaseBuilder();
  for (const object of drawing.objects) {
    builder.setName(object.dbId, object.name);
    if (object.externalId) builder.setExternalId(object.dbId, object.externalId);
    for (const [name, value] of object.properties) if (value !== '') builder.addTyped(object.dbId, name, drawing.category ?? SVG_CATEGORY, value);
  }
  return builder.build(drawing.parents.length);
};
