import { AttributeType, type Property } from '../../core/index.js';

/** Spec 001 §9: numbers show 3 fractional digits unless the property gives its own precision. */
export const DEFAULT_PRECISION = 3;
/** Spec 001 §3: uncategorised properties go under this category when other categories exist. */
export const OTHER_CATEGORY = 'Other';

export interface PropertyGroup {
  /** '' when no property has a category: the rows then stand without a heading. */
  category: string;
  properties: Property[];
}

/** Categories written `__like_this__` hold structure (parent, child, ...), not properties to show. */
function isStructural(category: string): boolean {
  return category.length > 4 && category.startsWith('__') && category.endsWith('__');
}

/**
 * Groups what the panel shows by category, in the order the categories first appear: hidden properties
 * left out; uncategorised ones under "Other" when categories exist (spec 001 §3 "Property").
 */
export function groupProperties(properties: readonly Property[]): PropertyGroup[] {
  const groups = new Map<string, Property[]>();
  const uncategorised: Property[] = [];
  for (const property of properties) {
    if (property.hidden || isStructural(property.displayCategory ?? '')) continue;
    const category = (property.displayCategory ?? '').trim();
    if (!category) uncategorised.push(property);
    else groups.set(category, [...(groups.get(category) ?? []), property]);
  }
  if (!groups.size) return uncategorised.length ? [{ category: '', properties: uncategorised }] : [];
  const result = [...groups].map(([category, list]) => ({ category, properties: list }));
  if (uncategorised.length) result.push({ category: OTHER_CATEGORY, properties: uncategorised });
  return result;
}

/**
 * A property's value as text: booleans as Yes/No, numbers with the property's precision (else 3
 * digits, trailing zeros dropped) and its units, dates in the reader's locale.
 */
export function formatPropertyValue(property: Property, words: { yes: string; no: string }, locale?: string): string {
  const value = property.displayValue;
  if (value === null || value === undefined) return '';
  if (property.type === AttributeType.Boolean || typeof value === 'boolean') {
    const truth = typeof value === 'boolean' ? value : Number(value) !== 0 && String(value).toLowerCase() !== 'false';
    return truth ? words.yes : words.no;
  }
  if (typeof value === 'number') {
    let text: string;
    if (property.type === AttributeType.Integer || (Number.isInteger(value) && !(property.precision > 0))) text = String(Math.round(value));
    else if (property.precision > 0) text = value.toFixed(property.precision);
    else text = String(Number(value.toFixed(DEFAULT_PRECISION)));
    return property.units ? `${text} ${property.units}` : text;
  }
  if (property.type === AttributeType.DateTime) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date.toLocaleString(locale);
  }
  return String(value);
}
