import { Matrix4, Vector3 } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import type { Property } from '../../model/PropertyTypes.js';
import { SnapGeometry } from './Snapper.js';
import type { MeasurePick } from './Measurement.js';
import { objectFragments, type ObjectRef, objectTriangles, trianglesGeometry } from './objectGeometry.js';

/** The two closest points of two objects (real coordinates), and how far apart they are. */
export interface ClosestPoints {
  picks: [MeasurePick, MeasurePick];
  distance: number;
}

/**
 * The minimum distance between two objects (the "minimum distance between two selected objects"):
 * the closest points between their triangles where they are now (exploded, moved), found with
 * three-mesh-bvh's closestPointToGeometry on a triangle BVH of the first. Null when either has no
 * visible triangles. Both are taken relative to a corner of the first, so far-off models keep precision.
 */
export function closestPoints(a: ObjectRef, b: ObjectRef): ClosestPoints | null {
  const fragIds = objectFragments(a);
  if (!fragIds.length) return null;
  const origin = a.model.fragments.getWorldBox(fragIds[0]).min.add(a.model.globalOffset);
  const first = objectTriangles(a, origin), second = objectTriangles(b, origin);
  if (!first.positions.length || !second.positions.length) return null;
  const bvh = new MeshBVH(trianglesGeometry(first.positions));
  const other = trianglesGeometry(second.positions);
  other.boundsTree = new MeshBVH(other);
  const onFirst = { point: new Vector3(), distance: Infinity, faceIndex: -1 };
  const onSecond = { point: new Vector3(), distance: Infinity, faceIndex: -1 };
  if (!bvh.closestPointToGeometry(other, new Matrix4(), onFirst, onSecond)) return null;
  const pick = (object: ObjectRef, point: Vector3): MeasurePick => ({ x: point.x + origin.x, y: point.y + origin.y, z: point.z + origin.z, geomType: SnapGeometry.FACE, dbId: object.dbId, modelId: object.model.url });
  return { picks: [pick(a, onFirst.point), pick(b, onSecond.point)], distance: onFirst.distance };
}

/** The quantities an object's dimensions show, by kind (IFC base quantities and the like). */
export type QuantityKind = 'length' | 'area' | 'volume';

/** One quantity of an object from the property database, as it reads there. */
export interface ObjectQuantity {
  kind: QuantityKind;
  /** The property's name ("Length", "NetSideArea", "GrossVolume") and its set ("Qto_WallBaseQuantities"). */
  name: string;
  category: string;
  value: number;
  /** The property's unit symbol ("m", "m²"), or null where the database has none. */
  units: string | null;
}

/** An object's own dimensions: the size of its box (real coordinates, model units) and its quantities. */
export interface ObjectDimensions {
  model: ObjectRef['model'];
  dbId: number;
  size: { x: number; y: number; z: number };
  quantities: ObjectQuantity[];
}

/** The box size of an object's visible triangles where they are now; null when it has none. */
export function objectBoxSize(object: ObjectRef): ObjectDimensions['size'] | null {
  const { box } = objectTriangles(object, new Vector3());
  if (box.isEmpty()) return null;
  return { x: box.max.x - box.min.x, y: box.max.y - box.min.y, z: box.max.z - box.min.z };
}

/**
 * Which kind of quantity a numeric property is, by its name: Length, Width, Height, Depth, Perimeter
 * (lengths), any name ending in Area, any ending in Volume; null for the rest.
 */
export function quantityKind(name: string): QuantityKind | null {
  if (/volume$/i.test(name)) return 'volume';
  if (/area$/i.test(name)) return 'area';
  if (/^(length|width|height|depth|perimeter|thickness)$/i.test(name)) return 'length';
  return null;
}

/** The length, area and volume properties of an object (numeric, named as quantityKind reads them). */
export function quantitiesOf(properties: readonly Property[]): ObjectQuantity[] {
  const found: ObjectQuantity[] = [];
  for (const p of properties) {
    const kind = quantityKind(p.displayName);
    if (!kind || p.hidden || typeof p.displayValue !== 'number' || !Number.isFinite(p.displayValue)) continue;
    found.push({ kind, name: p.displayName, category: p.displayCategory, value: p.displayValue, units: p.units || null });
  }
  return found;
}

/** An object's dimensions: its box size now and the quantities the property database has for it. */
export async function objectDimensions(object: ObjectRef): Promise<ObjectDimensions | null> {
  const size = objectBoxSize(object);
  if (!size) return null;
  const result = await object.model.getProperties(object.dbId).catch(() => null);
  return { model: object.model, dbId: object.dbId, size, quantities: result ? quantitiesOf(result.properties) : [] };
}
