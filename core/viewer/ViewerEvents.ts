import type { Layer } from '../layers/LayerManager.js';
import type { Model } from '../model/Model.js';
import type { GizmoDragDetail } from '../tools/TransformGizmoTool.js';
import type { ErrorDetail } from './ViewerError.js';

/** Spec 001 §4: progress states. */
export const ProgressState = {
  ROOT_LOADED: 0,
  LOADING: 1,
  RENDERING: 2,
} as const;
export type ProgressStateValue = (typeof ProgressState)[keyof typeof ProgressState];

/** Camera values as events report them: plain numbers rounded to 3 decimals (spec 000 §5). */
export interface CameraSnapshot {
  position: { x: number; y: number; z: number };
  target: { x: number; y: number; z: number };
  up: { x: number; y: number; z: number };
  pivot: { x: number; y: number; z: number };
  fov: number;
  aspect: number;
  orthoScale: number;
  isPerspective: boolean;
}

export interface ModelSelection {
  model: Model;
  dbIds: number[];
  fragIds: number[];
}

/** Every event the core raises, with its detail (API.md §1). The element re-dispatches each by name. */
export interface ViewerEventMap {
  'viewer-ready': { viewer: unknown };
  progress: { state: ProgressStateValue; percent: number; model?: Model };
  'model-added': { model: Model };
  'model-removed': { model: Model };
  'object-tree-created': { model: Model };
  'geometry-loaded': { model: Model };
  error: ErrorDetail;
  'selection-change': { selections: ModelSelection[] };
  'isolate-change': { model: Model; dbIds: number[] };
  'hide-change': { model: Model; dbIds: number[] };
  'show-change': { model: Model; dbIds: number[] };
  'camera-change': { camera: CameraSnapshot };
  'tool-change': { toolName: string; active: boolean };
  'navigation-mode-change': { mode: string };
  'explode-change': { scale: number };
  'cutplanes-change': { planes: number[][] };
  'layer-visibility-change': { layers: Layer[] };
  'screen-mode-change': { mode: string };
  'preference-change': { name: string; value: unknown };
  'language-change': { language: string };
  'extension-loaded': { extensionId: string };
  'extension-unloaded': { extensionId: string };
  'final-frame-rendered-change': { finalFrame: boolean };
  'control-change': { userId: string; inControl: boolean };
  'chat-message': { from: string; msg: string };
  'gizmo-drag-start': GizmoDragDetail;
  'gizmo-drag-move': GizmoDragDetail;
  'gizmo-drag-end': GizmoDragDetail;
}

export type ViewerEventName = keyof ViewerEventMap;

/** The names of every core event, for bridges that forward them all. */
export const VIEWER_EVENT_NAMES: readonly ViewerEventName[] = [
  'viewer-ready',
  'progress',
  'model-added',
  'model-removed',
  'object-tree-created',
  'geometry-loaded',
  'error',
  'selection-change',
  'isolate-change',
  'hide-change',
  'show-change',
  'camera-change',
  'tool-change',
  'navigation-mode-change',
  'explode-change',
  'cutplanes-change',
  'layer-visibility-change',
  'screen-mode-change',
  'preference-change',
  'language-change',
  'extension-loaded',
  'extension-unloaded',
  'final-frame-rendered-change',
  'control-change',
  'chat-message',
  'gizmo-drag-start',
  'gizmo-drag-move',
  'gizmo-drag-end',
];

export type ViewerEventListener<K extends ViewerEventName> = (event: CustomEvent<ViewerEventMap[K]>) => void;

/**
 * An EventTarget whose events are `CustomEvent`s with a typed `detail`, the same shape the element
 * dispatches, so host code reads `event.detail` whether it listens on the element or on the viewer.
 */
export class ViewerEventTarget extends EventTarget {
  override addEventListener<K extends ViewerEventName>(
    type: K,
    listener: ViewerEventListener<K> | null,
    options?: boolean | AddEventListenerOptions,
  ): void;
  override addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ): void;
  override addEventListener(type: string, listener: unknown, options?: boolean | AddEventListenerOptions): void {
    super.addEventListener(type, listener as EventListenerOrEventListenerObject | null, options);
  }

  override removeEventListener<K extends ViewerEventName>(
    type: K,
    listener: ViewerEventListener<K> | null,
    options?: boolean | EventListenerOptions,
  ): void;
  override removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ): void;
  override removeEventListener(type: string, listener: unknown, options?: boolean | EventListenerOptions): void {
    super.removeEventListener(type, listener as EventListenerOrEventListenerObject | null, options);
  }

  /** Raises an event; a listener that throws is reported and does not stop the others. */
  emit<K extends ViewerEventName>(type: K, detail: ViewerEventMap[K]): void {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
