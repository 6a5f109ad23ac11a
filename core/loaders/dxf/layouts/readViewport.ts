import type { Point2 } from '../../sketch/Sketch.js';
import type { DxfGroup } from '../groupsHandler.js';

/** A paper-space VIEWPORT: where it sits on the sheet, what of model space it shows, and the layers it freezes. */
export interface DxfViewport {
  /** Centre, width and height on the paper. */
  center: Point2;
  width: number;
  height: number;
  /** 0: off; otherwise its stacking order (1 is the active one). */
  status: number;
  /** 1: the paper space viewport itself (the whole sheet), not a view of the model (in a layout never opened in CAD, 0 for all). */
  id: number;
  /** The layout's paper space viewport (its first VIEWPORT): the sheet itself, drawn with no border. */
  isPaper?: boolean;
  /** The model-space point at its centre, and how much model-space height it shows. */
  viewCenter: Point2;
  viewHeight: number;
  /** Twist of the view, radians. */
  twist: number;
  /** Handles of the layers frozen in this viewport only. */
  frozenLayers: string[];
}

/** Reads a VIEWPORT's groups (AcDbViewport). */
export function readViewport(groups: readonly DxfGroup[]): DxfViewport {
  const value = (code: number) => Number(groups.find((g) => g.code === code)?.value ?? 0);
  return {
    center: { x: value(10), y: value(20) },
    width: value(40),
    height: value(41),
    status: value(68),
    id: value(69),
    viewCenter: { x: value(12), y: value(22) },
    viewHeight: value(45),
    twist: (value(51) * Math.PI) / 180,
    frozenLayers: groups.filter((g) => g.code === 331).map((g) => String(g.value)),
  };
}
