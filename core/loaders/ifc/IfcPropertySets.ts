import { AttributeType, type PropertyValue } from '../../model/PropertyTypes.js';
import { type IfcLineReader, textOf } from './IfcLineReader.js';
import { asArray, describeUnit, type IfcLine, type IfcUnitTable, numberOf, refId, unitForMeasure } from './IfcUnits.js';

/** One property row of a property set or quantity set, ready for the database. */
export interface IfcPropertyRow {
  name: string;
  value: PropertyValue;
  dataType: number;
  units: string;
}

/** A property set (IfcPropertySet, IfcElementQuantity, or a predefined set) read once, shared by its objects. */
export interface IfcPropertySetRows {
  category: string;
  rows: IfcPropertyRow[];
}

/** Quantity entities and the attribute that holds their value. */
const QUANTITY_VALUES: Readonly<Record<string, string>> = {
  IFCQUANTITYLENGTH: 'LengthValue', IFCQUANTITYAREA: 'AreaValue', IFCQUANTITYVOLUME: 'VolumeValue',
  IFCQUANTITYCOUNT: 'CountValue', IFCQUANTITYWEIGHT: 'WeightValue', IFCQUANTITYTIME: 'TimeValue',
  IFCQUANTITYNUMBER: 'NumberValue',
};

/** Attributes of predefined property sets that are bookkeeping, not properties. */
const SKIPPED_ATTRIBUTES = new Set(['expressID', 'type', 'GlobalId', 'OwnerHistory', 'Name', 'Description']);

/**
 * Reads IFC property definitions into rows: single, enumerated, list, bounded and table values, complex
 * properties (flattened as "Complex.Name"), quantities (with the project's units where a quantity names
 * none) and predefined property sets (IfcDoorLiningProperties...). Sets are cached: one set often
 * describes hundreds of objects.
 */
export class IfcPropertySets {
  private readonly cache = new Map<number, IfcPropertySetRows | null>();
  /** Unit symbols by express id: a file names a few units on thousands of properties. */
  private readonly unitSymbols = new Map<number, string>();

  constructor(
    private readonly reader: IfcLineReader,
    private readonly units: IfcUnitTable,
  ) {}

  read(definitionId: number): IfcPropertySetRows | null {
    let rows = this.cache.get(definitionId);
    if (rows === undefined) {
      rows = this.readUncached(definitionId);
      this.cache.set(definitionId, rows);
    }
    return rows;
  }

  private readUncached(definitionId: number): IfcPropertySetRows | null {
    const line = this.reader.line(definitionId);
    if (!line) return null;
    const entity = this.reader.typeName(line);
    const category = textOf(line.Name) || this.reader.entityName(line.type);
    const rows: IfcPropertyRow[] = [];
    if (entity === 'IFCPROPERTYSET') {
      for (const ref of asArray(line.HasProperties)) this.readProperty(refId(ref), '', rows);
    } else if (entity === 'IFCELEMENTQUANTITY') {
      for (const ref of asArray(line.Quantities)) this.readQuantity(refId(ref), '', rows);
    } else {
      for (const [name, attribute] of Object.entries(line)) {
        if (SKIPPED_ATTRIBUTES.has(name)) continue;
        const row = this.rowOf(name, attribute, '');
        if (row) rows.push(row);
      }
    }
    return { category, rows };
  }

  private readProperty(id: number, prefix: string, rows: IfcPropertyRow[]): void {
    const line = this.reader.line(id);
    if (!line) return;
    const name = prefix + textOf(line.Name);
    const unit = this.unitOf(line.Unit);
    switch (this.reader.typeName(line)) {
      case 'IFCPROPERTYSINGLEVALUE': {
        const row = this.rowOf(name, line.NominalValue, unit);
        if (row) rows.push(row);
        break;
      }
      case 'IFCPROPERTYENUMERATEDVALUE':
        rows.push(textRow(name, asArray(line.EnumerationValues).map(displayText).join(', ')));
        break;
      case 'IFCPROPERTYLISTVALUE':
        rows.push({ ...textRow(name, asArray(line.ListValues).map(displayText).join(', ')), units: unit || this.measureUnit(asArray(line.ListValues)[0]) });
        break;
      case 'IFCPROPERTYBOUNDEDVALUE': {
        const lower = displayText(line.LowerBoundValue);
        const upper = displayText(line.UpperBoundValue);
        rows.push({ ...textRow(name, `${lower || '…'} – ${upper || '…'}`), units: unit || this.measureUnit(line.LowerBoundValue ?? line.UpperBoundValue) });
        break;
      }
      case 'IFCPROPERTYTABLEVALUE': {
        const definingValues = asArray(line.DefiningValues);
        const definedValues = asArray(line.DefinedValues);
        const definingUnit = this.unitOf(line.DefiningUnit) || this.measureUnit(definingValues[0]);
        const definedUnit = this.unitOf(line.DefinedUnit) || this.measureUnit(definedValues[0]);
        const withUnit = (value: unknown, unit: string) => [displayText(value), unit].filter(Boolean).join(' ');
        rows.push(textRow(name, definingValues.map((d, i) => `${withUnit(d, definingUnit)}: ${withUnit(definedValues[i], definedUnit)}`).join('; ')));
        break;
      }
      case 'IFCCOMPLEXPROPERTY':
        for (const ref of asArray(line.HasProperties)) this.readProperty(refId(ref), `${name}.`, rows);
        break;
      default:
        break; // reference values and unknown kinds carry no displayable value
    }
  }

