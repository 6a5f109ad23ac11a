import { useStore } from '@nanostores/react';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { closePanel, type PanelGeometry, type PanelId, raisePanel, useChrome } from '../ChromeState.js';
import { ResizeFooter } from '../feedback/ResizeFooter.js';
import { Icon } from '../icons/Icon.js';
import { useFocusTrap } from '../keyboard/useFocusTrap.js';
import { useTranslate } from '../ViewerContext.js';
import { fitInside, initialGeometry, movePanel, type PanelPlacement, resizePanel } from './dockingGeometry.js';
import { usePointerDrag } from './usePointerDrag.js';

/** Arrow keys on a focused title bar move the panel by this many pixels. */
const KEY_MOVE_PX = 10;

interface DockingPanelProps {
  id: PanelId;
  title: string;
  placement: PanelPlacement;
  /** Shows the resize footer (spec 001 §2 "Panels" 10: optional). */
  resizable?: boolean;
  /** A modal panel (settings) sits over a background that closes it on click. */
  modal?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * The frame of every panel (spec 001 §2 "Panels" 10): a title bar that drags the panel (and docks it to
 * the right or bottom edge within 5 px), a close button, an optional resize footer, a minimum size of
 * 100×100 and a fallback width of 300. Its geometry outlives it, so a panel reopens at its last size.
 */
export function DockingPanel({ id, title, placement, resizable = false, modal = false, className = '', children }: DockingPanelProps) {
  const t = useTranslate();
  const chrome = useChrome();
  const bounds = useStore(chrome.$size);
  const openPanels = useStore(chrome.$openPanels);
  const titleId = useId();
  const section = useRef<HTMLElement>(null);
  useFocusTrap(section, modal);
  const [geometry, setGeometryState] = useState<PanelGeometry>(() => chrome.geometry.get(id) ?? initialGeometry(placement, bounds));

  const setGeometry = useCallback(
    (next: PanelGeometry) => {
      chrome.geometry.set(id, next);
      setGeometryState(next);
    },
    [chrome, id],
  );

  // The chrome was resized: docked panels stay on their edges, every panel stays inside.
  useEffect(() => {
    setGeometry(fitInside(chrome.geometry.get(id) ?? geometry, bounds));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bounds.width, bounds.height]);

  const current = () => chrome.geometry.get(id) ?? geometry;
  const drag = usePointerDrag(current, (start, dx, dy) => setGeometry(movePanel(start, start.left + dx, start.top + dy, bounds)));
  const close = () => closePanel(chrome, id);

  const onTitleKeyDown = (event: KeyboardEvent) => {
    const delta = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!delta || event.target !== event.currentTarget) return;
    event.preventDefault();
    const g = current();
    setGeometry(movePanel(g, g.left + delta[0] * KEY_MOVE_PX, g.top + delta[1] * KEY_MOVE_PX, bounds));
  };

  const style = {
    width: geometry.width,
    height: geometry.height,
    left: geometry.dockRight ? 'auto' : geometry.left,
    right: geometry.dockRight ? 0 : 'auto',
    top: geometry.dockBottom ? 'auto' : geometry.top,
    bottom: geometry.dockBottom ? 0 : 'auto',
    zIndex: 10 + openPanels.indexOf(id),
  };
  const classes = ['dv-panel', className, geometry.dockRight ? 'is-docked-right' : '', geometry.dockBottom ? 'is-docked-bottom' : '']
    .filter(Boolean)
    .join(' ');

  const panel = (
    <section
      ref={section}
      className={classes}
      role="dialog"
      aria-modal={modal || undefined}
      aria-labelledby={titleId}
      data-panel={id}
      style={style}
      onPointerDownCapture={() => raisePanel(chrome, id)}
      onFocusCapture={() => raisePanel(chrome, id)}
    >
      <header
        className="dv-panel-title"
        role="group"
        tabIndex={0}
        aria-labelledby={titleId}
        aria-description={t('Drag or use the arrow keys to move the panel', 'Drag or use the arrow keys to move the panel')}
        onKeyDown={onTitleKeyDown}
        {...drag}
      >
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dv-icon-button dv-panel-close" aria-label={t('Close', 'Close')} title={t('Close', 'Close')} onClick={close}>
          <Icon name="close" size={16} />
        </button>
      </header>
      <div className="dv-panel-body">{children}</div>
      {resizable && (
        <ResizeFooter getSize={() => current()} onResize={(w, h) => setGeometry(resizePanel(current(), w, h, bounds))} />
      )}
    </section>
  );

  if (!modal) return panel;
  return (
    <>
      <div className="dv-modal-backdrop" data-testid="modal-backdrop" style={{ zIndex: style.zIndex }} onClick={close} aria-hidden="true" />
      {panel}
    </>
  );
}
