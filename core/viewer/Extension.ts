import type { Viewer } from './Viewer.js';
import type { ViewerState } from './ViewerState.js';
import type { ContextMenuItemSpec, OverlaySpec, PanelSpec, Removal, SettingSpec, ToolbarButtonSpec } from './ViewerUi.js';

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
  /** What it added to the chrome, taken back when it unloads. */
  private readonly removals: Removal[] = [];

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

  /** Adds a toolbar button (into a group, with an order); it goes when the extension unloads. */
  protected addToolbarButton(spec: ToolbarButtonSpec): Removal {
    return this.keep(this.viewer.ui.addToolbarButton(spec));
  }

  /** Adds a docking panel; it closes and goes when the extension unloads. */
  protected addPanel(spec: PanelSpec): Removal {
    return this.keep(this.viewer.ui.addPanel(spec));
  }

  /** Adds an item to the canvas's context menu; it goes when the extension unloads. */
  protected addContextMenuItem(spec: ContextMenuItemSpec): Removal {
    return this.keep(this.viewer.ui.addContextMenuItem(spec));
  }

  /** Adds a setting to the settings panel; it goes when the extension unloads. */
  protected addSetting(spec: SettingSpec): Removal {
    return this.keep(this.viewer.ui.addSetting(spec));
  }

  /** Puts a widget over the canvas (a corner, or above the toolbar); it goes when the extension unloads. */
  protected addOverlay(spec: OverlaySpec): Removal {
    return this.keep(this.viewer.ui.addOverlay(spec));
  }

  /** Takes back everything the extension added to the chrome (the viewer calls it after unload()). */
  removeContributions(): void {
    for (const remove of this.removals.splice(0).reverse()) remove();
  }

  private keep(removal: Removal): Removal {
    this.removals.push(removal);
    return removal;
  }

  /** Adds the extension's own keys to a viewer state (spec 001 §3: "Extensions may add their own state"). */
  getState?(state: ViewerState): void;

  /** Restores the extension's keys of a state; false if they could not be. */
  restoreState?(state: ViewerState, immediate: boolean): boolean | void;
}

export type ExtensionClass = new (viewer: Viewer, options?: Record<string, unknown>) => Extension;
