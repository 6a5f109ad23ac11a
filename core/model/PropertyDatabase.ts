import {
  type AttributeDefinition,
  AttributeFlags,
  type Property,
  type PropertyResult,
  type PropertyValue,
  isStructuralCategory,
} from './PropertyTypes.js';

/** The five tables of the spec's property database (spec 001 §7), as held in memory. */
export interface PropertyTables {
  /** index = attribute id; index 0 is a placeholder. */
  attrs: AttributeDefinition[];
  /** index = value id; each distinct value once. */
  vals: PropertyValue[];
  /** flat (attribute id, value id) pairs. */
  avs: Int32Array;
  /** index = dbId: first pair of that object; offs[dbId + 1] ends it. Length objectCount + 1. */
  offs: Int32Array;
  /** index = dbId: external id ("" when none). */
  ids: string[];
}

/**
 * Properties of every object of a model, in the compact layout of the spec's objects_* files:
 * each distinct value is stored once, and an object is a run of (attribute, value) pairs. Lives in the
 * loader's worker; the main thread asks through PropertyDatabaseClient.
 */
export class PropertyDatabase {
  private readonly tables: PropertyTables;
  private readonly nameAttribute: number;
  private lowerCaseValues: (string | null)[] | null = null;

  constructor(tables: PropertyTables) {
    this.tables = tables;
    this.nameAttribute = tables.attrs.findIndex((a, i) => i > 0 && a && a.category === '__name__');
  }

  get objectCount(): number {
    return Math.max(0, this.tables.offs.length - 1);
  }

  get attributeCount(): number {
    return Math.max(0, this.tables.attrs.length - 1);
  }

  /** True when the model carries no properties at all. */
  get isEmpty(): boolean {
    return this.tables.avs.length === 0;
  }

  getExternalId(dbId: number): string {
    return this.tables.ids[dbId] ?? '';
  }

  getName(dbId: number): string {
    if (this.nameAttribute <= 0) return '';
    let name = '';
    this.forEachPair(dbId, (attr, val) => {
      if (attr === this.nameAttribute) {
        name = String(this.tables.vals[val] ?? '');
        return true;
      }
      return false;
    });
    return name;
  }

  /** Every shown property of an object (structure attributes left out; hidden ones flagged). */
  getProperties(dbId: number, propNames?: readonly string[]): PropertyResult | null {
    if (!this.hasObject(dbId)) return null;
    const wanted = propNames && propNames.length ? new Set(propNames) : null;
    const properties: Property[] = [];
    this.forEachPair(dbId, (attrId, valId) => {
      const attr = this.tables.attrs[attrId];
      if (!attr || isStructuralCategory(attr.category)) return false;
      if (wanted && !wanted.has(attr.name) && !wanted.has(attr.displayName)) return false;
      properties.push(this.toProperty(attr, this.tables.vals[valId] ?? null));
      return false;
    });
    return { dbId, name: this.getName(dbId), externalId: this.getExternalId(dbId), properties };
  }

  getBulkProperties(dbIds: readonly number[], propNames?: readonly string[]): PropertyResult[] {
    const results: PropertyResult[] = [];
    for (const dbId of dbIds) {
      const result = this.getProperties(dbId, propNames);
      if (result) results.push(result);
    }
    return results;
  }

  /**
   * dbIds of objects with a value containing the text, case-insensitively, over the whole database.
   * With attribute names, only those attributes are searched. Names are searched; other structure is not.
   */
  search(text: string, attributeNames?: readonly string[]): number[] {
    const needle = text.trim().toLowerCase();
    if (!needle) return [];
    const { attrs, avs, offs } = this.tables;
    const wanted = attributeNames && attributeNames.length ? new Set(attributeNames) : null;
    const searchableAttr = new Uint8Array(attrs.length);
    for (let i = 1; i < attrs.length; i++) {
      const a = attrs[i];
      if (!a || a.flags & AttributeFlags.DONT_INDEX) continue;
      if (wanted) searchableAttr[i] = wanted.has(a.name) || wanted.has(a.displayName) ? 1 : 0;
      else searchableAttr[i] = !isStructuralCategory(a.category) || a.category === '__name__' ? 1 : 0;
    }
    const values = this.getLowerCaseValues();
    const matchingValue = new Uint8Array(values.length);
    for (let v = 0; v < values.length; v++) {
      const value = values[v];
      if (value !== null && value.includes(needle)) matchingValue[v] = 1;
    }
    const found: number[] = [];
    for (let dbId = 1; dbId < offs.length - 1; dbId++) {
      for (let p = offs[dbId]; p < offs[dbId + 1]; p++) {
        if (searchableAttr[avs[p * 2]] && matchingValue[avs[p * 2 + 1]]) {
          found.push(dbId);
          break;
        }
      }
    }
    return found;
  }

  /** externalId → dbId for every object that has one. */
  getExternalIdMapping(): Record<string, number> {
    const mapping: Record<string, number> = {};
    this.tables.ids.forEach((id, dbId) => {
      if (dbId > 0 && id) mapping[id] = dbId;
    });
    return mapping;
  }

  /** Bytes the tables take, approximately (typed arrays exactly, strings at 2 bytes a character). */
  estimateByteSize(): number {
    const { attrs, vals, avs, offs, ids } = this.tables;
    let bytes = avs.byteLength + offs.byteLength;
    for (const v of vals) bytes += typeof v === 'string' ? 16 + v.length * 2 : 16;
    for (const id of ids) bytes += 16 + id.length * 2;
    bytes += attrs.length * 120;
    return bytes;
  }

  private hasObject(dbId: number): boolean {
    return Number.isInteger(dbId) && dbId > 0 && dbId < this.tables.offs.length - 1;
  }

  private forEachPair(dbId: number, visit: (attrId: number, valId: number) => boolean): void {
    if (!this.hasObject(dbId)) return;
    const { avs, offs } = this.tables;
    for (let p = offs[dbId]; p < offs[dbId + 1]; p++) {
      if (visit(avs[p * 2], avs[p * 2 + 1])) return;
    }
  }

  private toProperty(attr: AttributeDefinition, value: PropertyValue): Property {
    return {
      attributeName: attr.name,
      displayName: attr.displayName || attr.name,
      displayValue: value,
      displayCategory: attr.category,
      units: attr.dataTypeContext || null,
      type: attr.dataType,
      precision: attr.precision,
      hidden: (attr.flags & AttributeFlags.HIDDEN) !== 0,
    };
  }

  private getLowerCaseValues(): (string | null)[] {
    if (!this.lowerCaseValues) {
      this.lowerCaseValues = this.tables.vals.map((v) =>
        v === null || v === undefined || typeof v === 'boolean' ? null : String(v).toLowerCase(),
      );
    }
    return this.lowerCaseValues;
  }
}
