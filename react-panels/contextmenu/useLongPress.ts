import { useEffect } from 'react';

/** Spec 000 §9 "Gesture recognizers": a press is a touch held 500 ms within 50 px. */
export const PRESS_TIME_MS = 500;
export const PRESS_THRESHOLD_PX = 50;

/**
 * Calls back when a single touch is held still on the element (the context menu's long press). Any
 * movement past the threshold, a second finger or lifting the finger cancels it.
 */
export function useLongPress(element: HTMLElement | null, onPress: (clientX: number, clientY: number) => void): void {
  useEffect(() => {
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let start: { id: number; x: number; y: number } | null = null;
    const cancel = () => {
      clearTimeout(timer);
      start = null;
    };
    const down = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      if (start) return cancel(); // a second finger: a gesture, not a press
      start = { id: event.pointerId, x: event.clientX, y: event.clientY };
      const { x, y } = start;
      timer = setTimeout(() => {
        start = null;
        onPress(x, y);
      }, PRESS_TIME_MS);
    };
    const move = (event: PointerEvent) => {
      if (start && event.pointerId === start.id && Math.hypot(event.clientX - start.x, event.clientY - start.y) > PRESS_THRESHOLD_PX) cancel();
    };
    const up = (event: PointerEvent) => {
      if (start && event.pointerId === start.id) cancel();
    };
    element.addEventListener('pointerdown', down);
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', up);
    element.addEventListener('pointercancel', up);
    return () => {
      cancel();
      element.removeEventListener('pointerdown', down);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', up);
      element.removeEventListener('pointercancel', up);
    };
  }, [element, onPress]);
}
