import type { Point2 } from '../../sketch/Sketch.js';
import type { DxfGroup } from '../groupsHandler.js';

/** An arrowhead: its tip, the point its shaft comes from, and its length (NaN: the dimension style's). */
export interface LeaderArrow {
  tip: Point2;
  from: Point2;
  size: number;
}

/** A LEADER or MULTILEADER read: its lines, its arrowheads and (MULTILEADER) its text. */
export interface DxfLeader {
  lines: Point2[][];
  arrows: LeaderArrow[];
  /** LEADER's DSTYLE overrides of the arrowhead size (DIMASZ) and scale (DIMSCALE); unset: the drawing's. */
  dimension?: { arrowSize?: number; scale?: number };
  /** MULTILEADER's MTEXT content, where it is put, and its height. */
  text?: { content: string; position: Point2; height: number };
}

/**
 * LEADER: its vertices (code 10/20, the first at the arrow), an arrowhead unless code 71 is 0, sized by the
 * dimension style's DIMASZ × DIMSCALE when drawn (the entity's DSTYLE overrides in its extended data, else
 * the drawing's). Splines (code 72 = 1) are drawn through their vertices.
 */
export function readLeader(groups: readonly DxfGroup[], xdata: readonly DxfGroup[]): DxfLeader {
  const vertices: Point2[] = [];
  let hasArrow = true;
  for (let i = 0; i < groups.length; i++) {
    const { code, value } = groups[i];
    if (code === 71) hasArrow = Number(value) !== 0;
    if (code === 10) vertices.push({ x: Number(value), y: groups[i + 1]?.code === 20 ? Number(groups[i + 1].value) : 0 });
  }
  const overrides = dimstyleOverrides(xdata);
  const arrows = hasArrow && vertices.length >= 2 ? [{ tip: vertices[0], from: vertices[1], size: NaN }] : [];
  return { lines: [vertices], arrows, dimension: { arrowSize: overrides.get(DIMASZ), scale: overrides.get(DIMSCALE) } };
}

/** DIMASZ and DIMSCALE's codes in a DSTYLE override. */
const DIMASZ = 41;
const DIMSCALE = 40;

/** The DSTYLE overrides of an entity's ACAD extended data: dimension variable code → value. */
function dimstyleOverrides(xdata: readonly DxfGroup[]): Map<number, number> {
  const overrides = new Map<number, number>();
  const start = xdata.findIndex((g) => g.code === 1000 && g.value === 'DSTYLE');
  if (start < 0) return overrides;
  for (let i = start + 1; i + 1 < xdata.length && !(xdata[i].code === 1002 && xdata[i].value === '}'); i++) {
    if (xdata[i].code === 1070) overrides.set(Number(xdata[i].value), Number(xdata[i + 1].value));
  }
  return overrides;
}

/**
 * MULTILEADER: in its CONTEXT_DATA, the text (304), where it goes (12/22), its height (41), the arrowhead
 * size (140); in each LEADER{, the landing point (10/20), the dogleg direction (11/21) and length (40), and
 * the LEADER_LINE{ vertices (10/20) from the arrow to the landing.
 */
export function readMultiLeader(groups: readonly DxfGroup[]): DxfLeader {
  const leader: DxfLeader = { lines: [], arrows: [] };
  const section: string[] = [];
  let arrowSize = 0;
  const text = { content: '', position: { x: 0, y: 0 }, height: 0 };
  let landing: { at: Point2; dogleg: Point2; length: number } | null = null;
  let line: Point2[] | null = null;
  let hasText = true;
  // A point's y follows its x, 10 codes later (10/20, 11/21, 12/22).
  const pointAt = (i: number): Point2 => ({ x: Number(groups[i].value), y: groups[i + 1]?.code === groups[i].code + 10 ? Number(groups[i + 1].value) : 0 });
  for (let i = 0; i < groups.length; i++) {
    const { code, value } = groups[i];
    const where = section[section.length - 1];
    if (typeof value === 'string' && value.endsWith('{')) {
      section.push(value);
      if (value === 'LEADER{') landing = { at: { x: 0, y: 0 }, dogleg: { x: 0, y: 0 }, length: 0 };
      if (value === 'LEADER_LINE{') line = [];
      continue;
    }
    if (value === '}' && section.length) {
      const closed = section.pop();
      if (closed === 'LEADER_LINE{' && line && landing) {
        leader.lines.push([...line, landing.at]);
        if (line.length && arrowSize > 0) leader.arrows.push({ tip: line[0], from: line[1] ?? landing.at, size: arrowSize });
      }
      if (closed === 'LEADER{' && landing && landing.length > 0) {
        const end = { x: landing.at.x + landing.dogleg.x * landing.length, y: landing.at.y + landing.dogleg.y * landing.length };
        leader.lines.push([landing.at, end]);
      }
      continue;
    }
    if (where === 'CONTEXT_DATA{') {
      // Sizes here are already in drawing units (the style's, times the overall scale, code 40).
      if (code === 140) arrowSize = Number(value);
      if (code === 290) hasText = Number(value) !== 0;
      if (code === 304) text.content = String(value);
      if (code === 12) text.position = pointAt(i);
      if (code === 41) text.height = Number(value);
    } else if (where === 'LEADER{' && landing) {
      if (code === 10) landing.at = pointAt(i);
      if (code === 11) landing.dogleg = pointAt(i);
      if (code === 40) landing.length = Number(value);
    } else if (where === 'LEADER_LINE{' && line && code === 10) {
      line.push(pointAt(i));
    }
  }
  if (hasText && text.content) leader.text = text;
  return leader;
}
