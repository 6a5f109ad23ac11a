import type { Affine2, Point2, Sketch } from '../sketch/Sketch.js';
import type { DxfEntity, DxfPoint } from './dxfEntity.js';
import { dxfPlainText } from './dxfText.js';
import { type DimensionDefaults, drawLeader } from './leader/drawLeader.js';

/** A DIMENSION's definition as dxf-parser reads it. */
export type DxfDimension = DxfEntity & {
  anchorPoint?: DxfPoint;
  middleOfText?: DxfPoint;
  linearOrAngularPoint1?: DxfPoint;
  linearOrAngularPoint2?: DxfPoint;
  diameterOrRadiusPoint?: DxfPoint;
  dimensionType?: number;
  actualMeasurement?: number;
  angle?: number;
};

/** The kinds of 70's low three bits that are drawn from the definition. */
const ROTATED = 0;
const ALIGNED = 1;
const DIAMETER = 3;
const RADIUS = 4;

/**
 * A dimension whose file has no block for it (programs that write the definition only): drawn from its
 * definition points as CAD would render it, for the linear (rotated, aligned), radius and diameter kinds:
 * extension lines, the dimension line with closed arrowheads (DIMASZ × DIMSCALE), and the text (the
 * override, "<>" standing for the measurement, else the measurement to DIMDEC places) at its point, DIMTXT ×
 * DIMSCALE high, along the line. Returns false for a kind it does not draw (angular, ordinate).
 */
/**
 * What a dimension measures: its 42 (AutoCAD writes it), else worked out from its definition points for the
 * linear, radius and diameter kinds; undefined for the others.
 */
export function dimensionMeasurement(entity: DxfDimension): number | undefined {
  if (entity.actualMeasurement !== undefined) return entity.actualMeasurement;
  const kind = (entity.dimensionType ?? 0) & 7;
  const [p1, p2, anchor, onCurve] = [entity.linearOrAngularPoint1, entity.linearOrAngularPoint2, entity.anchorPoint, entity.diameterOrRadiusPoint];
  if (kind === ROTATED && p1 && p2) {
    const theta = ((entity.angle ?? 0) * Math.PI) / 180;
    return Math.abs((p2.x - p1.x) * Math.cos(theta) + (p2.y - p1.y) * Math.sin(theta));
  }
  if (kind === ALIGNED && p1 && p2) return Math.hypot(p2.x - p1.x, p2.y - p1.y);
  if ((kind === RADIUS || kind === DIAMETER) && anchor && onCurve) return Math.hypot(onCurve.x - anchor.x, onCurve.y - anchor.y);
  return undefined;
}

export function drawDimensionDefinition(sketch: Sketch, entity: DxfDimension, id: number, rgb: number, m: Affine2, defaults: DimensionDefaults): boolean {
  const kind = (entity.dimensionType ?? 0) & 7;
  const anchor = entity.anchorPoint;
  const scale = defaults.scale || 1;
  const height = (defaults.textHeight ?? 0.18) * scale;
  const format = (value: number, prefix = '') => {
    const measured = prefix + value.toFixed(defaults.decimals ?? 2);
    const override = entity.text ?? '';
    return override === '' ? measured : override.replace('<>', measured);
  };
  const label = (text: string, at: Point2, direction: Point2) => {
    // Readable: never upside down.
    let angle = Math.atan2(direction.y, direction.x);
    if (angle > Math.PI / 2 + 1e-9 || angle <= -Math.PI / 2) angle += Math.PI;
    sketch.text(id, rgb, m, at, { text: dxfPlainText(text), height, rotation: angle, halign: 'center', valign: entity.middleOfText ? 'middle' : 'bottom' });
  };
  if ((kind === ROTATED || kind === ALIGNED) && anchor && entity.linearOrAngularPoint1 && entity.linearOrAngularPoint2) {
    const [p1, p2] = [entity.linearOrAngularPoint1, entity.linearOrAngularPoint2];
    const theta = ((entity.angle ?? 0) * Math.PI) / 180;
    const along = kind === ROTATED ? { x: Math.cos(theta), y: Math.sin(theta) } : unit(p1, p2);
    if (!along) return true;
    const onLine = (p: Point2) => {
      const t = (p.x - anchor.x) * along.x + (p.y - anchor.y) * along.y;
      return { x: anchor.x + along.x * t, y: anchor.y + along.y * t };
    };
    const [q1, q2] = [onLine(p1), onLine(p2)];
    drawLeader(sketch, { lines: [[p1, q1], [p2, q2], [q1, q2]], arrows: [{ tip: q1, from: q2, size: NaN }, { tip: q2, from: q1, size: NaN }] }, id, rgb, m, defaults);
    label(format(dimensionMeasurement(entity) ?? 0), entity.middleOfText ?? { x: (q1.x + q2.x) / 2, y: (q1.y + q2.y) / 2 }, along);
    return true;
  }
  const onCurve = entity.diameterOrRadiusPoint;
  if ((kind === RADIUS || kind === DIAMETER) && anchor && onCurve) {
    const direction = unit(anchor, onCurve);
    if (!direction) return true;
    const arrows = [{ tip: onCurve, from: anchor, size: NaN }];
    if (kind === DIAMETER) arrows.push({ tip: anchor, from: onCurve, size: NaN });
    drawLeader(sketch, { lines: [[anchor, onCurve]], arrows }, id, rgb, m, defaults);
    label(format(dimensionMeasurement(entity) ?? 0, kind === RADIUS ? 'R' : '\u2300'), entity.middleOfText ?? { x: (anchor.x + onCurve.x) / 2, y: (anchor.y + onCurve.y) / 2 }, direction);
    return true;
  }
  return false;
}

function unit(from: Point2, to: Point2): Point2 | null {
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  return length > 0 ? { x: (to.x - from.x) / length, y: (to.y - from.y) / length } : null;
}
