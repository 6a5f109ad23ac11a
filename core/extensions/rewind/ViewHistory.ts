import { type CameraView, cloneView } from '../../camera/CameraView.js';

/** Spec 000 §9 "Camera defaults": the rewind history keeps at most this many views. */
export const REWIND_HISTORY_MAX = 25;
/** Spec 000 §9: thumbnails are this many pixels square, this many apart. */
export const REWIND_THUMBNAIL_SIZE = 56;
export const REWIND_THUMBNAIL_GAP = 12;

/** Where a thumbnail sits on the timeline strip (CSS pixels; x from the first thumbnail's left edge). */
export interface ThumbnailBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Spec 000 §3 "History element": a camera snapshot, its thumbnail, the thumbnail's bounds and a weight. */
export interface HistoryElement {
  view: CameraView;
  /** A PNG data URL of the view, REWIND_THUMBNAIL_SIZE square. */
  thumbnail: string;
  bounds: ThumbnailBounds;
  /**
   * How much the element counts in what the camera shows while sliding: 1 at the element, falling to 0 one
   * thumbnail away (the two neighbours of a point between thumbnails share it).
   */
  weight: number;
}

/** Two views closer than this (relative to their distance to the look-at point) are the same view. */
const SAME_VIEW_TOLERANCE = 1e-4;

/**
 * The history of earlier camera views (spec 000 §3, §9): up to 25 elements, oldest first. Adding a view
 * after stepping back drops the views that were ahead of it, as an editor's undo history does.
 */
export class ViewHistory {
  private list: HistoryElement[] = [];

  get elements(): readonly HistoryElement[] {
    return this.list;
  }

  get length(): number {
    return this.list.length;
  }

  at(index: number): HistoryElement | undefined {
    return this.list[index];
  }

  /**
   * Adds a view after the element at `afterIndex` (the last one by default), dropping those after it and,
   * past the maximum, the oldest. Returns the new element's index.
   */
  add(view: CameraView, thumbnail: string, afterIndex = this.list.length - 1): number {
    this.list.length = Math.max(0, Math.min(this.list.length, afterIndex + 1));
    this.list.push({ view: cloneView(view), thumbnail, bounds: boundsAt(0), weight: 0 });
    if (this.list.length > REWIND_HISTORY_MAX) this.list.splice(0, this.list.length - REWIND_HISTORY_MAX);
    this.layout();
    return this.list.length - 1;
  }

  /** Replaces an element's thumbnail (a better picture of the same view, once more of the model arrived). */
  setThumbnail(index: number, thumbnail: string): void {
    const element = this.list[index];
    if (element) element.thumbnail = thumbnail;
  }

  /** Sets every element's weight for a position on the timeline (in elements, fractional between them). */
  weigh(position: number): void {
    for (let i = 0; i < this.list.length; i++) this.list[i].weight = Math.max(0, 1 - Math.abs(position - i));
  }

  clear(): void {
    this.list = [];
  }

  /** Whether two views show the same thing (same eye, look-at point and up, same projection). */
  static isSameView(a: CameraView, b: CameraView): boolean {
    const scale = Math.max(a.position.distanceTo(a.center), b.position.distanceTo(b.center), 1e-9);
    return (
      a.position.distanceTo(b.position) / scale < SAME_VIEW_TOLERANCE &&
      a.center.distanceTo(b.center) / scale < SAME_VIEW_TOLERANCE &&
      a.up.distanceTo(b.up) < SAME_VIEW_TOLERANCE &&
      a.isOrtho === b.isOrtho
    );
  }

  private layout(): void {
    this.list.forEach((element, i) => (element.bounds = boundsAt(i)));
  }
}

/** The pitch of the strip: one thumbnail and one gap. */
export const REWIND_PITCH = REWIND_THUMBNAIL_SIZE + REWIND_THUMBNAIL_GAP;

function boundsAt(index: number): ThumbnailBounds {
  return { x: index * REWIND_PITCH, y: 0, width: REWIND_THUMBNAIL_SIZE, height: REWIND_THUMBNAIL_SIZE };
}
