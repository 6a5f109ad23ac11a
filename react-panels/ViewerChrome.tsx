import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { BUILT_IN_EXTENSION_IDS, type Viewer } from '../core/index.js';
import { browserStyles } from './modelstructure/browserStyles.js';
import { collaborateStyles } from './collaborate/collaborateStyles.js';
import { layersStyles } from './layers/layersStyles.js';
import { measureStyles } from './measure/measureStyles.js';
import { ChromeContext, createChromeState } from './ChromeState.js';
import { ChromeLayout } from './ChromeLayout.js';
import { contextMenuStyles } from './contextmenu/contextMenuStyles.js';
import { debugStyles } from './debug/debugStyles.js';
import { dialogStyles } from './dialogs/dialogStyles.js';
import { dockingStyles } from './docking/dockingStyles.js';
import { alertStyles, feedbackStyles } from './feedback/feedbackStyles.js';
import { navigationStyles } from './navigation/navigationStyles.js';
import { propertiesStyles } from './properties/propertiesStyles.js';
import { searchStyles } from './search/searchStyles.js';
import { settingsStyles } from './settings/settingsStyles.js';
import { menuStyles } from './theme/menuStyles.js';
import { themeStyles } from './theme/themeStyles.js';
import { toolbarStyles } from './toolbar/toolbarStyles.js';
import { ViewerContext } from './ViewerContext.js';
import { rewindStyles } from './rewind/rewindStyles.js';
import { viewCubeStyles } from './viewcube/viewCubeStyles.js';

/** Every panel's styles, adopted into the shadow root that hosts the chrome. */
export const chromeStyles: readonly string[] = [
  themeStyles,
  menuStyles,
  feedbackStyles,
  alertStyles,
  navigationStyles,
  toolbarStyles,
  dockingStyles,
  browserStyles,
  layersStyles,
  measureStyles,
  searchStyles,
  propertiesStyles,
  settingsStyles,
  contextMenuStyles,
  dialogStyles,
  debugStyles,
  viewCubeStyles,
  rewindStyles,
  collaborateStyles,
];

/** The debug menu is off unless the viewer config enables it (spec 001 §2 "Panels" 8). */
function isDebugMenuEnabled(viewer: Viewer): boolean {
  return viewer.config.experimental?.debugMenu === true;
}

/** The chrome over the canvas: everything a user sees besides the model. `keyRoot` hears the viewer's keys. */
export function ViewerChrome({ viewer, keyRoot = null }: { viewer: Viewer; keyRoot?: Node | null }) {
  const chrome = useMemo(() => createChromeState(isDebugMenuEnabled(viewer), viewer.ui.$openPanels), [viewer]);
  return (
    <ViewerContext.Provider value={viewer}>
      <ChromeContext.Provider value={chrome}>
        <ChromeLayout keyRoot={keyRoot} />
      </ChromeContext.Provider>
    </ViewerContext.Provider>
  );
}

export interface MountedChrome {
  unmount(): void;
}

/**
 * Renders the chrome into a container inside a shadow root, adopting its styles there, and loads the
 * built-in features it draws (extensions: config.builtInExtensions picks some), unloading them again when
 * it goes (a viewer turned headless keeps what it can do through its API).
 */
export function mountViewerChrome(container: HTMLElement, root: ShadowRoot, viewer: Viewer): MountedChrome {
  const features = (viewer.config.builtInExtensions ?? BUILT_IN_EXTENSION_IDS).filter((id) => !viewer.getExtension(id));
  for (const id of features) {
    viewer.loadExtension(id, viewer.config.extensionOptions?.[id]).catch(() => {
      // Logged by the viewer ("Extension failed to load"); the chrome goes on without it.
    });
  }
  const sheets = chromeStyles.map((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  });
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
  const reactRoot = createRoot(container);
  reactRoot.render(
    <StrictMode>
      <ViewerChrome viewer={viewer} keyRoot={root} />
    </StrictMode>,
  );
  return {
    unmount() {
      reactRoot.unmount();
      for (const id of features) viewer.unloadExtension(id);
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => !sheets.includes(s));
    },
  };
}
