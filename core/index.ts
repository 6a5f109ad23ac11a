/**
 * design-viewer's headless core: the Viewer and the model data it works on. No lit, no React.
 */
export { Viewer, type ViewerConfig, type LoadModelOptions, type ThemingColor } from './viewer/Viewer.js';
export { ViewerEventTarget, VIEWER_EVENT_NAMES, ProgressState, type ViewerEventMap, type ViewerEventName, type CameraSnapshot, type ModelSelection } from './viewer/ViewerEvents.js';
export { createViewerStores, type ViewerStores, type LoadingProgress } from './viewer/ViewerStores.js';
export { Logger, LogLevel, DEFAULT_LOG_LEVEL, parseLogLevel, type LogLevelValue } from './viewer/Logger.js';
export { ErrorCode, ERROR_CATALOGUE, getErrorInfo, errorCodeForHttpStatus, type ErrorCodeValue, type ErrorInfo } from './viewer/ErrorCodes.js';
export { ViewerError, type ErrorDetail } from './viewer/ViewerError.js';
export { Preferences, PREFERENCE_DEFINITIONS, parseBackgroundPreset, type PreferenceValue } from './viewer/Preferences.js';
export { Dialogs, DEFAULT_LOG_DELAY_MS, DIALOG_LABELS, type DialogKind, type DialogRequest, type LogEntry, type HudMessage } from './viewer/Dialogs.js';
export { ScreenMode, isScreenMode, type ScreenModeValue } from './viewer/ScreenModes.js';
export { resourceUrl, credentialsFor, crossOriginFor } from './viewer/resources.js';

export { Model, NO_PROPERTIES_MESSAGE } from './model/Model.js';
export { FragmentList, FragmentFlag } from './model/FragmentList.js';
export { InstanceTree } from './model/InstanceTree.js';
export { GeometryBatch } from './model/GeometryBatch.js';
export { PropertyDatabase } from './model/PropertyDatabase.js';
export { PropertyDatabaseBuilder } from './model/PropertyDatabaseBuilder.js';
export { AttributeType, AttributeFlags, type Property, type PropertyResult, type AttributeDefinition } from './model/PropertyTypes.js';
export * from './model/units.js';

export { Navigation, type LockSettings, type CameraState } from './camera/Navigation.js';
export type { CameraView } from './camera/CameraView.js';
export * from './camera/cameraConstants.js';

export { ToolController, CLICK_TOLERANCE_PX, DOUBLE_CLICK_MS } from './tools/ToolController.js';
export type { Tool, ToolPointerEvent, GestureInput } from './tools/Tool.js';

export { SelectionMode, type SelectionModeValue } from './selection/Selector.js';
export { NEGATIVE_SELECTION_MESSAGE } from './selection/ModelSelectionState.js';
export { DEFAULT_SELECTION_COLOR, type FrameStats } from './render/SceneRenderer.js';
export { FRAME_TIME_TARGETS } from './render/FrameBudget.js';
export type { HitResult } from './render/Picker.js';

export { LoaderRegistry, type ModelLoader, type ModelLoadRequest, type ModelLoadSink } from './loaders/LoaderRegistry.js';

export { SUPPORTED_LANGUAGES, normalizeLanguage } from './i18n/languages.js';
export { Translator } from './i18n/Translator.js';
