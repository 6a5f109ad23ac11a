import { normalizeUnit, type UnitSymbol } from '../../model/units.js';
import { type IfcLine, type IfcLineReader, textOf } from './IfcLineReader.js';
import { derivedSiSymbol, formatUnitTerms, type UnitTerm, unitTypeOfMeasure } from './ifcUnitSymbols.js';

/** SI prefixes of IfcSIUnit and their factors. */
const SI_PREFIXES: Readonly<Record<string, [symbol: string, factor: number]>> = {
  EXA: ['E', 1e18], PETA: ['P', 1e15], TERA: ['T', 1e12], GIGA: ['G', 1e9], MEGA: ['M', 1e6], KILO: ['k', 1e3],
  HECTO: ['h', 1e2], DECA: ['da', 1e1], DECI: ['d', 1e-1], CENTI: ['c', 1e-2], MILLI: ['m', 1e-3],
  MICRO: ['µ', 1e-6], NANO: ['n', 1e-9], PICO: ['p', 1e-12], FEMTO: ['f', 1e-15], ATTO: ['a', 1e-18],
};

/** IfcSIUnitName → symbol (SQUARE_METRE and CUBIC_METRE are the metre squared and cubed). */
const SI_NAMES: Readonly<Record<string, string>> = {
  METRE: 'm', GRAM: 'g', SECOND: 's', RADIAN: 'rad', STERADIAN: 'sr',
  DEGREE_CELSIUS: '°C', KELVIN: 'K', NEWTON: 'N', PASCAL: 'Pa', JOULE: 'J', WATT: 'W', AMPERE: 'A', VOLT: 'V',
  OHM: 'Ω', HERTZ: 'Hz', LUX: 'lx', LUMEN: 'lm', CANDELA: 'cd', MOLE: 'mol', COULOMB: 'C', FARAD: 'F',
  SIEMENS: 'S', WEBER: 'Wb', TESLA: 'T', HENRY: 'H', BECQUEREL: 'Bq', GRAY: 'Gy', SIEVERT: 'Sv',
};

/** IfcConversionBasedUnit names (lower case; the names IFC's own examples and common exporters write) → symbol and power. */
const CONVERSION_NAMES: Readonly<Record<string, [symbol: string, power: number]>> = {
  inch: ['in', 1], inches: ['in', 1], foot: ['ft', 1], feet: ['ft', 1], yard: ['yd', 1], mile: ['mi', 1],
  'square inch': ['in', 2], 'square foot': ['ft', 2], 'square feet': ['ft', 2], 'square yard': ['yd', 2], acre: ['ac', 1],
  'square mile': ['mi', 2], 'cubic inch': ['in', 3], 'cubic foot': ['ft', 3], 'cubic feet': ['ft', 3], 'cubic yard': ['yd', 3],
  litre: ['L', 1], liter: ['L', 1], gallon: ['gal', 1], 'gallon uk': ['gal', 1], 'gallon us': ['gal', 1], 'fluid ounce': ['fl oz', 1],
  degree: ['°', 1], ounce: ['oz', 1], pound: ['lb', 1], tonne: ['t', 1], 'metric ton': ['t', 1], ton: ['ton', 1],
  'ton uk': ['ton', 1], 'ton us': ['ton', 1], lbf: ['lbf', 1], 'pound-force': ['lbf', 1], kip: ['kip', 1], psi: ['psi', 1],
  ksi: ['ksi', 1], minute: ['min', 1], hour: ['h', 1], day: ['d', 1], btu: ['BTU', 1], fahrenheit: ['°F', 1],
  'degree fahrenheit': ['°F', 1],
};

/** What a file's IfcUnitAssignment says, read once. */
export interface IfcUnitTable {
  /** The length unit as a symbol ("mm", "m", "ft", "dm"...), "" when the file names none. */
  lengthSymbol: string;
  /** Meters per file length unit. */
  lengthToMeters: number;
  /** The viewer's unit for this length unit, or null when the viewer knows no such unit (spec 000 §5). */
  viewerLengthUnit: UnitSymbol | null;
  /** IfcUnitEnum or IfcDerivedUnitEnum member (or MONETARYUNIT) → symbol. */
  symbols: Map<string, string>;
  /** The file's schema (IFC2X3, IFC4, IFC4X3): the SI units of a few derived measures differ between them. */
  schema: string;
}

/**
 * Reads the project's units (IfcUnitAssignment): IfcSIUnit with prefixes, IfcConversionBasedUnit (foot,
 * inch, degree...), IfcDerivedUnit (W/(m²·K)...) and IfcMonetaryUnit. IFC's default, when a file assigns no
 * length unit, is the metre.
 */
export function readIfcUnits(reader: IfcLineReader, unitAssignmentId: number | null): IfcUnitTable {
  const symbols = new Map<string, string>();
  let lengthToMeters = 1;
  let lengthSymbol = '';
  const assignment = unitAssignmentId ? reader.line(unitAssignmentId) : null;
  for (const ref of asArray(assignment?.Units)) {
    const unit = reader.line(refId(ref));
    if (!unit) continue;
    const unitType = reader.typeName(unit) === 'IFCMONETARYUNIT' ? 'MONETARYUNIT' : enumValue(unit.UnitType);
    if (!unitType || unitType === 'USERDEFINED') continue;
    const { symbol, factor } = describeUnit(reader, unit);
    if (!symbol) continue;
    symbols.set(unitType, symbol);
    if (unitType === 'LENGTHUNIT') {
      lengthSymbol = symbol;
      lengthToMeters = factor;
    }
  }
  if (!symbols.has('LENGTHUNIT')) symbols.set('LENGTHUNIT', 'm');
  return {
    lengthSymbol: lengthSymbol || 'm',
    lengthToMeters,
    viewerLengthUnit: normalizeUnit(lengthSymbol || 'm'),
    symbols,
    schema: schemaOf(reader),
  };
}

