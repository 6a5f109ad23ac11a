import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useChrome } from './ChromeState.js';
import { ContextMenu } from './contextmenu/ContextMenu.js';
import { DebugPanel } from './debug/DebugPanel.js';
import { DialogHost } from './dialogs/DialogHost.js';
import { AlertBox } from './feedback/AlertBox.js';
import { HudMessage } from './feedback/HudMessage.js';
import { LoadingSpinner } from './feedback/LoadingSpinner.js';
import { ProgressBar } from './feedback/ProgressBar.js';
import { useAlertOnError } from './feedback/useAlertOnError.js';
import { useWalkInstructions } from './feedback/useWalkInstructions.js';
import { useEscapeOrder } from './keyboard/useEscapeOrder.js';
import { FocalLengthOverlay } from './navigation/FocalLengthOverlay.js';
import { ContributedOverlays } from './contributions/ContributedOverlays.js';
import { ContributedPanels } from './contributions/ContributedPanels.js';
import { Toolbar } from './toolbar/Toolbar.js';
import { useTranslate, useViewer } from './ViewerContext.js';

/**
 * Everything the chrome shows, over the canvas: feedback, the toolbar, the open panels (content built on
 * first show, spec 001 §4), the context menu, alerts and dialogs; and the viewer-wide keys and hooks.
 */
export function ChromeLayout({ keyRoot }: { keyRoot: Node | null }) {
  const viewer = useViewer();
  const chrome = useChrome();
  const t = useTranslate();
  const element = useRef<HTMLDivElement>(null);
  const openPanels = useStore(chrome.$openPanels);

  // The chrome's size drives the toolbar's breakpoints and keeps panels inside.
  useLayoutEffect(() => {
    const root = element.current;
    if (!root) return;
    chrome.root = root;
    const measure = () => chrome.$size.set({ width: root.clientWidth, height: root.clientHeight });
    measure();
    // The new size re-lays the chrome out, which resizes what other observers (the viewer's) watch: do
    // that on the next frame, not inside this observer's delivery.
    let pending = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(measure);
    });
    observer.observe(root);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(pending);
    };
  }, [chrome]);

  // The canvas is named in the user's language.
  useEffect(() => {
    viewer.canvas?.setAttribute('aria-label', t('Model view', 'Model view'));
  }, [viewer, t]);

  useEscapeOrder(viewer, chrome, keyRoot);
  useAlertOnError(viewer, chrome);
  const translate = useCallback((key: string) => t(key, key), [t]);
  useWalkInstructions(viewer, translate);

  return (
    <div ref={element} className="dv-chrome" lang={viewer.getLanguage()}>
      <LoadingSpinner />
      <ProgressBar />
      <FocalLengthOverlay />
      <ContributedOverlays slot="canvas" />
      <ContributedOverlays slot="top-right" />
      <ContributedOverlays slot="bottom-left" />
      <div className="dv-tool-options">
        <ContributedOverlays slot="tool-options" />
      </div>
      <Toolbar />
      {chrome.isDebugEnabled && openPanels.includes('debug') && <DebugPanel />}
      <ContributedPanels />
      <HudMessage />
      <ContextMenu />
      <AlertBox />
      <DialogHost />
    </div>
  );
}
