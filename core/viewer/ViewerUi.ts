import { atom, type ReadableAtom } from 'nanostores';

/** Spec 001 §2 "Toolbar": a button is active, inactive or disabled. */
export type ToolbarButtonState = 'active' | 'inactive' | 'disabled';

/** The toolbar's three groups (spec 001 §2), in the order they stand. */
export type ToolbarGroup = 'navigation' | 'model' | 'settings';

/** A toolbar button an extension adds. */
export interface ToolbarButtonSpec {
  /** Unique among the buttons; the chrome's `data-item`. */
  id: string;
  group: ToolbarGroup;
  /** Its place in the group: lower first (the built-ins use 10, 20, 30…). */
  order: number;
  /**
   * The tooltip and accessible name, in English: the chrome translates it (the key is the text). A store
   * when it changes with the state (the screen-mode button names the next mode).
   */
  label: string | ReadableAtom<string>;
  /** An icon the chrome draws ("explode", "section", "browser"…), or the URL of an image; or a store of one. */
  icon: string | ReadableAtom<string>;
  /** Spec 001 §2: hidden while the viewer is narrower than this (px). */
  hideBelow?: number;
  /** A toggle reports its state (aria-pressed); a plain action does not. */
  isToggle?: boolean;
  /** What the button shows; fixed 'inactive' when not given. */
  state?: ReadableAtom<ToolbarButtonState>;
  onClick(): void;
}

/** A docking panel an extension adds: the chrome draws its frame (title, close, move, resize). */
export interface PanelSpec {
  id: string;
  /** In English: the chrome translates it. */
  title: string;
  /**
   * Fills the panel's body, the first time it is shown (spec 001 §4: "content is built on first show");
   * returns its teardown. For any framework (or none).
   */
  render?(container: HTMLElement): (() => void) | void;
  /** Whether the panel can be shown now (e.g. the layers panel only for models that have layers). */
  isAvailable?: ReadableAtom<boolean>;
}

/**
 * Where an overlay sits on the canvas: a corner, above the toolbar (a tool's options), or `canvas`: the
 * whole canvas, under the toolbar and panels, for what is drawn at model points (measurements' labels).
 */
export type OverlaySlot = 'top-right' | 'bottom-left' | 'tool-options' | 'canvas';

/**
 * A widget an extension puts over the canvas, outside any panel: the orientation cube (top right), the
 * rewind strip (bottom left), a tool's options above the toolbar (the explode slider, the section controls).
 */
export interface OverlaySpec {
  id: string;
  slot: OverlaySlot;
  order: number;
  /** Fills the overlay's element; returns its teardown. For any framework (or none). */
  render?(container: HTMLElement): (() => void) | void;
  /** Shown now (e.g. a tool's options while the tool is active); always when not given. */
  isShown?: ReadableAtom<boolean>;
}

/** An item of the canvas's context menu (spec 001 §2 "Panels" 6). */
export interface ContextMenuItemSpec {
  id: string;
  /** In English: the chrome translates it. */
  label: string;
  order: number;
  /** Shown for the selection and the object under the pointer now; always when not given. */
  isShown?(): boolean;
  onSelect(): void;
}

/** A setting an extension adds to the settings panel: a switch for a boolean preference. */
export interface SettingSpec {
  id: string;
  tab: 'performance' | 'navigation' | 'appearance' | 'environment';
  /** The preference it sets (viewer.prefs). */
  preference: string;
  /** In English: the chrome translates it. */
  label: string;
  order: number;
}

/** Takes back what an add…() call added. */
export type Removal = () => void;

/**
 * What extensions add to the chrome, and which panels are open: toolbar buttons, docking panels,
 * overlays, context-menu items and settings, each as plain data in a store the chrome (react-panels/)
 * draws from. One per viewer; the core draws nothing itself. A panel or overlay without `render` is one
 * of the built-in chrome's own, drawn by the component it registered under the same id
 * (react-panels/<name>/); a third party's gives `render`, framework-free.
 */
export class ViewerUi {
  readonly $toolbarButtons = atom<readonly ToolbarButtonSpec[]>([]);
  readonly $panels = atom<readonly PanelSpec[]>([]);
  readonly $contextMenuItems = atom<readonly ContextMenuItemSpec[]>([]);
  readonly $settings = atom<readonly SettingSpec[]>([]);
  readonly $overlays = atom<readonly OverlaySpec[]>([]);
  /** Ids of the open panels, in stacking order (the last on top). */
  readonly $openPanels = atom<readonly string[]>([]);

  addToolbarButton(spec: ToolbarButtonSpec): Removal {
    return add(this.$toolbarButtons, spec);
  }

  addPanel(spec: PanelSpec): Removal {
    const remove = add(this.$panels, spec);
    return () => {
      this.closePanel(spec.id);
      remove();
    };
  }

  addContextMenuItem(spec: ContextMenuItemSpec): Removal {
    return add(this.$contextMenuItems, spec);
  }

  addSetting(spec: SettingSpec): Removal {
    return add(this.$settings, spec);
  }

  addOverlay(spec: OverlaySpec): Removal {
    return add(this.$overlays, spec);
  }

  isPanelOpen(id: string): boolean {
    return this.$openPanels.get().includes(id);
  }

  /** Opens a panel on top of the others (or brings it to the top); false for a panel nobody added. */
  openPanel(id: string): boolean {
    if (!this.$panels.get().some((panel) => panel.id === id)) return false;
    this.$openPanels.set([...this.$openPanels.get().filter((open) => open !== id), id]);
    return true;
  }

  closePanel(id: string): boolean {
    const open = this.$openPanels.get();
    if (!open.includes(id)) return false;
    this.$openPanels.set(open.filter((other) => other !== id));
    return true;
  }

  togglePanel(id: string): boolean {
    return this.isPanelOpen(id) ? this.closePanel(id) : this.openPanel(id);
  }
}

/** Adds an entry (replacing one of the same id), kept in order; returns its removal. */
function add<T extends { id: string; order?: number }>(store: ReturnType<typeof atom<readonly T[]>>, entry: T): Removal {
  const others = store.get().filter((other) => other.id !== entry.id);
  store.set([...others, entry].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)));
  return () => store.set(store.get().filter((other) => other !== entry));
}
