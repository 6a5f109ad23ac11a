/**
 * design-viewer's headless core: the Viewer and the model data it works on. No lit, no React.
 */
export { Viewer } from './viewer/Viewer.js';
export type { ViewerConfig, LoadModelOptions } from './viewer/ViewerConfig.js';
export type { ThemingColor } from './visibility/themingColor.js';
export { LayerManager, LAYER_BATCH_NODES, INITIAL_LAYER_STATE, type Layer, type LayerRoot, type LayerState, type LayerAddress } from './layers/LayerManager.js';
export { layerIndexArray, type LayerInfo, type ModelLayerData } from './model/ModelLayers.js';
export { ViewerEventTarget, VIEWER_EVENTS, VIEWER_EVENT_NAMES, ProgressState, type ViewerEventDefinition, type ViewerEventMap, type ViewerEventName, type CameraSnapshot, type ModelSelection } from './viewer/ViewerEvents.js';
export { createViewerStores, type ViewerStores, type LoadingProgress } from './viewer/ViewerStores.js';
export { Logger, LogLevel, DEFAULT_LOG_LEVEL, parseLogLevel, type LogLevelValue } from './viewer/Logger.js';
export { ErrorCode, ERROR_CATALOGUE, getErrorInfo, errorCodeForHttpStatus, type ErrorCodeValue, type ErrorInfo } from './viewer/ErrorCodes.js';
export { ViewerError, type ErrorDetail } from './viewer/ViewerError.js';
export { Preferences, PREFERENCE_DEFINITIONS, parseBackgroundPreset, type PreferenceValue } from './viewer/Preferences.js';
export { Dialogs, DEFAULT_LOG_DELAY_MS, DIALOG_LABELS, type DialogKind, type DialogRequest, type LogEntry, type HudMessage } from './viewer/Dialogs.js';
export { resourceUrl, credentialsFor, crossOriginFor, resourceRequest, type ResourceRequest } from './viewer/resources.js';
export { ScreenModes, SCREEN_MODES, type ScreenMode } from './viewer/ScreenModes.js';
export { Extension, type ExtensionClass } from './viewer/Extension.js';
export { EXTENSION_NOT_FOUND, EXTENSION_FAILED, EXTENSION_NOT_LOADED } from './viewer/LoadedExtensions.js';
export {
  STATE_COMPARISON_TOLERANCE,
  NO_STATE_MESSAGE,
  NO_MODEL_MESSAGE,
  ORTHO_SCALE_MESSAGE,
  areStatesEqual,
  applyStateFilter,
  ambientOcclusionDefaults,
  type ViewerState,
  type ObjectSetState,
  type ViewportState,
  type RenderOptionsState,
  type StateContributor,
} from './viewer/ViewerState.js';
export { UsageTracker, USAGE_EVENTS, USAGE_REPORT_INTERVAL_MS, type UsageEventName, type UsageReport, type UsageCallback } from './viewer/UsageTracker.js';

export { Model, NO_PROPERTIES_MESSAGE, PROPERTIES_MODEL_GONE, SEARCH_MODEL_GONE, OBJECT_TREE_MODEL_GONE } from './model/Model.js';
export { TOPOLOGY_LIMIT_MB, TOPOLOGY_LIMIT_MOBILE_MB, topologyLimitMB, type TopologyResult, type TopologySource } from './model/ModelTopology.js';
export { FragmentList, FragmentFlag } from './model/FragmentList.js';
export { InstanceTree } from './model/InstanceTree.js';
export { GeometryBatch } from './model/GeometryBatch.js';
export { PropertyDatabase } from './model/PropertyDatabase.js';
export { PropertyDatabaseBuilder } from './model/PropertyDatabaseBuilder.js';
export { AttributeType, AttributeFlags, type Property, type PropertyResult, type AttributeDefinition } from './model/PropertyTypes.js';
export * from './model/units.js';

export { Navigation, type LockSettings, type CameraState, type NavigationAction, type TransitionOptions } from './camera/Navigation.js';
export type { CameraView } from './camera/CameraView.js';
export { ViewTransition, easeClamped, DEFAULT_TRANSITION_MS } from './camera/ViewTransition.js';
export * from './camera/cameraConstants.js';
export * from './camera/ViewCubeViews.js';
export {
  ViewCubeController,
  VIEW_CUBE_FOV,
  VIEW_CUBE_SIZE,
  VIEW_CUBE_INACTIVE_OPACITY,
  VIEW_CUBE_HOVER_HIGHLIGHT,
  DEFAULT_VIEW_CUBE_ANIMATION_MS,
  VIEWER_INTERNAL_ERROR,
  type ProjectionMode,
  type ViewCubeOptions,
  type ViewCubeState,
} from './camera/ViewCubeController.js';
export { ViewHistory, REWIND_HISTORY_MAX, REWIND_THUMBNAIL_SIZE, REWIND_THUMBNAIL_GAP, REWIND_PITCH, type HistoryElement, type ThumbnailBounds } from './camera/ViewHistory.js';
export { RewindTimeline, REWIND_SNAP_PX, REWIND_SNAP_HOLD_PX, VIEW_SETTLE_MS, type RewindState } from './camera/RewindTimeline.js';

