import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Viewer } from '../core/index.js';
import { feedbackStyles } from './feedback/feedbackStyles.js';
import { LoadingSpinner } from './feedback/LoadingSpinner.js';
import { ProgressBar } from './feedback/ProgressBar.js';
import { FocalLengthOverlay } from './navigation/FocalLengthOverlay.js';
import { navigationStyles } from './navigation/navigationStyles.js';
import { ViewerContext } from './ViewerContext.js';
import { RewindStrip } from './rewind/RewindStrip.js';
import { rewindStyles } from './rewind/rewindStyles.js';
import { ViewCube } from './viewcube/ViewCube.js';
import { viewCubeStyles } from './viewcube/viewCubeStyles.js';

/** Every panel's styles, adopted into the shadow root that hosts the chrome. */
export const chromeStyles: readonly string[] = [feedbackStyles, navigationStyles, viewCubeStyles, rewindStyles];

/** The chrome over the canvas: everything a user sees besides the model. */
export function ViewerChrome({ viewer }: { viewer: Viewer }) {
  return (
    <ViewerContext.Provider value={viewer}>
      <LoadingSpinner />
      <ProgressBar />
      <FocalLengthOverlay />
      <ViewCube />
      <RewindStrip />
    </ViewerContext.Provider>
  );
}

export interface MountedChrome {
  unmount(): void;
}

/** Renders the chrome into a container inside a shadow root, adopting its styles there. */
export function mountViewerChrome(container: HTMLElement, root: ShadowRoot, viewer: Viewer): MountedChrome {
  const sheets = chromeStyles.map((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  });
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
  const reactRoot = createRoot(container);
  reactRoot.render(
    <StrictMode>
      <ViewerChrome viewer={viewer} />
    </StrictMode>,
  );
  return {
    unmount() {
      reactRoot.unmount();
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => !sheets.includes(s));
    },
  };
}
