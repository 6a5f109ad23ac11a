import type { Box3, Ray } from 'three';
import type { Navigation } from '../camera/Navigation.js';
import type { Model } from '../model/Model.js';
import type { HitResult } from '../render/Picker.js';
import type { PivotSphere } from '../render/PivotSphere.js';
import type { SceneRenderer } from '../render/SceneRenderer.js';
import type { SelectionModeValue } from '../selection/Selector.js';
import type { ToolController } from '../tools/ToolController.js';
import type { Logger } from './Logger.js';
import type { Preferences } from './Preferences.js';
import type { ResourceLocator, ResourceRequest } from './resources.js';
import type { ModelSelection, ViewerEventTarget } from './ViewerEvents.js';

/**
 * The small interfaces the viewer's parts take instead of the whole Viewer (ARCHITECTURE.md: "a small
 * kernel, narrow ports"). A part declares the ports it needs, as an intersection, in its own file; the
 * Viewer has them all. Each port is a few members of one concern.
 */

/** Asks for a frame. */
export interface RedrawPort {
  invalidate(): void;
}

/** The camera and the moves on it. */
export interface CameraPort {
  readonly navigation: Navigation;
}

/** The canvas and the element it sits in. */
export interface CanvasPort {
  readonly canvas: HTMLCanvasElement;
  readonly container: HTMLElement;
}

/** Files of res/: cursors, textures. */
export interface ResourcesPort {
  readonly resources: ResourceLocator;
  getResource(path: string): ResourceRequest;
}

export interface PreferencesPort {
  readonly prefs: Preferences;
}

/** The light presets' environment maps (PresetEnvironments). */
export interface EnvironmentsPort {
  readonly environments: { settled(): Promise<void> };
}

export interface LoggerPort {
  readonly logger: Logger;
}

/** The viewer's events: listen to them and raise them. */
export type EventsPort = Pick<ViewerEventTarget, 'addEventListener' | 'removeEventListener' | 'emit'>;

/** What lies under a point of the canvas. */
export interface PickPort {
  hitTestCanvas(x: number, y: number): HitResult | null;
  rayFromCanvas(x: number, y: number): Ray;
}

export interface SelectionPort {
  select(dbIds: number | readonly number[] | null | undefined, model?: Model | readonly Model[], mode?: SelectionModeValue): void;
  toggleSelect(dbId: number, model?: Model): void;
  clearSelection(): void;
  getAggregateSelection(): ModelSelection[];
}

/** The renderer (null before the viewer starts and after it finishes): its overlay scene, its GPU state. */
export interface ScenePort {
  readonly renderContext: SceneRenderer | null;
}

/** The loaded models and their bounds. */
export interface ModelsPort {
  getVisibleModels(): Model[];
  /** The box of every visible fragment, in real coordinates. */
  getVisibleBounds(): Box3;
}

/** Per-fragment flags or transforms changed (visibility, selection, moves): redraw them. */
export interface StatePort {
  markStateChanged(): void;
}

export interface ToolsPort {
  readonly toolController: ToolController;
}

/** The pivot sphere tools show while they navigate. */
export interface PivotPort {
  readonly pivotSphere: PivotSphere;
}

/** Framing and the home view. */
export interface ViewsPort {
  fitToView(dbIds?: readonly number[] | null, model?: Model | null, immediate?: boolean): Promise<boolean>;
  goHome(immediate?: boolean): Promise<boolean>;
}
