import type { Layer } from '../layers/Layer.js';
import type { Model } from '../model/Model.js';
import type { MeasureChangeDetail } from '../extensions/measure/Measurement.js';
import type { GizmoDragDetail } from '../tools/GizmoDragDetail.js';
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

/** One event of the core: its detail's type (for the compiler) and one line for the docs. */
export interface ViewerEventDefinition<Detail> {
  /** What happened, and the detail's shape: the README's event table and the element's `@fires` lines. */
  readonly description: string;
  /** The detail's type, for the compiler only: never set. */
  readonly detail?: Detail;
}

const event = <Detail>(description: string): ViewerEventDefinition<Detail> => ({ description });

/**
 * Every event the core raises, by name, with its detail and description (API.md §1): the one list the
 * event map, the element's re-dispatch and `@fires` lines, the React wrapper's `on…` props and the README's
 * table come from (`npm run manifest` writes the docs; test/node/events.test.mjs checks them).
 */
export const VIEWER_EVENTS = {
  'viewer-ready': event<{ viewer: unknown }>('The viewer has started: `{ viewer }` (the core `Viewer`, also `element.viewer`).'),
  progress: event<{ state: ProgressStateValue; percent: number; model?: Model }>(
    'Loading or rendering progress: `{ state: 0 | 1 | 2, percent }` (ROOT_LOADED, LOADING, RENDERING).',
  ),
  'model-added': event<{ model: Model }>('A model was added: `{ model }`.'),
  'model-removed': event<{ model: Model }>('A model was removed: `{ model }`.'),
  'object-tree-created': event<{ model: Model }>("A model's object tree is known: `{ model }`."),
  'geometry-loaded': event<{ model: Model }>('All geometry of a model has arrived: `{ model }`.'),
  error: event<ErrorDetail>("A failure with the spec's code (1–13): `{ code, message, httpStatus? }`."),
  'selection-change': event<{ selections: ModelSelection[] }>('The selection changed: `{ selections: [{ model, dbIds, fragIds }] }`.'),
  'isolate-change': event<{ model: Model; dbIds: number[] }>('Objects were isolated: `{ model, dbIds }`.'),
  'hide-change': event<{ model: Model; dbIds: number[] }>('Objects were hidden: `{ model, dbIds }`.'),
  'show-change': event<{ model: Model; dbIds: number[] }>('Objects were shown: `{ model, dbIds }`.'),
  'camera-change': event<{ camera: CameraSnapshot }>('The camera moved: `{ camera }` (values rounded to 3 decimals).'),
  'tool-change': event<{ toolName: string; active: boolean }>('A tool was activated or deactivated: `{ toolName, active }`.'),
  'navigation-mode-change': event<{ mode: string }>('The navigation mode changed: `{ mode }`.'),
  'explode-change': event<{ scale: number }>('The explode scale changed: `{ scale }`.'),
  'cutplanes-change': event<{ planes: number[][] }>('The cut planes changed: `{ planes }`.'),
  'layer-visibility-change': event<{ layers: Layer[] }>('Layers (of 2D drawings, or of 3D files that have them) were shown or hidden: `{ layers }`.'),
  'screen-mode-change': event<{ mode: string }>('The screen mode changed: `{ mode }`.'),
  'preference-change': event<{ name: string; value: unknown }>('A preference changed: `{ name, value }`.'),
  'language-change': event<{ language: string }>('The UI language changed: `{ language }`.'),
  'extension-loaded': event<{ extensionId: string }>('An extension was loaded: `{ extensionId }`.'),
  'extension-unloaded': event<{ extensionId: string }>('An extension was unloaded: `{ extensionId }`.'),
  'final-frame-rendered-change': event<{ finalFrame: boolean }>('A complete frame was (or is no longer) on screen: `{ finalFrame }`.'),
  'control-change': event<{ userId: string; inControl: boolean }>('Live review: who holds the camera: `{ userId, inControl }`.'),
  'chat-message': event<{ from: string; msg: string }>('Live review: a chat message arrived: `{ from, msg }`.'),
  'measure-change': event<MeasureChangeDetail>(
    'Measurements changed (a pick, a completed or invalid measurement, units, precision, calibration, clear, restore): `{ measurements, mode, last, isCalibrationPending }`.',
  ),
  'gizmo-drag-start': event<GizmoDragDetail>("The transform gizmo's drag started: `{ mode, axis, model, dbIds, matrix }`."),
  'gizmo-drag-move': event<GizmoDragDetail>('The transform gizmo moved, turned or scaled the selection: `{ mode, axis, model, dbIds, matrix }`.'),
  'gizmo-drag-end': event<GizmoDragDetail>("The transform gizmo's drag ended: `{ mode, axis, model, dbIds, matrix }`."),
};

export type ViewerEventName = keyof typeof VIEWER_EVENTS;

/** Every event the core raises, with its detail. The element re-dispatches each by name. */
export type ViewerEventMap = {
  [K in ViewerEventName]: (typeof VIEWER_EVENTS)[K] extends ViewerEventDefinition<infer Detail> ? Detail : never;
};

/** The names of every core event, for bridges that forward them all. */
export const VIEWER_EVENT_NAMES = Object.keys(VIEWER_EVENTS) as readonly ViewerEventName[];

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
