import { convertUnits, normalizeUnit, type UnitSymbol } from './units.js';

/** What a length can be shown in: a unit, or feet and inches with fractions of an inch. */
export type DisplayUnit = UnitSymbol | 'ft-in';

export const DISPLAY_UNITS: readonly DisplayUnit[] = ['mm', 'cm', 'm', 'in', 'ft', 'ft-in'];

/** Spec 001 §9: lengths, areas and angles show 3 decimals unless the user picks another precision. */
export const DEFAULT_DISPLAY_PRECISION = 3;
/** The precisions a user may pick: 0 to 5 decimals (for feet and inches: whole inches to 1/32). */
export const MAX_DISPLAY_PRECISION = 5;

/** A display unit from a name ('mm', 'feet', 'ft-in', …), or null when it is none. */
export function readDisplayUnit(name: unknown): DisplayUnit | null {
  if (typeof name !== 'string') return null;
  const trimmed = name.trim().toLowerCase();
  if (trimmed === 'ft-in') return 'ft-in';
  return normalizeUnit(trimmed);
}

/** A precision clamped to 0..5 whole digits; anything that is not a number gives the default. */
export function clampPrecision(precision: unknown): number {
  const value = Number(precision);
  if (!Number.isFinite(value)) return DEFAULT_DISPLAY_PRECISION;
  return Math.min(MAX_DISPLAY_PRECISION, Math.max(0, Math.round(value)));
}

/** The unit symbol lengths in a display unit are converted to (feet and inches count in inches). */
function baseUnit(unit: DisplayUnit): UnitSymbol {
  return unit === 'ft-in' ? 'in' : unit;
}

/**
 * A length (in `fromUnit`) as text in a display unit: '1.250 m', '12.5 mm' with precision 1, and for feet and
 * inches `5' 6 1/2"`, the inches rounded to 1/2^precision (precision 3: eighths), the fraction reduced.
 */
export function formatLength(value: number, fromUnit: string, unit: DisplayUnit, precision = DEFAULT_DISPLAY_PRECISION): string {
  if (!Number.isFinite(value)) return '';
  const digits = clampPrecision(precision);
  const converted = convertUnits(value, fromUnit, baseUnit(unit));
  if (unit === 'ft-in') return formatFeetAndInches(converted, digits);
  return `${converted.toFixed(digits)} ${unit}`;
}

/** Inches as feet, whole inches and a reduced fraction of 1/2^precision: 66.5 → `5' 6 1/2"`. */
export function formatFeetAndInches(inches: number, precision = DEFAULT_DISPLAY_PRECISION): string {
  const denominator = 2 ** clampPrecision(precision);
  const steps = Math.round(Math.abs(inches) * denominator);
  const sign = inches < 0 && steps > 0 ? '-' : '';
  const feet = Math.floor(steps / (12 * denominator));
  const restSteps = steps - feet * 12 * denominator;
  const wholeInches = Math.floor(restSteps / denominator);
  let numerator = restSteps - wholeInches * denominator;
  let reduced = denominator;
  while (numerator > 0 && numerator % 2 === 0) {
    numerator /= 2;
    reduced /= 2;
  }
  const fraction = numerator > 0 ? ` ${numerator}/${reduced}` : '';
  return `${sign}${feet}' ${wholeInches}${fraction}"`;
}

/** An area (in `fromUnit`²) as text: '2.500 m²'; feet and inches show square feet. */
export function formatArea(value: number, fromUnit: string, unit: DisplayUnit, precision = DEFAULT_DISPLAY_PRECISION): string {
  if (!Number.isFinite(value)) return '';
  const shown: UnitSymbol = unit === 'ft-in' ? 'ft' : unit;
  const scale = convertUnits(1, fromUnit, shown);
  return `${(value * scale * scale).toFixed(clampPrecision(precision))} ${shown}²`;
}

/** An angle in degrees as text: '90.000°'. */
export function formatAngle(degrees: number, precision = DEFAULT_DISPLAY_PRECISION): string {
  return Number.isFinite(degrees) ? `${degrees.toFixed(clampPrecision(precision))}°` : '';
}
