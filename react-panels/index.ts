export { mountViewerChrome, ViewerChrome, chromeStyles, type MountedChrome } from './ViewerChrome.js';
export { ViewerContext, useViewer, useTranslate } from './ViewerContext.js';
export { PROGRESS_HIDE_PERCENT } from './feedback/ProgressBar.js';
export { FocalLengthOverlay } from './navigation/FocalLengthOverlay.js';
export { ViewCube } from './viewcube/ViewCube.js';
export { ViewCubeMenu, MENU_MIN_WIDTH_PX, MENU_ITEM_HEIGHT_PX, MENU_SEPARATOR_PX } from './viewcube/ViewCubeMenu.js';
export { RewindStrip } from './rewind/RewindStrip.js';
export { ResourceImage } from './ResourceImage.js';
