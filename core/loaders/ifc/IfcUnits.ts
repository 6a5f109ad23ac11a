import { normalizeUnit, type UnitSymbol } from '../../model/units.js';
import type { IfcLineReader } from './IfcLineReader.js';

/** SI prefixes of IfcSIUnit and their factors. */
const SI_PREFIXES: Readonly<Record<string, [symbol: string, factor: number]>> = {
  EXA: ['E', 1e18], PETA: ['P', 1e15], TERA: ['T', 1e12], GIGA: ['G', 1e9], MEGA: ['M', 1e6], KILO: ['k', 1e3],
  HECTO: ['h', 1e2], DECA: ['da', 1e1], DECI: ['d', 1e-1], CENTI: ['c', 1e-2], MILLI: ['m', 1e-3],
  MICRO: ['µ', 1e-6], NANO: ['n', 1e-9], PICO: ['p', 1e-12], FEMTO: ['f', 1e-15], ATTO: ['a', 1e-18],
};

/** IfcSIUnitName → symbol. */
const SI_NAMES: Readonly<Record<string, string>> = {
  METRE: 'm', SQUARE_METRE: 'm²', CUBIC_METRE: 'm³', GRAM: 'g', SECOND: 's', RADIAN: 'rad', STERADIAN: 'sr',
  DEGREE_CELSIUS: '°C', KELVIN: 'K', NEWTON: 'N', PASCAL: 'Pa', JOULE: 'J', WATT: 'W', AMPERE: 'A', VOLT: 'V',
  OHM: 'Ω', HERTZ: 'Hz', LUX: 'lx', LUMEN: 'lm', CANDELA: 'cd', MOLE: 'mol', COULOMB: 'C', FARAD: 'F',
  SIEMENS: 'S', WEBER: 'Wb', TESLA: 'T', HENRY: 'H', BECQUEREL: 'Bq', GRAY: 'Gy', SIEVERT: 'Sv',
};

/** Common IfcConversionBasedUnit names (lower case) → symbol. */
const CONVERSION_NAMES: Readonly<Record<string, string>> = {
  foot: 'ft', feet: 'ft', inch: 'in', inches: 'in', yard: 'yd', mile: 'mi', degree: '°',
  'square foot': 'ft²', 'square feet': 'ft²', 'square inch': 'in²', 'cubic foot': 'ft³', 'cubic feet': 'ft³',
  'cubic inch': 'in³', pound: 'lb', gallon: 'gal',
};

/** Quantity and measure kinds → the IfcUnitEnum whose unit they are expressed in. */
const MEASURE_UNIT_TYPES: Readonly<Record<string, string>> = {
  IFCLENGTHMEASURE: 'LENGTHUNIT', IFCPOSITIVELENGTHMEASURE: 'LENGTHUNIT', IFCNONNEGATIVELENGTHMEASURE: 'LENGTHUNIT',
  IFCAREAMEASURE: 'AREAUNIT', IFCVOLUMEMEASURE: 'VOLUMEUNIT', IFCMASSMEASURE: 'MASSUNIT',
  IFCPLANEANGLEMEASURE: 'PLANEANGLEUNIT', IFCPOSITIVEPLANEANGLEMEASURE: 'PLANEANGLEUNIT', IFCTIMEMEASURE: 'TIMEUNIT',
  IFCTHERMODYNAMICTEMPERATUREMEASURE: 'THERMODYNAMICTEMPERATUREUNIT', IFCPOWERMEASURE: 'POWERUNIT',
  IFCFORCEMEASURE: 'FORCEUNIT', IFCPRESSUREMEASURE: 'PRESSUREUNIT', IFCENERGYMEASURE: 'ENERGYUNIT',
  IFCELECTRICCURRENTMEASURE: 'ELECTRICCURRENTUNIT', IFCELECTRICVOLTAGEMEASURE: 'ELECTRICVOLTAGEUNIT',
  IFCILLUMINANCEMEASURE: 'ILLUMINANCEUNIT', IFCLUMINOUSFLUXMEASURE: 'LUMINOUSFLUXUNIT', IFCFREQUENCYMEASURE: 'FREQUENCYUNIT',
  IFCQUANTITYLENGTH: 'LENGTHUNIT', IFCQUANTITYAREA: 'AREAUNIT', IFCQUANTITYVOLUME: 'VOLUMEUNIT',
  IFCQUANTITYWEIGHT: 'MASSUNIT', IFCQUANTITYTIME: 'TIMEUNIT',
};

/** Derived measures with no IfcUnitEnum of their own: shown in SI unless the property names a unit. */
const DERIVED_SI_UNITS: Readonly<Record<string, string>> = {
  IFCTHERMALTRANSMITTANCEMEASURE: 'W/(m²·K)', IFCTHERMALCONDUCTIVITYMEASURE: 'W/(m·K)',
  IFCVOLUMETRICFLOWRATEMEASURE: 'm³/s', IFCMASSDENSITYMEASURE: 'kg/m³', IFCLINEARVELOCITYMEASURE: 'm/s',
  IFCSOUNDPRESSURELEVELMEASURE: 'dB',
};

