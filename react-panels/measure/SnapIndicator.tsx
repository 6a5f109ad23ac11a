import { SnapGeometry, type SnapResult } from '../../core/index.js';
import type { ScreenPoint } from './projectPoint.js';

/** Spec 001 §9: the snap indicator's size scale (CSS px): its shapes reach this far from the point. */
export const SNAP_INDICATOR_SIZE_PX = 5;

/**
 * Spec 001 §9: "snap indicator colours fixed" — one colour per kind, whatever the theme (the spec gives
 * no values: these are the chrome's, picked to stand out on light and dark models).
 */
export const SNAP_INDICATOR_COLOURS = {
  point: '#ff8a00',
  edge: '#00a3ff',
  face: '#19c37d',
} as const;

/**
 * Where the pointer snaps now, drawn at the snapped point: a square on a vertex, a triangle on an edge's
 * middle, a circle with a cross on a circle's centre, the edge itself (and a cross) on an edge, a diamond
 * on a face.
 */
export function SnapIndicator({ snap, project }: { snap: SnapResult; project: (p: { x: number; y: number; z: number }) => ScreenPoint | null }) {
  const at = project(snap.intersectPoint);
  if (!at) return null;
  const s = SNAP_INDICATOR_SIZE_PX;
  const { x, y } = at;
  const kind = snap.geomType;
  if (kind === SnapGeometry.VERTEX) {
    return <rect className="dv-snap-indicator" data-snap="vertex" x={x - s} y={y - s} width={2 * s} height={2 * s} fill="none" stroke={SNAP_INDICATOR_COLOURS.point} strokeWidth={2} />;
  }
  if (kind === SnapGeometry.MIDPOINT) {
    return <path className="dv-snap-indicator" data-snap="midpoint" d={`M${x} ${y - s}L${x + s} ${y + s}L${x - s} ${y + s}Z`} fill="none" stroke={SNAP_INDICATOR_COLOURS.point} strokeWidth={2} />;
  }
  if (kind === SnapGeometry.CIRCLE_CENTER) {
    return (
      <g className="dv-snap-indicator" data-snap="circle-centre" stroke={SNAP_INDICATOR_COLOURS.point} strokeWidth={2} fill="none">
        <circle cx={x} cy={y} r={s} />
        <path d={`M${x - s} ${y}h${2 * s}M${x} ${y - s}v${2 * s}`} />
      </g>
    );
  }
  if (kind === SnapGeometry.EDGE) {
    const ends = snap.geomEdge?.map(project);
    return (
      <g className="dv-snap-indicator" data-snap="edge" stroke={SNAP_INDICATOR_COLOURS.edge} strokeWidth={2} fill="none">
        {ends?.[0] && ends[1] && <line x1={ends[0].x} y1={ends[0].y} x2={ends[1].x} y2={ends[1].y} />}
        <path d={`M${x - s} ${y - s}l${2 * s} ${2 * s}M${x + s} ${y - s}l${-2 * s} ${2 * s}`} />
      </g>
    );
  }
  return <path className="dv-snap-indicator" data-snap="face" d={`M${x} ${y - s}L${x + s} ${y}L${x} ${y + s}L${x - s} ${y}Z`} fill="none" stroke={SNAP_INDICATOR_COLOURS.face} strokeWidth={2} />;
}
