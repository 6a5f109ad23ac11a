import { Color } from 'three';
import { type Affine2, meanRgb } from '../sketch/Sketch.js';

const BLACK = 0x000000;

/** A presentation property of an element: its style attribute's declaration, else the attribute itself ('' if neither). */
export function styleOf(element: Element, name: string): string {
  const style = element.getAttribute('style');
  if (style) {
    for (const declaration of style.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0 && declaration.slice(0, colon).trim().toLowerCase() === name) return declaration.slice(colon + 1).replace(/!important/i, '').trim();
    }
  }
  return element.getAttribute(name)?.trim() ?? '';
}

/** An element that is not drawn: display none (its subtree too), or visibility hidden. */
export function isHidden(element: Element): boolean {
  return styleOf(element, 'display') === 'none' || styleOf(element, 'visibility') === 'hidden';
}

/** The value of a property an element inherits (font-size, text-anchor, fill): its own, else its nearest ancestor's. */
export function inherited(element: Element | null, name: string): string {
  for (let e = element; e; e = e.parentElement) {
    const value = styleOf(e, name);
    if (value && value !== 'inherit') return value;
  }
  return '';
}

const PX_PER_UNIT: Record<string, number> = { px: 1, pt: 96 / 72, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 };

/** A font size in user units (px); em and % scale the parent's. */
export function fontSize(element: Element | null): number {
  if (!element) return 16;
  const value = styleOf(element, 'font-size');
  const match = /^([+-]?[\d.]+(?:e[+-]?\d+)?)\s*([a-z%]*)$/i.exec(value);
  if (!match) return fontSize(element.parentElement);
  const number = Number(match[1]);
  const unit = match[2].toLowerCase();
  if (unit === 'em' || unit === '%') return (unit === '%' ? number / 100 : number) * fontSize(element.parentElement);
  return number * (PX_PER_UNIT[unit] ?? 1);
}

/**
 * An SVG paint as 0xRRGGBB, or null where nothing is painted (none, transparent, an unknown paint). A
 * gradient paints in the mean of its stops' colours (its own, or those of the gradient its href names, as
 * Inkscape writes them); a pattern in its first stop's, if any; currentColor in the inherited color.
 */
export function paintRgb(paint: string | undefined, element: Element): number | null {
  const value = paint?.trim() ?? '';
  if (!value || value === 'none' || value === 'transparent') return null;
  const url = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/.exec(value);
  if (url) {
    const colours = gradientStops(element.ownerDocument.getElementById(url[1])).map((stop) => colorRgb(styleOf(stop, 'stop-color') || 'black') ?? BLACK);
    return colours.length ? meanRgb(colours) : null;
  }
  if (value.toLowerCase() === 'currentcolor') return colorRgb(inherited(element, 'color') || 'black');
  return colorRgb(value);
}

/** A gradient's stops: its own, else those of the gradient its href names (a chain of a few at most). */
function gradientStops(gradient: Element | null): Element[] {
  for (let hops = 0; gradient && hops < 8; hops++) {
    const stops = [...gradient.getElementsByTagName('stop')];
    if (stops.length) return stops;
    const href = gradient.getAttribute('href') ?? gradient.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? '';
    gradient = href.startsWith('#') ? gradient.ownerDocument.getElementById(href.slice(1)) : null;
  }
  return [];
}

function colorRgb(value: string): number | null {
  const lower = value.toLowerCase();
  // Color.setStyle warns of what it does not know: only what it reads reaches it.
  if (!/^(#[0-9a-f]{3,8}|rgba?\(|hsla?\()/.test(lower) && !(lower in Color.NAMES)) return BLACK;
  if (/^(rgba|hsla)\(.*[,/]\s*0(\.0*)?\s*\)$/.test(lower)) return null;
  return new Color().setStyle(lower).getHex();
}

const UNITS = ['mm', 'cm', 'in'] as const;

/** How the SVG's user units become the drawing's: its unit, and the transform (y flipped, so the drawing is upright). */
export interface SvgViewport {
  unit: string;
  matrix: Affine2;
}

/**
 * The root's width and height in mm, cm or in make that the drawing's unit, else px (unitless); the
 * viewBox maps onto them as preserveAspectRatio says (by default: uniform scale, centred). y goes up: the
 * top of the viewport is at its height.
 */
export function svgViewport(root: Element): SvgViewport {
  const width = length(root.getAttribute('width'));
  const height = length(root.getAttribute('height'));
  const unit = UNITS.find((u) => width?.unit === u || height?.unit === u) ?? '';
  // Lengths in the drawing's unit (px lengths converted; unitless are px).
  const toUnit = (l: { value: number; unit: string } | null) => (l ? (l.value * (PX_PER_UNIT[l.unit] ?? 1)) / (PX_PER_UNIT[unit] ?? 1) : null);
  const w = toUnit(width);
  const h = toUnit(height);
  const box = (root.getAttribute('viewBox') ?? '').split(/[\s,]+/).filter(Boolean).map(Number);
  const hasBox = box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0;
  const [bx, by, bw, bh] = hasBox ? box : [0, 0, 0, 0];
  // Without a viewBox, a user unit is a px.
  let sx = unit ? 1 / PX_PER_UNIT[unit] : 1;
  let sy = sx;
  let ox = 0;
  let oy = 0;
  if (hasBox && (w || h)) {
    const fitX = w ? w / bw : NaN;
    const fitY = h ? h / bh : NaN;
    const aspect = (root.getAttribute('preserveAspectRatio') ?? '').trim();
    if (aspect.startsWith('none') && w && h) {
      sx = fitX;
      sy = fitY;
    } else {
      // meet (the default) fits the whole viewBox in; slice fills the viewport. Missing a side: the other's.
      const fits = [fitX, fitY].filter(Number.isFinite);
      sx = sy = /slice/.test(aspect) ? Math.max(...fits) : Math.min(...fits);
      const align = /x(Min|Mid|Max)Y(Min|Mid|Max)/.exec(aspect) ?? ['', 'Mid', 'Mid'];
      const share = (where: string) => (where === 'Min' ? 0 : where === 'Max' ? 1 : 0.5);
      ox = w ? (w - sx * bw) * share(align[1]) : 0;
      oy = h ? (h - sy * bh) * share(align[2]) : 0;
    }
  }
  const top = h ?? (hasBox ? sy * bh : 0);
  // x' = sx (x - bx) + ox; y' = top - (sy (y - by) + oy)
  return { unit, matrix: [sx, 0, 0, -sy, ox - sx * bx, top - oy + sy * by] };
}

function length(value: string | null): { value: number; unit: string } | null {
  const match = /^\s*([+-]?[\d.]+(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(value ?? '');
  if (!match) return null; // absent, or a percentage: the viewport's size is not known
  const number = Number(match[1]);
  return number > 0 ? { value: number, unit: match[2].toLowerCase() || 'px' } : null;
}
