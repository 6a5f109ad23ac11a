import { useStore } from '@nanostores/react';
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ProjectionMode } from '../../core/index.js';
import { useTranslate, useViewer } from '../ViewerContext.js';

/** Spec 000 §9 "Orientation cube": the menu's minimum width, item height and separator (px). */
export const MENU_MIN_WIDTH_PX = 256;
export const MENU_ITEM_HEIGHT_PX = 25;
export const MENU_SEPARATOR_PX = 1;

type Item =
  | { kind: 'action'; label: string; run: () => unknown }
  | { kind: 'radio'; label: string; mode: ProjectionMode }
  | { kind: 'separator' };

export interface ViewCubeMenuProps {
  /** Where it opened, relative to the canvas (CSS px). */
  x: number;
  y: number;
  onClose: () => void;
}

/**
 * The cube's context menu (spec 000 §2 "Cube context menu"): the ten items in the spec's order, with
 * separators between groups and the projection items as a radio set. It stays inside the canvas, and a
 * click outside it (or Escape) closes it. Each item runs the cube's action, which counts its usage event.
 */
export function ViewCubeMenu({ x, y, onClose }: ViewCubeMenuProps) {
  const viewer = useViewer();
  const t = useTranslate();
  const cube = viewer.viewCube;
  const projection = useStore(cube.$state).projection;
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: x, top: y });

  const items: Item[] = [
    { kind: 'action', label: 'Go Home', run: () => cube.goHome() },
    { kind: 'separator' },
    { kind: 'radio', label: 'Orthographic', mode: 'orthographic' },
    { kind: 'radio', label: 'Perspective', mode: 'perspective' },
    { kind: 'radio', label: 'Perspective with Ortho Faces', mode: 'perspective-ortho-faces' },
    { kind: 'separator' },
    { kind: 'action', label: 'Set current view as Home', run: () => cube.setCurrentViewAsHome(false) },
    { kind: 'action', label: 'Focus and set as Home', run: () => cube.setCurrentViewAsHome(true) },
    { kind: 'action', label: 'Reset Home', run: () => cube.resetHome() },
    { kind: 'separator' },
    { kind: 'action', label: 'Set current view as Front', run: () => cube.setCurrentViewAsFront() },
    { kind: 'action', label: 'Set current view as Top', run: () => cube.setCurrentViewAsTop() },
    { kind: 'action', label: 'Reset orientation', run: () => cube.resetOrientation() },
  ];

  // Stay inside the canvas: flip left of the pointer when it would run off the right, lift when off the bottom.
  useLayoutEffect(() => {
    const menu = ref.current;
    const bounds = menu?.offsetParent as HTMLElement | null;
    if (!menu || !bounds) return;
    const width = menu.offsetWidth;
    const height = menu.offsetHeight;
    let left = x;
    let top = y;
    if (left + width > bounds.clientWidth) left = x - width;
    if (top + height > bounds.clientHeight) top = bounds.clientHeight - height;
    setPosition({ left: Math.max(0, Math.min(left, bounds.clientWidth - width)), top: Math.max(0, top) });
    // Keyboard users start here: the arrows move to the items.
    menu.focus({ preventScroll: true });
  }, [x, y]);

  // A press anywhere outside closes it; so does Escape, before anything else hears it (spec 001 §2 "Escape order").
  useEffect(() => {
    // Listening on the document sees presses anywhere on the page; composedPath() reaches into the shadow root.
    const onPointerDown = (event: Event) => {
      const path = event.composedPath();
      // The menu icon toggles the menu itself.
      const onMenuIcon = path.some((node) => (node as Element).classList?.contains('dv-viewcube-context'));
      if (ref.current && !path.includes(ref.current) && !onMenuIcon) onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      onClose();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [onClose]);

  const choose = (item: Item) => {
    if (item.kind === 'separator') return;
    onClose();
    if (item.kind === 'radio') cube.setProjection(item.mode);
    else void item.run();
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const entries = [...(ref.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const index = entries.indexOf(event.target as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = index < 0 ? (step > 0 ? 0 : entries.length - 1) : (index + step + entries.length) % entries.length;
      entries[next]?.focus();
    }
  };

  return (
    <div
      ref={ref}
      className="dv-viewcube-menu"
      role="menu"
      tabIndex={-1}
      aria-label={t('View cube menu', 'View cube menu')}
      style={{ left: position.left, top: position.top, minWidth: MENU_MIN_WIDTH_PX }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      {items.map((item, i) =>
        item.kind === 'separator' ? (
          <div key={i} className="dv-viewcube-menu-separator" role="separator" style={{ height: MENU_SEPARATOR_PX }} />
        ) : (
          <button
            key={i}
            type="button"
            className="dv-viewcube-menu-item"
            role={item.kind === 'radio' ? 'menuitemradio' : 'menuitem'}
            aria-checked={item.kind === 'radio' ? projection === item.mode : undefined}
            data-label={item.label}
            style={{ height: MENU_ITEM_HEIGHT_PX }}
            onClick={() => choose(item)}
          >
            <span className="dv-viewcube-menu-check" aria-hidden="true">
              {item.kind === 'radio' ? <span className={projection === item.mode ? 'dv-radio is-checked' : 'dv-radio'} /> : null}
            </span>
            <span className="dv-viewcube-menu-label">{t(item.label, item.label)}</span>
          </button>
        ),
      )}
    </div>
  );
}
