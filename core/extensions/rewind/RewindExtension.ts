import { Extension } from '../../viewer/Extension.js';
import { RewindTimeline } from './RewindTimeline.js';

/**
 * Rewind (spec 000 §2 "Other widgets", §3 "Rewind parameters", §9): the timeline of earlier views and its
 * strip in the canvas's bottom-left corner (the chrome's `rewind` overlay, react-panels/rewind/). The
 * timeline is this extension's: without it the viewer keeps no history. Headless, load it and drive
 * `timeline` (`setRecording(true)`, `record()`, `beginSlide()` / `slideTo(px)` / `endSlide()`, `goTo(i)`).
 */
export class RewindExtension extends Extension {
  private current: RewindTimeline | null = null;

  /** The history of earlier views and the sliding through them; null while the extension is not loaded. */
  get timeline(): RewindTimeline | null {
    return this.current;
  }

  override load(): boolean {
    this.current = new RewindTimeline(this.viewer);
    this.addOverlay({ id: 'rewind', slot: 'bottom-left', order: 10 });
    return true;
  }

  override unload(): boolean {
    this.current?.dispose();
    this.current = null;
    return true;
  }
}
