import { atom, type WritableAtom } from 'nanostores';
import type { CutPlane } from '../../render/CutPlanes.js';
import type { CameraPort, ModelsPort } from '../../viewer/ports.js';
import type { Tool } from '../../tools/Tool.js';

/** What SectionTool needs of the viewer. */
export type SectionToolPort = CameraPort & ModelsPort & { getCutPlanes(): CutPlane[]; setCutPlanes(planes: readonly unknown[] | null | undefined): void };

export type SectionAxis = 'x' | 'y' | 'z';

/** Where the section plane is: across a world axis, at a fraction of the models' extent along it. */
export interface SectionPlacement {
  axis: SectionAxis;
  /** 0 at the models' lowest coordinate on the axis, 1 at the highest. */
  position: number;
  /** False: the part on the axis's positive side is cut away; true: the other part. */
  isFlipped: boolean;
}

const AXES: readonly SectionAxis[] = ['x', 'y', 'z'];

/**
 * How far past the models' box the plane's range reaches at either end, as a share of the box's extent: at
 * the ends nothing is cut, even a face level with the box (software GL interpolates the clip distance only
 * to some 1e-3 of the view's depth: a plane 0.3% above a car's roof still cut pixels of it).
 */
const SECTION_MARGIN = 0.01;

/**
 * The section tool behind the toolbar's section button (spec 001 §2 "Toolbar"; the section extension
 * registers it): while it is active, one cut plane across a world axis sections the models; the chrome
 * places it (axis, position, which side is cut away). It starts level with the ground, half way up (a plan
 * view of a building); turned off, it gives back the cut planes there were before. Navigation goes on
 * beside it.
 */
export class SectionTool implements Tool {
  readonly names = ['section'];
  /** Below the navigation tools: never the active navigation tool, and it takes no input. */
  readonly priority = -10;
  /** The plane's placement while the tool is active (null when it is not), for the chrome. */
  readonly $placement: WritableAtom<SectionPlacement | null> = atom(null);

  /** The cut planes there were before the tool took over; they come back when it is turned off. */
  private planesBefore: CutPlane[] = [];

  constructor(private readonly viewer: SectionToolPort) {}

  activate(): void {
    this.planesBefore = this.viewer.getCutPlanes();
    const up = this.viewer.navigation.worldUp;
    const magnitudes = [Math.abs(up.x), Math.abs(up.y), Math.abs(up.z)];
    this.apply({ axis: AXES[magnitudes.indexOf(Math.max(...magnitudes))], position: 0.5, isFlipped: false });
  }

  deactivate(): void {
    this.$placement.set(null);
    this.viewer.setCutPlanes(this.planesBefore);
    this.planesBefore = [];
  }

  /** Moves the plane (what is not given stays as it is); false while the tool is off or for a bad axis. */
  place(change: Partial<SectionPlacement>): boolean {
    const current = this.$placement.get();
    if (!current) return false;
    const next = { ...current, ...change };
    if (!AXES.includes(next.axis)) return false;
    this.apply(next);
    return true;
  }

  private apply(placement: SectionPlacement): void {
    const position = Number(placement.position);
    const next = { ...placement, position: Number.isFinite(position) ? Math.min(1, Math.max(0, position)) : 0.5, isFlipped: Boolean(placement.isFlipped) };
    this.$placement.set(next);
    this.viewer.setCutPlanes([this.planeFor(next)]);
  }

  /** The cut plane of a placement, across the visible models' box. */
  planeFor({ axis, position, isFlipped }: SectionPlacement): CutPlane {
    const box = this.viewer.getVisibleBounds();
    const index = AXES.indexOf(axis);
    const min = box.isEmpty() ? -1 : box.min.getComponent(index);
    const max = box.isEmpty() ? 1 : box.max.getComponent(index);
    const margin = Math.max((max - min) * SECTION_MARGIN, 1e-6);
    const at = min - margin + position * (max - min + 2 * margin);
    const sign = isFlipped ? -1 : 1;
    const plane: CutPlane = [0, 0, 0, -sign * at];
    plane[index] = sign;
    return plane;
  }
}
