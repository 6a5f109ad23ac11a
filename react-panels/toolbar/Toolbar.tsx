import { type FocusEvent, type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { useTranslate } from '../ViewerContext.js';
import { ModelTools } from './ModelTools.js';
import { NavigationTools } from './NavigationTools.js';
import { SettingsTools } from './SettingsTools.js';

/**
 * The viewer's toolbar (spec 001 §2 "Toolbar"): three groups along the bottom of the canvas. One tab
 * stop; the arrow keys, Home and End move between buttons (the WAI-ARIA toolbar pattern).
 */
export function Toolbar() {
  const t = useTranslate();
  const bar = useRef<HTMLDivElement>(null);
  const focused = useRef(0);

  const buttons = () => [...(bar.current?.querySelectorAll<HTMLElement>('[data-toolbar-button]') ?? [])];

  // Roving tab index: only the button focused last is in the tab order.
  useLayoutEffect(() => {
    const all = buttons();
    const current = Math.min(focused.current, all.length - 1);
    all.forEach((button, i) => (button.tabIndex = i === current ? 0 : -1));
  });

  const onFocus = (event: FocusEvent) => {
    const index = buttons().indexOf(event.target as HTMLElement);
    if (index < 0) return;
    focused.current = index;
    buttons().forEach((button, i) => (button.tabIndex = i === index ? 0 : -1));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const all = buttons();
    const index = all.indexOf(event.target as HTMLElement);
    if (index < 0) return;
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: all.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    all[(to + all.length) % all.length].focus();
  };

  return (
    <div ref={bar} className="dv-toolbar" role="toolbar" aria-label={t('Viewer toolbar', 'Viewer toolbar')} aria-orientation="horizontal" onFocus={onFocus} onKeyDown={onKeyDown}>
      <NavigationTools />
      <ModelTools />
      <SettingsTools />
    </div>
  );
}