/**
 * The unit symbol of a measure type ("IFCLENGTHMEASURE", "IFCTHERMALTRANSMITTANCEMEASURE") or quantity type
 * ("IFCQUANTITYAREA"): the unit the project assigns to its kind, else for a derived measure its SI unit, or "".
 */
export function unitForMeasure(units: IfcUnitTable, measureType: string): string {
  const unitType = unitTypeOfMeasure(measureType);
  if (!unitType) return '';
  return units.symbols.get(unitType) ?? derivedSiSymbol(unitType, units.schema);
}

/** A unit entity as a symbol, its factor to SI and its terms (a derived unit's named units with their exponents). */
export interface UnitDescription {
  symbol: string;
  factor: number;
  terms: UnitTerm[];
}

/**
 * A unit entity (IfcSIUnit, IfcConversionBasedUnit, IfcDerivedUnit, IfcMonetaryUnit, IfcContextDependentUnit)
 * described. A derived unit is built from its elements (so "Area per tons", m² × tonne⁻¹, reads m²/t whatever
 * its UnitType says); one without elements falls back to its IFC4X3 Name, its UserDefinedType, then the SI
 * unit of its UnitType.
 */
export function describeUnit(reader: IfcLineReader, unit: IfcLine, depth = 0): UnitDescription {
  const entity = reader.typeName(unit);
  if (entity === 'IFCSIUNIT') {
    const name = enumValue(unit.Name) ?? '';
    const prefix = SI_PREFIXES[enumValue(unit.Prefix) ?? ''];
    const power = name.startsWith('SQUARE_') ? 2 : name.startsWith('CUBIC_') ? 3 : 1;
    const baseName = power === 1 ? name : name.slice(name.indexOf('_') + 1);
    const base = SI_NAMES[baseName] ?? baseName.toLowerCase();
    return single((prefix?.[0] ?? '') + base, power, Math.pow(prefix?.[1] ?? 1, power));
  }
  if (entity === 'IFCCONVERSIONBASEDUNIT' || entity === 'IFCCONVERSIONBASEDUNITWITHOFFSET') {
    const name = textOf(unit.Name).trim();
    const measure = reader.line(refId(unit.ConversionFactor));
    const value = numberOf(measure?.ValueComponent) ?? 1;
    const baseUnit = depth < MAX_UNIT_DEPTH ? reader.line(refId(measure?.UnitComponent)) : null;
    const baseFactor = baseUnit ? describeUnit(reader, baseUnit, depth + 1).factor : 1;
    const [symbol, power] = CONVERSION_NAMES[name.toLowerCase()] ?? [name.toLowerCase(), 1];
    return single(symbol, power, value * baseFactor);
  }
  if (entity === 'IFCDERIVEDUNIT') {
    const terms: UnitTerm[] = [];
    let factor = 1;
    for (const ref of depth < MAX_UNIT_DEPTH ? asArray(unit.Elements) : []) {
      const element = reader.line(refId(ref));
      const named = reader.line(refId(element?.Unit));
      const exponent = numberOf(element?.Exponent) ?? 1;
      if (!named || !exponent) continue;
      const part = describeUnit(reader, named, depth + 1);
      for (const term of part.terms) terms.push({ symbol: term.symbol, power: term.power * exponent });
      factor *= Math.pow(part.factor, exponent);
    }
    const composite = formatUnitTerms(terms);
    const unitType = enumValue(unit.UnitType) ?? '';
    const symbol = composite || textOf(unit.Name) || textOf(unit.UserDefinedType) || derivedSiSymbol(unitType, schemaOf(reader));
    return { symbol, factor, terms: composite ? terms : [{ symbol, power: 1 }] };
  }
  // IFC2X3 writes the currency as an enumeration, IFC4 as a label: web-ifc gives both as { value }.
  if (entity === 'IFCMONETARYUNIT') return single(textOf(unit.Currency), 1, 1);
  if (entity === 'IFCCONTEXTDEPENDENTUNIT') return single(textOf(unit.Name), 1, 1);
  return { symbol: '', factor: 1, terms: [] };
}

/** Derived units nest named units, conversion-based units nest one more: deeper is a cycle in a damaged file. */
const MAX_UNIT_DEPTH = 4;

function single(symbol: string, power: number, factor: number): UnitDescription {
  return { symbol: formatUnitTerms([{ symbol, power }]), factor, terms: [{ symbol, power }] };
}

function schemaOf(reader: IfcLineReader): string {
  try {
    return String(reader.api.GetModelSchema(reader.modelId) ?? '');
  } catch {
    return '';
  }
}

/** A number attribute as web-ifc gives it: plain, { value } or { _representationValue }. */
export function numberOf(attribute: unknown): number | null {
  const typed = attribute as { value?: unknown; _representationValue?: unknown } | null | undefined;
  const raw = typed?._representationValue ?? typed?.value ?? attribute;
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
}

export type { IfcLine };

export function refId(ref: unknown): number {
  if (typeof ref === 'number') return ref;
  const value = (ref as { value?: unknown } | null | undefined)?.value;
  return typeof value === 'number' ? value : 0;
}

export function enumValue(attribute: unknown): string | null {
  const value = (attribute as { value?: unknown } | null | undefined)?.value ?? attribute;
  return typeof value === 'string' ? value : null;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
}
