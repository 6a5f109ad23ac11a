import { atom, type ReadableAtom } from 'nanostores';
import type { CameraPort, EventsPort, ModelsPort, ScenePort, ToolsPort } from '../../viewer/ports.js';
import type { ViewerStores } from '../../viewer/ViewerStores.js';
import { REWIND_PITCH, REWIND_THUMBNAIL_GAP, REWIND_THUMBNAIL_SIZE, type ThumbnailBounds, ViewHistory } from './ViewHistory.js';
import { ViewTransition } from '../../camera/ViewTransition.js';

/** What Rewind needs of the viewer. */
export type RewindPort = CameraPort & ScenePort & ToolsPort & ModelsPort & Pick<EventsPort, 'addEventListener' | 'removeEventListener'> & { readonly isStarted: boolean; readonly stores: Pick<ViewerStores, '$finalFrame'>; capturePixels(width: number, height: number): { width: number; height: number; data: Uint8Array } };

/** Spec 000 §9 "Rewind timeline": sliding snaps to a thumbnail within 4 px of it... */
export const REWIND_SNAP_PX = 4;
/** ...and stays snapped until it is slid more than 16 px away. */
export const REWIND_SNAP_HOLD_PX = 16;
/** A view joins the history once the camera has rested this long (ms): a drag or a transition is one view. */
export const VIEW_SETTLE_MS = 350;

/** Spec 000 §3 "Rewind parameters", as the strip draws them (the rewind extension's `timeline.$state`). */
export interface RewindState {
  elements: readonly { thumbnail: string; bounds: ThumbnailBounds; weight: number }[];
  /** The timeline index: the element the camera is at (or nearest to, while sliding). */
  index: number;
  /** The slide offset: where the playhead is along the strip, in CSS pixels from the first thumbnail. */
  offset: number;
  /** The playhead is snapped to the element at `index`. */
  isSnapped: boolean;
  isSliding: boolean;
  /** Views are being recorded (the strip turns recording on). */
  isRecording: boolean;
  thumbnailSize: number;
  gap: number;
}

/**
 * The rewind timeline (spec 000 §2 "Other widgets", §3, §9): records each view the camera rests at in a
 * ViewHistory with a thumbnail, and slides back through them. Sliding moves a playhead along the strip;
 * between two thumbnails the camera is a spherical interpolation of their views, within 4 px of a
 * thumbnail it snaps to that view and stays snapped within 16 px. Letting go settles on the nearest view.
 * Recording is off until `setRecording(true)` (the chrome's strip turns it on): thumbnails cost a render.
 */
export class RewindTimeline {
  readonly history = new ViewHistory();
  private index = -1;
  private offset = 0;
  private snappedTo = -1;
  private sliding = false;
  private recording = false;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly state = atom<RewindState>(this.snapshot());

  private readonly onCameraChange = () => this.scheduleRecord();
  private readonly onGeometryLoaded = () => this.refreshThumbnail();
  private readonly onModelRemoved = () => {
    if (this.viewer.getVisibleModels().length === 0) this.clear();
  };

  constructor(private readonly viewer: RewindPort) {
    viewer.addEventListener('camera-change', this.onCameraChange);
    viewer.addEventListener('geometry-loaded', this.onGeometryLoaded);
    viewer.addEventListener('model-removed', this.onModelRemoved);
  }

  get $state(): ReadableAtom<RewindState> {
    return this.state;
  }

  get isRecording(): boolean {
    return this.recording;
  }

  /** Turns recording on (the current view is recorded at once) or off. */
  setRecording(on: boolean): void {
    if (on === this.recording) return;
    this.recording = on;
    if (on) this.record();
    else this.cancelSettle();
    this.publish();
  }

  /** Records the current view now, unless it is the view the timeline is at. True when one was added. */
  record(): boolean {
    this.cancelSettle();
    if (!this.viewer.isStarted) return false;
    const view = this.viewer.navigation.getView();
    const current = this.history.at(this.index);
    if (current && ViewHistory.isSameView(current.view, view)) return false;
    this.index = this.history.add(view, this.thumbnail(), this.index);
    this.offset = this.index * REWIND_PITCH;
    this.snappedTo = this.index;
    this.history.weigh(this.index);
    this.publish();
    return true;
  }

  clear(): void {
    this.cancelSettle();
    this.history.clear();
    this.index = -1;
    this.offset = 0;
    this.snappedTo = -1;
    this.publish();
  }

  // ── Sliding ──────────────────────────────────────────────────────────────────────────────────

  /** A slide starts (the strip is pressed): the playhead is where the timeline is. */
  beginSlide(): boolean {
    if (this.history.length === 0) return false;
    this.viewer.navigation.cancelTransition();
    this.cancelSettle();
    this.sliding = true;
    this.offset = Math.max(0, this.index) * REWIND_PITCH;
    this.snappedTo = Math.max(0, this.index);
    this.publish();
    return true;
  }

