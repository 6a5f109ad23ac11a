import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ContextMenuExtension } from '../../core/index.js';
import { openContextMenu, useChrome } from '../ChromeState.js';
import { useExtension } from '../contributions/useExtension.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { contextMenuItems } from './contextMenuItems.js';

/** The menu keeps this far from the chrome's edges. */
const EDGE_MARGIN_PX = 4;

/**
 * The viewer's context menu (spec 001 §2 "Panels" 6) at the point it was opened, kept inside the viewer:
 * exactly the context-menu items of viewer.ui that apply when it opens. The contextmenu extension asks for
 * it from the canvas (the model browser opens it from its tree); with no item to show, it stays shut.
 * Arrow keys move, Enter or Space runs an item, Escape (the first step of the Escape order), Tab or a
 * click elsewhere closes it; focus then returns where it was.
 */
export function ContextMenu() {
  const viewer = useViewer();
  const chrome = useChrome();
  const t = useTranslate();
  const position = useStore(chrome.$contextMenu);
  const contributed = useStore(viewer.ui.$contextMenuItems);
  const menu = useRef<HTMLDivElement>(null);
  const [placed, setPlaced] = useState<{ left: number; top: number } | null>(null);
  useMenuRequests();
  // The items reflect the state when the menu opened (and the items there are: an extension may unload).
  const items = useMemo(() => (position && contributed.length ? contextMenuItems(viewer) : []), [position, contributed, viewer]);
  const isEmpty = position !== null && items.length === 0;

  useEffect(() => {
    if (isEmpty) chrome.$contextMenu.set(null);
  }, [isEmpty, chrome]);

  useLayoutEffect(() => {
    if (!position || !menu.current) {
      setPlaced(null);
      return;
    }
    const { width, height } = chrome.$size.get();
    const rect = menu.current.getBoundingClientRect();
    setPlaced({
      left: Math.max(EDGE_MARGIN_PX, Math.min(position.x, width - rect.width - EDGE_MARGIN_PX)),
      top: Math.max(EDGE_MARGIN_PX, Math.min(position.y, height - rect.height - EDGE_MARGIN_PX)),
    });
  }, [position, chrome]);

  useEffect(() => {
    if (!position) return;
    const returnTo = (menu.current?.getRootNode() as ShadowRoot | Document | undefined)?.activeElement as HTMLElement | null;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (menu.current && !event.composedPath().includes(menu.current)) chrome.$contextMenu.set(null);
    };
    const root = menu.current?.getRootNode() as ShadowRoot | undefined;
    root?.addEventListener('pointerdown', onPointerDown as EventListener, true);
    return () => {
      root?.removeEventListener('pointerdown', onPointerDown as EventListener, true);
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true });
    };
  }, [position, chrome]);

  if (!position || isEmpty) return null;
  const close = () => chrome.$contextMenu.set(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = buttons.indexOf(event.target as HTMLElement);
    const to = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (event.key === 'Tab') close();
    if (to === undefined) return;
    event.preventDefault();
    buttons[(to + buttons.length) % buttons.length]?.focus();
  };

  return (
    <div
      ref={menu}
      className="dv-context-menu"
      role="menu"
      aria-label={t('Context menu', 'Context menu')}
      style={{ left: placed?.left ?? position.x, top: placed?.top ?? position.y }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="dv-context-menu-item"
          data-item={item.label}
          onClick={() => {
            close();
            item.run();
          }}
        >
          {t(item.label, item.label)}
        </button>
      ))}
    </div>
  );
}

/** Opens the menu where the loaded contextmenu extension is asked for it (a right click or press on the canvas). */
function useMenuRequests(): void {
  const chrome = useChrome();
  const extension = useExtension('contextmenu');
  useEffect(() => {
    if (!(extension instanceof ContextMenuExtension)) return;
    return extension.$request.subscribe((request) => {
      if (!request) return;
      extension.takeRequest();
      openContextMenu(chrome, request.clientX, request.clientY);
    });
  }, [extension, chrome]);
}
