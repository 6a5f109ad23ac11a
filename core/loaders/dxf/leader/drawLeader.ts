import type { Affine2, Sketch } from '../../sketch/Sketch.js';
import type { DxfEntity } from '../dxfEntity.js';
import type { DxfLeader } from './readLeader.js';

/** The closed filled arrowhead (the default one): a third as wide as it is long. */
const ARROW_HALF_WIDTH = 1 / 6;

/** The drawing header's dimension variables a leader falls back on. */
export interface DimensionDefaults {
  /** $DIMASZ: the arrowhead length. */
  arrowSize: number;
  /** $DIMSCALE: the overall scale of dimensions (0 counts as 1). */
  scale: number;
  /** $DIMTXT: the text height of dimensions (before the scale). */
  textHeight?: number;
  /** $DIMDEC: the decimal places of a dimension's measurement. */
  decimals?: number;
}

/**
 * Draws a leader's lines and its closed filled arrowheads, those of a LEADER sized by its overrides or
 * else the drawing's DIMASZ × DIMSCALE (a MULTILEADER's text is drawn as MTEXT: `leaderText`).
 */
export function drawLeader(sketch: Sketch, leader: DxfLeader, id: number, rgb: number, m: Affine2, defaults: DimensionDefaults): void {
  for (const line of leader.lines) sketch.polyline(id, rgb, m, line);
  const styleSize = (leader.dimension?.arrowSize ?? defaults.arrowSize) * (leader.dimension?.scale || defaults.scale || 1);
  for (const arrow of leader.arrows) {
    const { tip, from } = arrow;
    const size = Number.isNaN(arrow.size) ? styleSize : arrow.size;
    const dx = from.x - tip.x;
    const dy = from.y - tip.y;
    const length = Math.hypot(dx, dy);
    if (!(length > 0) || !(size > 0)) continue;
    const ux = dx / length;
    const uy = dy / length;
    const back = { x: tip.x + ux * size, y: tip.y + uy * size };
    const w = size * ARROW_HALF_WIDTH;
    sketch.triangle(id, rgb, m, tip, { x: back.x - uy * w, y: back.y + ux * w }, { x: back.x + uy * w, y: back.y - ux * w });
  }
}

/** A MULTILEADER's text as the MTEXT it is (top left at its text location), on the leader's layer, in its colour. */
export function leaderText(entity: DxfEntity): DxfEntity | null {
  const text = entity.leader?.text;
  if (!text) return null;
  return { type: 'MTEXT', layer: entity.layer, colorIndex: entity.colorIndex, color: entity.color, text: text.content, position: text.position, height: text.height, attachmentPoint: 1 };
}
