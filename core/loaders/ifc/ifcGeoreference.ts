import { Matrix4 } from 'three';
import type * as WebIfc from 'web-ifc';
import type { IfcLineReader } from './IfcLineReader.js';
import { describeUnit, type IfcUnitTable, refId } from './IfcUnits.js';

/** An IFC4 map conversion (IfcMapConversion): where the engineering coordinates sit on the map. */
export interface IfcGeoreference {
  eastings: number;
  northings: number;
  orthogonalHeight: number;
  /** Angle of the local x axis from the map's easting axis, in degrees (counter-clockwise). */
  rotationDegrees: number;
  scale: number;
  /** The map's coordinate reference system (its name, such as "EPSG:25832"), or "". */
  crs: string;
  /** Model units per map unit (the map's unit, else the project's length unit). */
  mapUnitToModel: number;
}

/**
 * The file's first map conversion (IFC4 and later; IFC2X3 has none), or null. Its eastings, northings and
 * height are in the map's unit, turned into the model's length unit here.
 */
export function readIfcGeoreference(reader: IfcLineReader, ifc: typeof WebIfc, units: IfcUnitTable, metersPerModelUnit: number): IfcGeoreference | null {
  const ids = [...reader.idsOfType(ifc.IFCMAPCONVERSION), ...reader.idsOfType(ifc.IFCMAPCONVERSIONSCALED)];
  const line = ids.length ? reader.line(ids[0]) : null;
  if (!line) return null;
  const number = (attribute: unknown, fallback: number) => {
    const value = Number((attribute as { value?: unknown } | null)?.value ?? attribute ?? fallback);
    return Number.isFinite(value) ? value : fallback;
  };
  const crs = reader.line(refId(line.TargetCRS));
  const mapUnit = crs ? reader.line(refId(crs.MapUnit)) : null;
  const mapUnitMeters = mapUnit ? describeUnit(reader, mapUnit).factor : units.lengthToMeters;
  const abscissa = number(line.XAxisAbscissa, 1);
  const ordinate = number(line.XAxisOrdinate, 0);
  return {
    eastings: number(line.Eastings, 0),
    northings: number(line.Northings, 0),
    orthogonalHeight: number(line.OrthogonalHeight, 0),
    rotationDegrees: (Math.atan2(ordinate, abscissa) * 180) / Math.PI,
    scale: number(line.Scale, 1),
    crs: String(crs?.Name?.value ?? crs?.Name ?? ''),
    mapUnitToModel: mapUnitMeters / metersPerModelUnit,
  };
}

/** The georeference as a matrix from engineering to map coordinates (in model units): the reference point. */
export function georeferenceMatrix(g: IfcGeoreference): Matrix4 {
  const k = g.mapUnitToModel;
  const turn = new Matrix4().makeRotationZ((g.rotationDegrees * Math.PI) / 180);
  const scale = new Matrix4().makeScale(g.scale, g.scale, g.scale);
  return new Matrix4().makeTranslation(g.eastings * k, g.northings * k, g.orthogonalHeight * k).multiply(turn).multiply(scale);
}
