import type { ModelMetadata } from '../../model/ModelMetadata.js';
import type { IfcGeoreference } from './ifcGeoreference.js';
import type { IfcUnitTable } from './IfcUnits.js';

/** IFC is Z-up (its coordinates are kept as they are): the viewer orbits around Z. */
export const IFC_WORLD_UP: [number, number, number] = [0, 0, 1];

/**
 * The metadata of an IFC model (spec 000 §3 "Metadata keys read"): the distance unit the coordinates are
 * in, the world up vector, an "IFC" item with the schema and the file's own length unit, and the map
 * conversion where the file has one ("georeference": the `applyRefPoint` load option places the model by
 * it). IFC files carry no page dimensions, views or layer states the viewer could use.
 */
export function ifcMetadata(schema: string, units: IfcUnitTable, keepFileUnits: boolean, georeference: IfcGeoreference | null): ModelMetadata {
  return {
    'distance unit': { value: keepFileUnits ? units.viewerLengthUnit! : 'm' },
    'world up vector': { XYZ: IFC_WORLD_UP },
    IFC: {
      schema,
      lengthUnit: units.lengthSymbol,
      metersPerLengthUnit: units.lengthToMeters,
    },
    ...(georeference ? { georeference: { ...georeference } } : {}),
  };
}
