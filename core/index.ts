import { registerBuiltInExtensions } from './extensions/builtInExtensions.js';
/**
 * design-viewer's headless core: what a host needs (API.md §2) — the Viewer, the model data it works on,
 * the types of its methods, events, config and state, the error codes and the spec's constants and messages
 * a host can see. No lit, no React, and nothing only the chrome uses: the chrome's own sizes and steps live
 * next to its components in react-panels/. Every name is listed here (no `export *`); `npm run api-report`
 * writes them to api-report.md, and test/node/apiReport.test.mjs fails when that file is stale.
 */

// The viewer: config, events, state, preferences, extensions, logging, errors.
export { Viewer } from './viewer/Viewer.js';
export type { ViewerConfig, LoadModelOptions } from './viewer/ViewerConfig.js';
export {
  VIEWER_EVENTS,
  VIEWER_EVENT_NAMES,
  ProgressState,
  type ViewerEventDefinition,
  type ViewerEventMap,
  type ViewerEventName,
  type CameraSnapshot,
  type ModelSelection,
} from './viewer/ViewerEvents.js';
export type { ViewerStores, LoadingProgress } from './viewer/ViewerStores.js';
export { Logger, LogLevel, DEFAULT_LOG_LEVEL, parseLogLevel, type LogLevelValue } from './viewer/Logger.js';
export { ErrorCode, ERROR_CATALOGUE, getErrorInfo, errorCodeForHttpStatus, type ErrorCodeValue, type ErrorInfo } from './viewer/ErrorCodes.js';
export { ViewerError, type ErrorDetail } from './viewer/ViewerError.js';
export { PREFERENCE_DEFINITIONS, parseBackgroundPreset, type Preferences, type PreferenceValue } from './viewer/Preferences.js';
export { DEFAULT_LOG_DELAY_MS, type Dialogs, type DialogKind, type DialogRequest, type LogEntry, type HudMessage } from './viewer/Dialogs.js';
export type { ResourceRequest } from './viewer/resources.js';
export { SCREEN_MODES, type ScreenMode } from './viewer/ScreenModes.js';
export { Extension, type ExtensionClass } from './viewer/Extension.js';
export { EXTENSION_NOT_FOUND, EXTENSION_FAILED, EXTENSION_NOT_LOADED, type RunningExtension, type RunningExtensionClass } from './viewer/LoadedExtensions.js';
export {
  ViewerUi,
  type ContextMenuItemSpec,
  type OverlaySlot,
  type OverlaySpec,
  type PanelSpec,
  type Removal,
  type SettingSpec,
  type ToolbarButtonSpec,
  type ToolbarButtonState,
  type ToolbarGroup,
} from './viewer/ViewerUi.js';
export {
  STATE_COMPARISON_TOLERANCE,
  NO_STATE_MESSAGE,
  NO_MODEL_MESSAGE,
  ORTHO_SCALE_MESSAGE,
  areStatesEqual,
  type ViewerState,
  type ObjectSetState,
  type ViewportState,
  type RenderOptionsState,
  type StateContributor,
} from './viewer/ViewerState.js';
export { USAGE_EVENTS, USAGE_REPORT_INTERVAL_MS, type UsageEventName, type UsageReport, type UsageCallback } from './viewer/UsageTracker.js';

// Models: objects by dbId and fragId, their tree, properties and units.
export { Model, NO_PROPERTIES_MESSAGE, PROPERTIES_MODEL_GONE, SEARCH_MODEL_GONE, OBJECT_TREE_MODEL_GONE } from './model/Model.js';
export { TOPOLOGY_LIMIT_MB, TOPOLOGY_LIMIT_MOBILE_MB, type TopologyResult, type TopologySource } from './model/ModelTopology.js';
export { FragmentFlag, type FragmentList } from './model/FragmentList.js';
export type { InstanceTree } from './model/InstanceTree.js';
export { AttributeType, AttributeFlags, type Property, type PropertyResult, type AttributeDefinition } from './model/PropertyTypes.js';
export { UNIT_SCALE_TO_METERS, convertUnits, type UnitSymbol } from './model/units.js';

// Layers of 2D drawings (and of 3D files that have them).
export { INITIAL_LAYER_STATE, type LayerManager, type Layer, type LayerRoot, type LayerState, type LayerAddress } from './layers/LayerManager.js';

// Camera and navigation.
export type { Navigation, LockSettings, CameraState, NavigationAction, TransitionOptions } from './camera/Navigation.js';
export type { CameraView } from './camera/CameraView.js';
export { DEFAULT_FOV, MIN_FOV, MAX_FOV, CAMERA_DECIMALS, FOCAL_LENGTH_SCALE, focalLengthOf, fovOfFocalLength } from './camera/cameraConstants.js';
export { VIEW_CUBE_FACES, VIEW_CUBE_TARGETS, type ViewCubeFace, type ViewCubeArrow } from './camera/ViewCubeViews.js';
export { VIEWER_INTERNAL_ERROR, type ProjectionMode } from './camera/ViewCubeController.js';

// Tools: the controller's stack, and what a host's tool implements.
export { CLICK_TOLERANCE_PX, DOUBLE_CLICK_MS, type ToolController } from './tools/ToolController.js';
export type { Tool, ToolPointerEvent, GestureInput } from './tools/Tool.js';
export { GESTURE_DEFAULTS, GESTURE_RECOGNIZERS } from './tools/GestureRecognizer.js';
export type { TransformGizmoTool, GizmoMode, GizmoDragDetail } from './tools/TransformGizmoTool.js';
export { SectionTool, type SectionAxis, type SectionPlacement } from './extensions/section/SectionTool.js';
export { EXPLODE_MIN, EXPLODE_MAX } from './tools/Explode.js';

