import { getUnitScale, normalizeUnit } from '../../model/units.js';
import { type DisplayUnit, formatArea, formatLength } from '../../model/unitFormat.js';
import type { ObjectDimensions, ObjectQuantity } from './objectMeasures.js';

/** An object's dimensions as text in a display unit and precision. */
export interface DimensionsText {
  x: string;
  y: string;
  z: string;
  quantities: { name: string; category: string; kind: ObjectQuantity['kind']; text: string }[];
}

/** A unit symbol of a quantity: its length unit and power ("m²" → m, 2; "mm3" → mm, 3; "m" → m, 1). */
function readQuantityUnit(units: string | null): { unit: string; power: number } | null {
  const match = /^\s*([a-z]+)\s*(²|³|\^?2|\^?3)?\s*$/i.exec(units ?? '');
  if (!match || !normalizeUnit(match[1])) return null;
  const power = match[2] ? (match[2].endsWith('2') || match[2] === '²' ? 2 : 3) : 1;
  return { unit: match[1], power };
}

/**
 * A quantity in the display unit when its own unit is a length unit to the quantity's power (m, m², m³);
 * otherwise as the database has it, with its unit.
 */
export function quantityText(q: ObjectQuantity, unit: DisplayUnit, precision: number): string {
  const own = readQuantityUnit(q.units);
  const expected = q.kind === 'length' ? 1 : q.kind === 'area' ? 2 : 3;
  if (!own || own.power !== expected) return `${q.value.toFixed(precision)}${q.units ? ` ${q.units}` : ''}`;
  if (q.kind === 'length') return formatLength(q.value, own.unit, unit, precision);
  if (q.kind === 'area') return formatArea(q.value, own.unit, unit, precision);
  const to = unit === 'ft-in' ? 'ft' : unit;
  const volume = q.value * (getUnitScale(own.unit) / getUnitScale(to)) ** 3;
  return `${volume.toFixed(precision)} ${to}³`;
}

/** An object's box size (from the model's unit, times its calibration) and its quantities, as text. */
export function dimensionsText(d: ObjectDimensions, scale: number, unit: DisplayUnit, precision: number): DimensionsText {
  const from = d.model.getUnitString() || 'm';
  const length = (value: number) => formatLength(value * scale, from, unit, precision);
  return {
    x: length(d.size.x),
    y: length(d.size.y),
    z: length(d.size.z),
    quantities: d.quantities.map((q) => ({ name: q.name, category: q.category, kind: q.kind, text: quantityText(q, unit, precision) })),
  };
}