/** What a file's IfcUnitAssignment says, read once. */
export interface IfcUnitTable {
  /** The length unit as a symbol ("mm", "m", "ft", "dm"...), "" when the file names none. */
  lengthSymbol: string;
  /** Meters per file length unit. */
  lengthToMeters: number;
  /** The viewer's unit for this length unit, or null when the viewer knows no such unit (spec 000 §5). */
  viewerLengthUnit: UnitSymbol | null;
  /** IfcUnitEnum → symbol. */
  symbols: Map<string, string>;
}

/**
 * Reads the project's units (IfcUnitAssignment): IfcSIUnit with prefixes, IfcConversionBasedUnit (foot,
 * inch, degree...). IFC's default, when a file assigns no length unit, is the metre.
 */
export function readIfcUnits(reader: IfcLineReader, unitAssignmentId: number | null): IfcUnitTable {
  const symbols = new Map<string, string>();
  let lengthToMeters = 1;
  let lengthSymbol = '';
  const assignment = unitAssignmentId ? reader.line(unitAssignmentId) : null;
  for (const ref of asArray(assignment?.Units)) {
    const unit = reader.line(refId(ref));
    if (!unit) continue;
    const unitType = enumValue(unit.UnitType);
    if (!unitType) continue;
    const { symbol, factor } = describeUnit(reader, unit);
    if (!symbol) continue;
    symbols.set(unitType, symbol);
    if (unitType === 'LENGTHUNIT') {
      lengthSymbol = symbol;
      lengthToMeters = factor;
    }
  }
  if (!symbols.has('LENGTHUNIT')) symbols.set('LENGTHUNIT', 'm');
  return { lengthSymbol: lengthSymbol || 'm', lengthToMeters, viewerLengthUnit: normalizeUnit(lengthSymbol || 'm'), symbols };
}

/** The unit symbol of a measure type ("IFCLENGTHMEASURE") or quantity type ("IFCQUANTITYAREA"), or "". */
export function unitForMeasure(units: IfcUnitTable, measureType: string): string {
  const upper = measureType.toUpperCase();
  const unitType = MEASURE_UNIT_TYPES[upper];
  if (unitType) return units.symbols.get(unitType) ?? '';
  return DERIVED_SI_UNITS[upper] ?? '';
}

/** A unit entity (IfcSIUnit, IfcConversionBasedUnit, IfcDerivedUnit...) as a symbol and a factor to SI. */
export function describeUnit(reader: IfcLineReader, unit: IfcLine): { symbol: string; factor: number } {
  const entity = reader.typeName(unit);
  if (entity === 'IFCSIUNIT') {
    const name = enumValue(unit.Name) ?? '';
    const prefix = SI_PREFIXES[enumValue(unit.Prefix) ?? ''];
    const base = SI_NAMES[name] ?? name.toLowerCase();
    const power = name.startsWith('SQUARE_') ? 2 : name.startsWith('CUBIC_') ? 3 : 1;
    return { symbol: (prefix?.[0] ?? '') + base, factor: Math.pow(prefix?.[1] ?? 1, power) };
  }
  if (entity === 'IFCCONVERSIONBASEDUNIT' || entity === 'IFCCONVERSIONBASEDUNITWITHOFFSET') {
    const name = String(unit.Name?.value ?? unit.Name ?? '');
    const measure = reader.line(refId(unit.ConversionFactor));
    const value = Number(measure?.ValueComponent?.value ?? 1);
    const baseUnit = reader.line(refId(measure?.UnitComponent));
    const baseFactor = baseUnit ? describeUnit(reader, baseUnit).factor : 1;
    return { symbol: CONVERSION_NAMES[name.trim().toLowerCase()] ?? name.toLowerCase(), factor: value * baseFactor };
  }
  if (entity === 'IFCDERIVEDUNIT') {
    const parts: string[] = [];
    for (const ref of asArray(unit.Elements)) {
      const element = reader.line(refId(ref));
      const named = reader.line(refId(element?.Unit));
      if (!named) continue;
      const exponent = Number(element?.Exponent?.value ?? element?.Exponent ?? 1);
      const { symbol } = describeUnit(reader, named);
      parts.push(exponent === 1 ? symbol : `${symbol}^${exponent}`);
    }
    return { symbol: parts.join('·'), factor: 1 };
  }
  return { symbol: '', factor: 1 };
}

/** A line as web-ifc's GetLine returns it: attributes by name, references as { value: expressID }. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IfcLine = Record<string, any> & { expressID: number; type: number };

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
