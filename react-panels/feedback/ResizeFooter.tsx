import type { KeyboardEvent } from 'react';
import { usePointerDrag } from '../docking/usePointerDrag.js';
import { Icon } from '../icons/Icon.js';
import { useTranslate } from '../ViewerContext.js';

/** Keyboard resizing moves the grip by this many pixels per arrow press. */
const KEY_STEP_PX = 10;

interface ResizeFooterProps {
  /** The size when a drag starts. */
  getSize: () => { width: number; height: number };
  onResize: (width: number, height: number) => void;
}

/**
 * Spec 001 §2 item 7: the resizable footer of a panel. Drag its grip, or focus it and use the arrow
 * keys, to change the panel's size.
 */
export function ResizeFooter({ getSize, onResize }: ResizeFooterProps) {
  const t = useTranslate();
  const handlers = usePointerDrag(getSize, (start, dx, dy) => onResize(start.width + dx, start.height + dy));
  const onKeyDown = (event: KeyboardEvent) => {
    const delta = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!delta) return;
    event.preventDefault();
    const size = getSize();
    onResize(size.width + delta[0] * KEY_STEP_PX, size.height + delta[1] * KEY_STEP_PX);
  };
  return (
    <div className="dv-resize-footer">
      <div
        className="dv-resize-grip"
        role="button"
        tabIndex={0}
        aria-label={t('Resize panel', 'Resize panel')}
        title={t('Resize panel', 'Resize panel')}
        onKeyDown={onKeyDown}
        {...handlers}
      >
        <Icon name="grip" size={14} />
      </div>
    </div>
  );
}
