import { useStore } from '@nanostores/react';
import { type CSSProperties, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { CLICK_TOLERANCE_PX, type RewindExtension } from '../../core/index.js';
import { useExtension } from '../contributions/useExtension.js';
import { useTranslate } from '../ViewerContext.js';

/**
 * The rewind timeline (spec 000 §2 "Other widgets"): a button in the bottom-left corner opens a strip of
 * thumbnails of earlier views. Dragging the strip slides the thumbnails under the playhead in its middle;
 * the camera follows (between two thumbnails it is on its way from one view to the other), snapping to a
 * view near its thumbnail. A click on a thumbnail goes there; the arrow keys step; Escape or a click
 * outside closes it. The history and the sliding are the rewind extension's timeline (core/extensions/
 * rewind/); this only draws them, while that extension is loaded.
 */
export function RewindStrip() {
  const timeline = useExtension<RewindExtension>('rewind')?.timeline;
  return timeline ? <Strip rewind={timeline} /> : null;
}

function Strip({ rewind }: { rewind: NonNullable<RewindExtension['timeline']> }) {
  const t = useTranslate();
  const state = useStore(rewind.$state);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const press = useRef<{ pointerId: number; x: number; lastX: number; sliding: boolean; index: number | null } | null>(null);

  // The chrome records views while it is mounted: a headless viewer pays for no thumbnails.
  useEffect(() => {
    rewind.setRecording(true);
    return () => rewind.setRecording(false);
  }, [rewind]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (rootRef.current && !event.composedPath().includes(rootRef.current)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open]);

  if (state.elements.length === 0) return null;

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    // No text selection or native drag; the strip takes focus for the arrow keys.
    event.preventDefault();
    event.currentTarget.focus({ preventScroll: true });
    event.currentTarget.setPointerCapture(event.pointerId);
    const thumbnail = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    press.current = { pointerId: event.pointerId, x: event.clientX, lastX: event.clientX, sliding: false, index: thumbnail ? Number(thumbnail.dataset.index) : null };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    if (!current.sliding) {
      if (Math.abs(event.clientX - current.x) <= CLICK_TOLERANCE_PX) return;
      current.sliding = rewind.beginSlide();
      if (!current.sliding) return;
      current.lastX = current.x;
    }
    // The thumbnails move with the pointer: dragging right brings older views under the playhead.
    rewind.slideBy(current.lastX - event.clientX);
    current.lastX = event.clientX;
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    press.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    if (current.sliding) void rewind.endSlide();
    else if (current.index !== null) void rewind.goTo(current.index);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = state.index + (event.key === 'ArrowLeft' ? -1 : 1);
    if (next >= 0 && next < state.elements.length) void rewind.goTo(next);
  };

  const label = t('Rewind', 'Rewind');
  return (
    <div className="dv-rewind-layer">
      <div ref={rootRef} className={open ? 'dv-rewind is-open' : 'dv-rewind'}>
        <button type="button" className="dv-rewind-button" aria-label={label} title={label} aria-expanded={open} disabled={state.elements.length < 2 && !open} onClick={() => setOpen(!open)}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            <path d="M3.6 3.8v4.6h4.6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            <path d="M12 8v4.4l3 1.8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        {open ? (
          <div className="dv-rewind-panel" style={stripGeometry(state.thumbnailSize, state.gap)}>
            <div
              className={state.isSliding ? 'dv-rewind-viewport is-sliding' : 'dv-rewind-viewport'}
              role="slider"
              tabIndex={0}
              aria-label={t('Previous views', 'Previous views')}
              aria-valuemin={1}
              aria-valuemax={state.elements.length}
              aria-valuenow={state.index + 1}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onKeyDown={onKeyDown}
            >
              <div className="dv-rewind-track" style={{ transform: `translateX(${-state.offset - state.thumbnailSize / 2}px)` }}>
                {state.elements.map((element, i) => (
                  <div
                    key={i}
                    className={i > state.index && !state.isSliding ? 'dv-rewind-thumbnail is-ahead' : 'dv-rewind-thumbnail'}
                    data-index={i}
                    data-weight={element.weight.toFixed(3)}
                    style={{
                      left: element.bounds.x,
                      width: element.bounds.width,
                      height: element.bounds.height,
                      transform: `scale(${(0.86 + 0.14 * element.weight).toFixed(3)})`,
                      opacity: 0.6 + 0.4 * element.weight,
                    }}
                  >
                    {element.thumbnail ? <img src={element.thumbnail} alt="" draggable={false} /> : null}
                  </div>
                ))}
              </div>
              <div className={state.isSnapped ? 'dv-rewind-playhead is-snapped' : 'dv-rewind-playhead'} style={{ width: state.thumbnailSize + 6, height: state.thumbnailSize + 6 }} />
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The strip's geometry, as the core lays the thumbnails out, for the styles (rewindStyles.ts). */
function stripGeometry(thumbnailSize: number, gap: number): CSSProperties {
  return { '--dv-rewind-thumbnail': `${thumbnailSize}px`, '--dv-rewind-pitch': `${thumbnailSize + gap}px` } as CSSProperties;
}
