import { useCallback, useRef } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';

/**
 * A primary-button drag on an element: `onMove` gets the offset from where the pointer went down. The
 * pointer is captured, so the drag follows it outside the element.
 */
export function usePointerDrag<T>(begin: () => T, onMove: (start: T, dx: number, dy: number) => void, onEnd?: () => void) {
  const drag = useRef<{ id: number; x: number; y: number; start: T } | null>(null);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      if ((event.target as HTMLElement).closest('button, input, select, a')) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, start: begin() };
    },
    [begin],
  );
  const onPointerMove = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.id !== event.pointerId) return;
      onMove(d.start, event.clientX - d.x, event.clientY - d.y);
    },
    [onMove],
  );
  const onPointerUp = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      if (!drag.current || drag.current.id !== event.pointerId) return;
      drag.current = null;
      onEnd?.();
    },
    [onEnd],
  );
  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp };
}
