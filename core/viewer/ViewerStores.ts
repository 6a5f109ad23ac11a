import { atom, map, type MapStore, type WritableAtom } from 'nanostores';
import type { Layer } from '../layers/LayerManager.js';
import type { Model } from '../model/Model.js';
import type { CameraSnapshot, ModelSelection, ProgressStateValue } from './ViewerEvents.js';
import type { ErrorDetail } from './ViewerError.js';

export interface LoadingProgress {
  state: ProgressStateValue;
  percent: number;
  /** True while at least one model is still loading geometry. */
  isLoading: boolean;
}

/** The core's published state: one source of truth that panels subscribe to (ARCHITECTURE.md). */
export interface ViewerStores {
  $models: WritableAtom<readonly Model[]>;
  $selection: WritableAtom<readonly ModelSelection[]>;
  $camera: WritableAtom<CameraSnapshot | null>;
  $activeTool: WritableAtom<string>;
  $progress: WritableAtom<LoadingProgress>;
  $hidden: WritableAtom<number>;
  $preferences: MapStore<Record<string, unknown>>;
  $language: WritableAtom<string>;
  $lastError: WritableAtom<ErrorDetail | null>;
  $screenMode: WritableAtom<string>;
  $finalFrame: WritableAtom<boolean>;
  /** The loaded models' layers (empty when none has layers). */
  $layers: WritableAtom<readonly Layer[]>;
  /** The explode scale, 0..1. */
  $explodeScale: WritableAtom<number>;
  /** 2D mode (spec 001 §4): every model loaded is a 2D sheet. */
  $is2d: WritableAtom<boolean>;
  /** Spec 001 §4: the models' geometry is over the memory limit (config `memoryLimit`): ground shadow and reflection are off. */
  $memoryLimited: WritableAtom<boolean>;
}

/** Stores come from a factory so that two viewers on one page share nothing (STYLE.md). */
export function createViewerStores(): ViewerStores {
  return {
    $models: atom<readonly Model[]>([]),
    $selection: atom<readonly ModelSelection[]>([]),
    $camera: atom<CameraSnapshot | null>(null),
    $activeTool: atom(''),
    $progress: atom<LoadingProgress>({ state: 0, percent: 0, isLoading: false }),
    $hidden: atom(0),
    $preferences: map<Record<string, unknown>>({}),
    $language: atom('en'),
    $lastError: atom<ErrorDetail | null>(null),
    $screenMode: atom('normal'),
    $finalFrame: atom(true),
    $layers: atom<readonly Layer[]>([]),
    $explodeScale: atom(0),
    $is2d: atom(false),
    $memoryLimited: atom(false),
  };
}