  /** Moves the playhead by a pointer movement (CSS px; negative goes back to older views). */
  slideBy(dx: number): void {
    this.slideTo(this.offset + dx);
  }

  /** Moves the playhead to an offset along the strip; the camera follows, snapping near thumbnails. */
  slideTo(offset: number): void {
    if (!this.sliding || this.history.length === 0) return;
    const max = (this.history.length - 1) * REWIND_PITCH;
    this.offset = Math.min(max, Math.max(0, offset));
    if (this.snappedTo >= 0 && Math.abs(this.offset - this.snappedTo * REWIND_PITCH) > REWIND_SNAP_HOLD_PX) this.snappedTo = -1;
    if (this.snappedTo < 0) {
      const nearest = Math.round(this.offset / REWIND_PITCH);
      if (Math.abs(this.offset - nearest * REWIND_PITCH) <= REWIND_SNAP_PX) this.snappedTo = nearest;
    }
    const position = this.snappedTo >= 0 ? this.snappedTo : this.offset / REWIND_PITCH;
    this.index = Math.round(position);
    this.history.weigh(position);
    this.viewer.navigation.setViewFromRecord(this.viewAt(position));
    this.publish();
  }

  /** The slide ends: the camera settles on the snapped view, or the nearest one (animated). */
  endSlide(): Promise<boolean> {
    if (!this.sliding) return Promise.resolve(false);
    this.sliding = false;
    const target = this.snappedTo >= 0 ? this.snappedTo : Math.round(this.offset / REWIND_PITCH);
    return this.goTo(target);
  }

  /** Goes to an element of the history (animated unless immediate); the playhead snaps there. */
  goTo(index: number, options: { immediate?: boolean } = {}): Promise<boolean> {
    const element = this.history.at(index);
    if (!element) return Promise.resolve(false);
    this.cancelSettle();
    this.sliding = false;
    this.index = index;
    this.offset = index * REWIND_PITCH;
    this.snappedTo = index;
    this.history.weigh(index);
    this.publish();
    return this.viewer.navigation.transitionTo(element.view, options);
  }

  /** The view at a fractional position: a spherical interpolation between the two elements around it. */
  viewAt(position: number) {
    const last = this.history.length - 1;
    const clamped = Math.min(last, Math.max(0, position));
    const from = Math.floor(clamped);
    const to = Math.min(last, from + 1);
    const t = clamped - from;
    const a = this.history.at(from)!.view;
    if (to === from || t === 0) return { ...a };
    return new ViewTransition(a, this.history.at(to)!.view, 1).viewAt(t);
  }

  /** Stops following the viewer (the rewind extension unloads). */
  dispose(): void {
    this.cancelSettle();
    this.recording = false;
    this.viewer.removeEventListener('camera-change', this.onCameraChange);
    this.viewer.removeEventListener('geometry-loaded', this.onGeometryLoaded);
    this.viewer.removeEventListener('model-removed', this.onModelRemoved);
  }

  // ── Internals ────────────────────────────────────────────────────────────────────────────────

  private scheduleRecord(): void {
    if (!this.recording || this.sliding) return;
    this.cancelSettle();
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      // Still moving (a transition, a drag held still), or the picture is not complete yet: wait.
      const busy = this.viewer.navigation.isTransitionActive() || this.viewer.toolController.getInteractionSource() !== null;
      if (busy || !this.viewer.stores.$finalFrame.get()) {
        this.scheduleRecord();
        return;
      }
      this.record();
    }, VIEW_SETTLE_MS);
  }

  private cancelSettle(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
  }

  /** A better thumbnail for the current element once the model has fully arrived. */
  private refreshThumbnail(): void {
    const current = this.history.at(this.index);
    if (!this.recording || !current || !ViewHistory.isSameView(current.view, this.viewer.navigation.getView())) return;
    this.history.setThumbnail(this.index, this.thumbnail());
    this.publish();
  }

  /** A picture of the view as it is now, without the widgets over it (pivot, gizmo). */
  private thumbnail(): string {
    const overlay = this.viewer.renderContext?.overlay;
    const overlayVisible = overlay?.visible ?? false;
    try {
      const size = REWIND_THUMBNAIL_SIZE;
      if (overlay) overlay.visible = false;
      const pixels = this.viewer.capturePixels(size, size);
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(pixels.data.buffer as ArrayBuffer), size, size), 0, 0);
      return canvas.toDataURL('image/png');
    } catch {
      return '';
    } finally {
      if (overlay) overlay.visible = overlayVisible;
    }
  }

  private publish(): void {
    this.state.set(this.snapshot());
  }

  private snapshot(): RewindState {
    return {
      elements: this.history.elements.map(({ thumbnail, bounds, weight }) => ({ thumbnail, bounds: { ...bounds }, weight })),
      index: this.index,
      offset: this.offset,
      isSnapped: this.snappedTo >= 0,
      isSliding: this.sliding,
      isRecording: this.recording,
      thumbnailSize: REWIND_THUMBNAIL_SIZE,
      gap: REWIND_THUMBNAIL_GAP,
    };
  }
}
