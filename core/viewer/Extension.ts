import type { Viewer } from './Viewer.js';
import type { ViewerState } from './ViewerState.js';

/**
 * A capability added to a viewer through its public API (ARCHITECTURE.md: "Extensions register tools,
 * panels and toolbar buttons through the same public API the host has"). Register the class once with
 * `Viewer.registerExtension(id, MyExtension)`, then `viewer.loadExtension(id, options)` makes one per viewer.
 *
 * Its life (spec 001 §4): registered → loaded (`load()` returned true) → unloaded (`unload()`).
 */
export class Extension {
  /** The id it was registered under; set when it is loaded. */
  id = '';
  /** Whether activate() turned its mode on. */
  protected activeMode: string | null = null;

  constructor(
    readonly viewer: Viewer,
    readonly options: Record<string, unknown> = {},
  ) {}

  /** Sets the extension up; false (or a rejection) means it failed to load. */
  load(): boolean | Promise<boolean> {
    return true;
  }

  /** Takes down what load() set up; false if it could not. */
  unload(): boolean {
    return true;
  }

  /** Turns a mode of the extension on (the default mode when none is given); false if it has none. */
  activate(mode?: string): boolean {
    this.activeMode = mode ?? 'default';
    return true;
  }

  deactivate(): boolean {
    this.activeMode = null;
    return true;
  }

  isActive(mode?: string): boolean {
    return mode === undefined ? this.activeMode !== null : this.activeMode === mode;
  }

  /** Adds the extension's own keys to a viewer state (spec 001 §3: "Extensions may add their own state"). */
  getState?(state: ViewerState): void;

  /** Restores the extension's keys of a state; false if they could not be. */
  restoreState?(state: ViewerState, immediate: boolean): boolean | void;
}

export type ExtensionClass = new (viewer: Viewer, options?: Record<string, unknown>) => Extension;
