/** The units the viewer knows, by their short names. */
export type UnitSymbol = 'm' | 'ft' | 'in' | 'cm' | 'mm';

/** Spec 000 §9: scales to meters. */
export const UNIT_SCALE_TO_METERS: Readonly<Record<UnitSymbol, number>> = {
  m: 1,
  ft: 0.3048,
  in: 0.0254,
  cm: 0.01,
  mm: 0.001,
};

/** Spec 000 §5: unit names, case-insensitive. */
const UNIT_NAMES: Readonly<Record<string, UnitSymbol>> = {
  meter: 'm',
  meters: 'm',
  m: 'm',
  foot: 'ft',
  feet: 'ft',
  ft: 'ft',
  inch: 'in',
  inches: 'in',
  'feet and inches': 'in',
  in: 'in',
  centimeter: 'cm',
  centimeters: 'cm',
  cm: 'cm',
  millimeter: 'mm',
  millimeters: 'mm',
  mm: 'mm',
};

/** The unit a name stands for, or null for an unknown unit. */
export function normalizeUnit(name: string | null | undefined): UnitSymbol | null {
  if (typeof name !== 'string') return null;
  return UNIT_NAMES[name.trim().toLowerCase()] ?? null;
}

/** The unit string of a name; an unknown unit has none (spec 000 §5). */
export function getUnitString(name: string | null | undefined): string {
  return normalizeUnit(name) ?? '';
}

/** Meters per unit; an unknown unit has a scale of 1 (spec 000 §5). */
export function getUnitScale(name: string | null | undefined): number {
  const unit = normalizeUnit(name);
  return unit ? UNIT_SCALE_TO_METERS[unit] : 1;
}

/** Converts a length between units; unknown units count as meters. */
export function convertUnits(value: number, from: string | null | undefined, to: string | null | undefined): number {
  return (value * getUnitScale(from)) / getUnitScale(to);
}

const NUMBER = String.raw`\d+(?:\.\d*)?|\.\d+`;
const FRACTION = String.raw`(\d+)\s*/\s*(\d+)`;

/**
 * Reads a length typed by a person: feet and inches (5' 6 1/2"), inches (7 3/4 in), fractions (1/2"),
 * meters (2.5 m) and centimeters (30 cm), or a bare number in the default unit. Returns the length in
 * `targetUnit`, or NaN when the text is not a length.
 */
export function parseUnitText(text: string, defaultUnit: string = 'm', targetUnit: string = defaultUnit): number {
  if (typeof text !== 'string') return NaN;
  let rest = text.trim().toLowerCase();
  if (!rest) return NaN;
  let sign = 1;
  if (rest.startsWith('-')) {
    sign = -1;
    rest = rest.slice(1).trim();
  } else if (rest.startsWith('+')) {
    rest = rest.slice(1).trim();
  }

  const feetInches = new RegExp(
    String.raw`^(?:(${NUMBER})\s*(?:'|ft|feet|foot))?\s*-?\s*(?:(${NUMBER})?\s*(?:(?:${FRACTION}))?\s*(?:"|in|inch|inches))?$`,
  ).exec(rest);
  if (feetInches && (feetInches[1] !== undefined || feetInches[2] !== undefined || feetInches[3] !== undefined)) {
    const feet = feetInches[1] ? Number(feetInches[1]) : 0;
    const whole = feetInches[2] ? Number(feetInches[2]) : 0;
    const fraction = feetInches[3] ? Number(feetInches[3]) / Number(feetInches[4]) : 0;
    if (feetInches[4] !== undefined && Number(feetInches[4]) === 0) return NaN;
    return sign * convertUnits(feet * 12 + whole + fraction, 'in', targetUnit);
  }

  const metric = new RegExp(String.raw`^(${NUMBER})\s*(mm|millimeters?|cm|centimeters?|m|meters?)$`).exec(rest);
  if (metric) return sign * convertUnits(Number(metric[1]), metric[2], targetUnit);

  const fractionOnly = new RegExp(String.raw`^(?:(${NUMBER})\s+)?${FRACTION}$`).exec(rest);
  if (fractionOnly) {
    if (Number(fractionOnly[3]) === 0) return NaN;
    const value = (fractionOnly[1] ? Number(fractionOnly[1]) : 0) + Number(fractionOnly[2]) / Number(fractionOnly[3]);
    return sign * convertUnits(value, defaultUnit, targetUnit);
  }

  if (new RegExp(String.raw`^(?:${NUMBER})$`).test(rest)) return sign * convertUnits(Number(rest), defaultUnit, targetUnit);
  return NaN;
}

/** Like parseUnitText, but only positive lengths: negatives and empty text give NaN (spec 001 §5). */
export function parsePositiveUnitText(text: string, defaultUnit: string = 'm', targetUnit: string = defaultUnit): number {
  const value = parseUnitText(text, defaultUnit, targetUnit);
  return value >= 0 ? value : NaN;
}