// Selection, hit testing and rendering.
export { SelectionMode, type SelectionModeValue } from './selection/Selector.js';
export { NEGATIVE_SELECTION_MESSAGE } from './selection/ModelSelectionState.js';
export { DEFAULT_SELECTION_COLOR, EXPOSURE_BIAS_MAX, type FrameStats, TONE_MAP_METHODS } from './render/SceneRenderer.js';
export { LIGHT_INTENSITY_MAX, LIGHT_INTENSITY_MIN } from './render/SceneLighting.js';
export { LIGHT_PRESETS, type LightPreset } from './render/lightPresets.js';
export { AO_INTENSITY_DEFAULT, AO_INTENSITY_MAX, AO_RADIUS_MAX } from './render/effects/AmbientOcclusion.js';
export { GROUND_ALPHA_MAX } from './render/effects/FrameEffects.js';
export { POST_PROCESS_BOUNDS, POST_PROCESS_DEFAULTS, POST_PROCESS_STYLES, type PostProcessSettings, type PostProcessStyle } from './render/effects/ScreenStyle.js';
export { FRAME_RATE_MAX, FRAME_RATE_MIN } from './render/FrameBudget.js';
export { MAX_SCREENSHOT_SIZE } from './viewer/ViewerRenderingApi.js';
export type { HitResult } from './render/Picker.js';
export type { CutPlane } from './render/CutPlanes.js';
export type { ThemingColor } from './visibility/themingColor.js';

// Loading: files, documents (bubbles), endpoints and tokens.
export { UNSUPPORTED_EXTENSION_MESSAGE } from './loaders/LoaderRegistry.js';
export { LOAD_CANCELLED_MESSAGE } from './loaders/loadCancellation.js';
export { Document, isUrn, isDocumentSource, MALICIOUS_MANIFEST_MESSAGE, NO_VIEWABLE_CONTENT_MESSAGE, type DocumentLoadOptions, type TranslationStatus } from './loaders/documents/Document.js';
export { BubbleNode, DEFAULT_LEAFLET_TILE_SIZE, type BubbleNodeData, type BubbleQuery, type LeafletParams } from './loaders/documents/BubbleNode.js';
export { selectViewable, listOpenableItems } from './loaders/documents/selectViewable.js';
export type { Endpoint, EndpointOptions, Authorization } from './loaders/endpoints/Endpoint.js';
export { TOKEN_REFRESH_MARGIN_S, NO_ACCESS_TOKEN_MESSAGE, type AccessTokenProvider, type AccessTokenOptions } from './loaders/endpoints/AccessToken.js';
export { COOKIE_FALLBACK_MESSAGE } from './loaders/endpoints/TokenCookie.js';
export { ENVIRONMENTS, DEFAULT_ENVIRONMENT, DEFAULT_API, API_FLAVORS, type ApiFlavor, type EnvironmentConfig } from './loaders/endpoints/Environments.js';

// Languages.
export { SUPPORTED_LANGUAGES, normalizeLanguage } from './i18n/languages.js';
export { LANGUAGE_CHOICE_KEY, storeLanguageChoice } from './i18n/languageChoice.js';

// The built-in features are extensions: registered as the library loads, loaded by the chrome.
export { BUILT_IN_EXTENSION_IDS, type BuiltInExtensionId } from './extensions/builtInExtensions.js';
export { panelButtonState, panelToggleButton, type PanelButton } from './extensions/panelButtonState.js';
export { ToolExtension, type ToolExtensionButton } from './extensions/ToolExtension.js';
export { toggleTool, toolButtonState, toolToggleButton, type ToolButton, type ToolButtonState } from './extensions/toolButtonState.js';
export type { RewindExtension } from './extensions/rewind/RewindExtension.js';
export { ContextMenuExtension, type ContextMenuRequest } from './extensions/contextmenu/ContextMenuExtension.js';
export { CollaborateExtension, COLLABORATE_PANEL_ID, INVITE_MAIL_SUBJECT, REVIEW_QUERY_PARAMETER, type CollaborateOptions, type ReviewPhase } from './extensions/collaborate/CollaborateExtension.js';
export { ReviewClient, CONNECT_FAILED_TEXT, type ReviewConnectionStatus } from './collab/ReviewClient.js';
export { POINTER_MARKER_OFFSET_PX, POINTER_MARKER_SIZE_PX, type SharedPointer } from './collab/PointerSync.js';
export { CALL_TEXTS, type CallStatus } from './collab/PeerCall.js';
export { SHARED_STATE_FILTER } from './collab/StateSync.js';
export type { ReviewRole } from './collab/CameraSync.js';
export { channelOf, isRoomId, newRoomId, chatDisplayName, type ChatEntry, type ReviewUser } from './collab/reviewProtocol.js';
export type { MeasureExtension, FormattedResults } from './extensions/measure/MeasureExtension.js';
export type { ObjectDimensions, ObjectQuantity } from './extensions/measure/objectMeasures.js';
export type { DimensionsText } from './extensions/measure/dimensionsText.js';
export { MEASURE_MODES, MeasurementType, MeasurementProblem, type Measurement, type MeasureMode, type MeasurePick, type MeasurementResults, type MeasurementTypeValue, type MeasureChangeDetail } from './extensions/measure/Measurement.js';
export { SnapGeometry, SNAP_DETECT_RADIUS_PX, SNAP_DETECT_RADIUS_TOUCH_PX, type SnapGeometryValue, type SnapResult } from './extensions/measure/Snapper.js';
export { DISPLAY_UNITS, DEFAULT_DISPLAY_PRECISION, MAX_DISPLAY_PRECISION, type DisplayUnit } from './model/unitFormat.js';
registerBuiltInExtensions();
