/** Attribute data types, as the spec's property database files code them (spec 001 §7). */
export const AttributeType = {
  Unknown: 0,
  Boolean: 1,
  Integer: 2,
  Double: 3,
  Float: 4,
  BLOB: 10,
  DbKey: 11,
  String: 20,
  LocalizableString: 21,
  DateTime: 22,
  GeoLocation: 23,
  Position: 24,
} as const;

/** Attribute flags: hidden attributes are left out of the properties panel. */
export const AttributeFlags = {
  HIDDEN: 1,
  DONT_INDEX: 2,
  DIRECT_STORAGE: 4,
  READ_ONLY: 8,
} as const;

/** One row of the attribute table (objects_attrs): the spec's tuple, named. */
export interface AttributeDefinition {
  name: string;
  category: string;
  dataType: number;
  /** For numbers, the unit ("m", "ft", "Feet"...). */
  dataTypeContext: string;
  description: string;
  displayName: string;
  flags: number;
  precision: number;
}

export type PropertyValue = string | number | boolean | null;

/** Spec 001 §3 "Property". */
export interface Property {
  attributeName: string;
  displayName: string;
  displayValue: PropertyValue;
  displayCategory: string;
  units: string | null;
  type: number;
  precision: number;
  hidden: boolean;
}

/** What `model.getProperties(dbId)` resolves to. */
export interface PropertyResult {
  dbId: number;
  name: string;
  externalId: string;
  properties: Property[];
}

/** Categories written `__like_this__` hold structure (name, parent, child...), not properties to show. */
export function isStructuralCategory(category: string): boolean {
  return category.length > 4 && category.startsWith('__') && category.endsWith('__');
}
