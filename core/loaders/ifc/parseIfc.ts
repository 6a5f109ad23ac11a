import type { PropertyDatabase } from '../../model/PropertyDatabase.js';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import type { FormatParser } from '../WorkerLoadContext.js';
import { buildIfcProperties } from './ifcProperties.js';
import { georeferenceMatrix, readIfcGeoreference } from './ifcGeoreference.js';
import { type IfcGeometry, streamIfcGeometry } from './IfcGeometryStreamer.js';
import { IfcLineReader } from './IfcLineReader.js';
import { IfcSpatialTree } from './IfcSpatialTree.js';
import { readIfcUnits, refId } from './IfcUnits.js';
import { readIfcLayers } from './ifcLayers.js';
import { ifcMetadata } from './ifcMetadata.js';
import { loadWebIfc } from './loadWebIfc.js';
import { checkIfcFile } from './stepFile.js';
import { readIfcFile } from './readIfcFile.js';

/** Share of the progress bar the geometry takes; the property database fills the rest. */
const GEOMETRY_PROGRESS = 90;

/**
 * IFC (.ifc: IFC2X3, IFC4, IFC4X3; .ifczip: a zip holding one) in the loader worker, with web-ifc: the spatial tree, the geometry
 * (packed as web-ifc generates it, then sent after the header: see IfcGeometryStreamer), then the
 * property database. Model units: the file's own length unit when the viewer knows it (m, cm, mm, ft,
 * in: spec 000 §5), so coordinates, measurements and quantities agree with the file; otherwise meters.
 * Axes: the file's own, Z up.
 */
export const parseIfc: FormatParser = async (context) => {
  const { fileName } = context.request;
  const data = await readIfcFile(context);
  const schema = checkIfcFile(data, fileName);
  const { ifc, api } = await loadWebIfc((path) => context.resource(path));
  let database: PropertyDatabase | null;
  try {
    let modelId: number;
    try {
      modelId = api.OpenModel(data, { COORDINATE_TO_ORIGIN: false });
    } catch (reason) {
      throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} could not be read as IFC: ${(reason as Error)?.message ?? reason}`);
    }
    if (modelId < 0 || !api.IsModelOpen(modelId)) throw new ViewerError(ErrorCode.BAD_DATA, `${fileName} could not be read as IFC (${schema}).`);
    const reader = new IfcLineReader(api, modelId);
    const tree = IfcSpatialTree.read(reader, ifc, fileName);
    const units = readIfcUnits(reader, refId(tree.lines[1]?.UnitsInContext));
    const keepFileUnits = units.viewerLengthUnit !== null;
    const georeference = readIfcGeoreference(reader, ifc, units, keepFileUnits ? units.lengthToMeters : 1);
    if (georeference) context.placement.useRefPoint(georeferenceMatrix(georeference));
    let geometry: IfcGeometry;
    try {
      geometry = streamIfcGeometry(api, modelId, {
        scaleToMeters: !keepFileUnits,
        placement: context.placement,
        dbIdOf: (expressId) => tree.addOrphan(expressId),
        onProgress: (percent) => context.sendProgress((percent * GEOMETRY_PROGRESS) / 100),
      });
    } catch (reason) {
      throw new ViewerError(ErrorCode.BAD_DATA, `The geometry of ${fileName} could not be read: ${(reason as Error)?.message ?? reason}`);
    }
    if (geometry.fragments.dbIds.length === 0) {
      throw new ViewerError(ErrorCode.BAD_DATA_MODEL_IS_EMPTY, `${fileName} has no geometry to show.`);
    }
    context.sendHeader({
      fragments: geometry.fragments,
      batches: geometry.batches,
      materials: geometry.materials,
      tree: tree.toTreeData(),
      metadata: ifcMetadata(schema, units, keepFileUnits, georeference),
      bounds: geometry.bounds,
      globalOffset: context.placement.globalOffset,
      placementTransform: context.placement.placementTransform,
      cameras: [],
      defaultCamera: -1,
      layers: readIfcLayers(reader, ifc, tree),
    });
    for (const chunk of geometry.chunks.splice(0)) context.sendChunk(chunk);
    database = buildIfcProperties(reader, ifc, tree, units);
    tree.releaseLines();
  } finally {
    // Frees the wasm instance with the model: the worker lives on only as the property database.
    api.Dispose();
  }
  return database;
};