  private readQuantity(id: number, prefix: string, rows: IfcPropertyRow[]): void {
    const line = this.reader.line(id);
    if (!line) return;
    const entity = this.reader.typeName(line);
    const name = prefix + textOf(line.Name);
    if (entity === 'IFCPHYSICALCOMPLEXQUANTITY') {
      for (const ref of asArray(line.HasQuantities)) this.readQuantity(refId(ref), `${name}.`, rows);
      return;
    }
    const attribute = QUANTITY_VALUES[entity];
    if (!attribute) return;
    const value = numberOf(line[attribute]);
    if (value === null) return;
    const dataType = entity === 'IFCQUANTITYCOUNT' && Number.isInteger(value) ? AttributeType.Integer : AttributeType.Double;
    rows.push({ name, value, dataType, units: this.unitOf(line.Unit) || unitForMeasure(this.units, entity) });
  }

  /** A row from a typed value ({ value | _representationValue, name: "IFCLENGTHMEASURE" }). */
  private rowOf(name: string, attribute: unknown, unit: string): IfcPropertyRow | null {
    if (attribute === null || attribute === undefined || typeof attribute !== 'object' || Array.isArray(attribute)) return null;
    const typed = attribute as { name?: string; value?: unknown; _representationValue?: unknown; type?: number };
    if (typed.type === 5) return null; // a reference to another entity, not a value
    const raw = typed._representationValue ?? typed.value;
    const measure = typed.name ?? '';
    if (typeof raw === 'boolean') return { name, value: raw, dataType: AttributeType.Boolean, units: '' };
    if (typeof raw === 'number') {
      const integer = /INTEGER|COUNT|TIMESTAMP/.test(measure) && Number.isInteger(raw);
      return { name, value: raw, dataType: integer ? AttributeType.Integer : AttributeType.Double, units: unit || unitForMeasure(this.units, measure) };
    }
    if (typeof raw === 'string') {
      if (measure === 'IFCLOGICAL' || measure === 'IFCBOOLEAN') return logicalRow(name, raw);
      return textRow(name, raw);
    }
    return null;
  }

  /** The symbol of a property's or quantity's own unit (named, derived or monetary), or "" where it names none. */
  private unitOf(ref: unknown): string {
    const id = refId(ref);
    let symbol = this.unitSymbols.get(id);
    if (symbol === undefined) {
      const unit = this.reader.line(id);
      symbol = unit ? describeUnit(this.reader, unit).symbol : '';
      this.unitSymbols.set(id, symbol);
    }
    return symbol;
  }

  private measureUnit(attribute: unknown): string {
    const measure = (attribute as { name?: string } | null)?.name;
    return measure ? unitForMeasure(this.units, measure) : '';
  }
}

function textRow(name: string, value: string): IfcPropertyRow {
  return { name, value, dataType: AttributeType.String, units: '' };
}

/** STEP logicals are T, F or U (unknown). */
function logicalRow(name: string, raw: string): IfcPropertyRow {
  const letter = raw.replace(/\./g, '').toUpperCase();
  if (letter === 'T' || letter === 'TRUE') return { name, value: true, dataType: AttributeType.Boolean, units: '' };
  if (letter === 'F' || letter === 'FALSE') return { name, value: false, dataType: AttributeType.Boolean, units: '' };
  return textRow(name, 'Unknown');
}

function displayText(attribute: unknown): string {
  const typed = attribute as { value?: unknown; _representationValue?: unknown } | null;
  const raw = typed?._representationValue ?? typed?.value ?? attribute;
  return raw === null || raw === undefined || typeof raw === 'object' ? '' : String(raw);
}

/** Used by the element reader too: the value of an entity's own attribute, typed. */
export function attributeRow(name: string, line: IfcLine, attribute: string): IfcPropertyRow | null {
  const value = line[attribute];
  if (value === null || value === undefined) return null;
  const raw = (value as { value?: unknown; _representationValue?: unknown })._representationValue ?? (value as { value?: unknown }).value ?? value;
  if (typeof raw === 'number') return { name, value: raw, dataType: Number.isInteger(raw) ? AttributeType.Integer : AttributeType.Double, units: '' };
  if (typeof raw === 'string' && raw) return textRow(name, raw);
  return null;
}
