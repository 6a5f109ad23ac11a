import { type RefObject, useEffect } from 'react';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside a modal surface while it is open, focuses its first control (or the
 * one marked `data-autofocus`) on opening, and gives focus back to where it was on closing.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, isActive: boolean): void {
  useEffect(() => {
    const element = container.current;
    if (!isActive || !element) return;
    const root = element.getRootNode() as ShadowRoot | Document;
    const returnTo = root.activeElement as HTMLElement | null;
    const focusables = () => [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => e.offsetParent !== null || e === root.activeElement);
    (element.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0])?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const list = focusables();
      if (!list.length) return;
      const first = list[0];
      const last = list[list.length - 1];
      const current = root.activeElement;
      if (event.shiftKey && (current === first || !element.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !element.contains(current))) {
        event.preventDefault();
        first.focus();
      }
    };
    element.addEventListener('keydown', onKeyDown);
    return () => {
      element.removeEventListener('keydown', onKeyDown);
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true });
    };
  }, [container, isActive]);
}
