export { mountViewerChrome, ViewerChrome, chromeStyles, type MountedChrome } from './ViewerChrome.js';
export { ViewerContext, useViewer, useTranslate } from './ViewerContext.js';
export { PROGRESS_HIDE_PERCENT } from './feedback/ProgressBar.js';
export { FocalLengthOverlay } from './navigation/FocalLengthOverlay.js';