export { ToolController, CLICK_TOLERANCE_PX, DOUBLE_CLICK_MS, MOVE_DELAY_MS, INTERACTION_PRIORITY, type InteractionSource } from './tools/ToolController.js';
export type { Tool, ToolPointerEvent, GestureInput } from './tools/Tool.js';
export { GESTURE_DEFAULTS, GESTURE_RECOGNIZERS } from './tools/GestureRecognizer.js';
export { OrbitDollyPanTool, ORBIT_MULTIPLIER, KEYBOARD_PAN_SPEED } from './tools/OrbitDollyPanTool.js';
export { FovTool, FOV_WHEEL_WINDOW_MS, FOV_WHEEL_MIN_STEP } from './tools/FovTool.js';
export { WorldUpTool, ROLL_SNAP_DEGREES, ROLL_RELEASE_DEGREES, ROLL_RING_MIN_SIZE, ROLL_RING_MAX_SIZE, ROLL_RING_DEFAULT_SIZE } from './tools/WorldUpTool.js';
export * from './tools/WalkTool.js';
export { ZoomWindowTool, ZOOM_WINDOW_CROSS_MAX_PX } from './tools/ZoomWindowTool.js';
export { TransformGizmoTool, GIZMO_SCALE_DIVISOR, DEFAULT_ROTATION_SNAP, DEFAULT_ROTATION_SNAP_DELTA, type GizmoMode, type GizmoDragDetail } from './tools/TransformGizmoTool.js';
export { GIZMO_CENTER_TEXTURE, GIZMO_CARDINAL_TEXTURE } from './render/GizmoMarkers.js';
export { toolCursor, type ToolCursorName } from './tools/toolCursors.js';
export { PivotSphere, PIVOT_FADE_MS, PIVOT_RADIUS_PX } from './render/PivotSphere.js';
export { ROLL_AXES } from './render/RollRing.js';

export { SelectionMode, type SelectionModeValue } from './selection/Selector.js';
export { NEGATIVE_SELECTION_MESSAGE } from './selection/ModelSelectionState.js';
export { DEFAULT_SELECTION_COLOR, type FrameStats } from './render/SceneRenderer.js';
export { LIGHT_PRESETS, type LightPreset } from './render/lightPresets.js';
export { FRAME_TIME_TARGETS } from './render/FrameBudget.js';
export type { HitResult } from './render/Picker.js';
export { readCutPlane, type CutPlane } from './render/CutPlanes.js';
export { Explode, EXPLODE_MIN, EXPLODE_MAX, EXPLODE_STEP } from './tools/Explode.js';
export { ExplodeTool } from './tools/ExplodeTool.js';
export { SectionTool, SECTION_POSITION_STEP, type SectionAxis, type SectionPlacement } from './tools/SectionTool.js';
export { explodeOffsets, explodeLayout, EXPLODE_MAGNITUDE, type ExplodeLayout } from './model/explodeOffsets.js';

export { LoaderRegistry, UNSUPPORTED_EXTENSION_MESSAGE, type ModelLoader, type ModelLoadRequest, type ModelLoadSink } from './loaders/LoaderRegistry.js';
export { LOAD_CANCELLED_MESSAGE } from './loaders/loadCancellation.js';
export { FORMAT_SIGNATURES, type FormatSignature } from './loaders/sniffing/formatSignatures.js';

export { SUPPORTED_LANGUAGES, normalizeLanguage } from './i18n/languages.js';
export { LANGUAGE_CHOICE_KEY, readLanguageChoice, storeLanguageChoice } from './i18n/languageChoice.js';
export { Translator } from './i18n/Translator.js';

export { Document, isUrn, isDocumentSource, MALICIOUS_MANIFEST_MESSAGE, NO_VIEWABLE_CONTENT_MESSAGE, type DocumentLoadOptions, type TranslationStatus } from './loaders/documents/Document.js';
export { BubbleNode, DEFAULT_LEAFLET_TILE_SIZE, type BubbleNodeData, type BubbleQuery, type LeafletParams } from './loaders/documents/BubbleNode.js';
export { selectViewable, listOpenableItems } from './loaders/documents/selectViewable.js';
export { Endpoint, type EndpointOptions, type Authorization } from './loaders/endpoints/Endpoint.js';
export { AccessToken, TOKEN_REFRESH_MARGIN_S, NO_ACCESS_TOKEN_MESSAGE, type AccessTokenProvider, type AccessTokenOptions } from './loaders/endpoints/AccessToken.js';
export { COOKIE_FALLBACK_MESSAGE } from './loaders/endpoints/TokenCookie.js';
export { ENVIRONMENTS, DEFAULT_ENVIRONMENT, DEFAULT_API, API_FLAVORS, chooseEnvironment, type ApiFlavor, type EnvironmentConfig } from './loaders/endpoints/Environments.js';
