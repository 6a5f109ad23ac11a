import { PropertyDatabase, type PropertyTables } from './PropertyDatabase.js';
import { type AttributeDefinition, AttributeFlags, AttributeType, type PropertyValue } from './PropertyTypes.js';

export interface AttributeOptions {
  dataType?: number;
  displayName?: string;
  units?: string;
  flags?: number;
  precision?: number;
  description?: string;
}

/**
 * Collects (dbId, attribute, value) triples in any order, deduplicating attributes and values, and
 * sorts them into the spec's tables at the end. Loaders (glTF extras, IFC property sets) use it.
 */
export class PropertyDatabaseBuilder {
  private readonly attrs: AttributeDefinition[] = [placeholderAttribute()];
  private readonly attrIndex = new Map<string, number>();
  private readonly vals: PropertyValue[] = [null];
  private readonly valIndex = new Map<string, number>();
  private triples = new Int32Array(3 * 1024);
  private tripleCount = 0;
  private readonly ids: string[] = [''];
  private maxDbId = 0;

  /** Id of an attribute, added on first use. */
  attribute(name: string, category: string, options: AttributeOptions = {}): number {
    const key = `${category}\u0000${name}\u0000${options.units ?? ''}`;
    let id = this.attrIndex.get(key);
    if (id === undefined) {
      id = this.attrs.length;
      this.attrs.push({
        name,
        category,
        dataType: options.dataType ?? AttributeType.String,
        dataTypeContext: options.units ?? '',
        description: options.description ?? '',
        displayName: options.displayName ?? name,
        flags: options.flags ?? 0,
        precision: options.precision ?? 0,
      });
      this.attrIndex.set(key, id);
    }
    return id;
  }

  /** Id of a value, each distinct value stored once. */
  value(value: PropertyValue): number {
    const key = typeof value === 'string' ? `s${value}` : `${typeof value}:${String(value)}`;
    let id = this.valIndex.get(key);
    if (id === undefined) {
      id = this.vals.length;
      this.vals.push(value);
      this.valIndex.set(key, id);
    }
    return id;
  }

  add(dbId: number, attributeId: number, value: PropertyValue): void {
    if (this.tripleCount * 3 + 3 > this.triples.length) {
      const grown = new Int32Array(this.triples.length * 2);
      grown.set(this.triples);
      this.triples = grown;
    }
    const o = this.tripleCount * 3;
    this.triples[o] = dbId;
    this.triples[o + 1] = attributeId;
    this.triples[o + 2] = this.value(value);
    this.tripleCount++;
    if (dbId > this.maxDbId) this.maxDbId = dbId;
  }

  /** Adds a value, choosing the attribute's data type from the value. */
  addTyped(dbId: number, name: string, category: string, value: PropertyValue, options: AttributeOptions = {}): void {
    const dataType = options.dataType ?? dataTypeOf(value);
    this.add(dbId, this.attribute(name, category, { ...options, dataType }), value);
  }

  setName(dbId: number, name: string): void {
    this.add(dbId, this.attribute('name', '__name__', { flags: AttributeFlags.HIDDEN }), name);
  }

  setExternalId(dbId: number, externalId: string): void {
    while (this.ids.length <= dbId) this.ids.push('');
    this.ids[dbId] = externalId;
    if (dbId > this.maxDbId) this.maxDbId = dbId;
  }

  /** Sorts the triples by dbId (a counting sort, stable) into avs/offs and returns the tables. */
  buildTables(objectCount = this.maxDbId + 1): PropertyTables {
    const n = Math.max(objectCount, this.maxDbId + 1);
    const offs = new Int32Array(n + 1);
    const t = this.triples;
    for (let i = 0; i < this.tripleCount; i++) offs[t[i * 3] + 1]++;
    for (let i = 0; i < n; i++) offs[i + 1] += offs[i];
    const cursor = offs.slice(0, n);
    const avs = new Int32Array(this.tripleCount * 2);
    for (let i = 0; i < this.tripleCount; i++) {
      const pair = cursor[t[i * 3]]++;
      avs[pair * 2] = t[i * 3 + 1];
      avs[pair * 2 + 1] = t[i * 3 + 2];
    }
    while (this.ids.length < n) this.ids.push('');
    this.triples = new Int32Array(0);
    this.tripleCount = 0;
    return { attrs: this.attrs, vals: this.vals, avs, offs, ids: this.ids };
  }

  build(objectCount?: number): PropertyDatabase {
    return new PropertyDatabase(this.buildTables(objectCount));
  }
}

function placeholderAttribute(): AttributeDefinition {
  return { name: '', category: '', dataType: 0, dataTypeContext: '', description: '', displayName: '', flags: 0, precision: 0 };
}

function dataTypeOf(value: PropertyValue): number {
  if (typeof value === 'boolean') return AttributeType.Boolean;
  if (typeof value === 'number') return Number.isInteger(value) ? AttributeType.Integer : AttributeType.Double;
  return AttributeType.String;
}
