import type { MapStore } from 'nanostores';
import type { Logger } from './Logger.js';

export type PreferenceValue = boolean | number | string | null | unknown[];

/** Tags a preference can carry: `no-storage` keeps it out of localStorage; others group resets. */
export interface PreferenceDefinition {
  name: string;
  defaultValue: PreferenceValue;
  /** Value on mobile devices (spec 001 §9 "Mobile defaults"). */
  mobileDefault?: PreferenceValue;
  /** Value under the "performance" quality (a weak device, or the host's choice): the costly effects off. */
  performanceDefault?: PreferenceValue;
  tags: readonly string[];
}

/** Spec 001 §3 "Preferences": every preference of the spec (and the 2D drawings' `lineWeights`), with its default and tags. */
export const PREFERENCE_DEFINITIONS: readonly PreferenceDefinition[] = [
  { name: 'ambientShadows', defaultValue: true, performanceDefault: false, tags: ['3d', 'rendering'] },
  { name: 'antialiasing', defaultValue: true, mobileDefault: false, performanceDefault: false, tags: ['3d', 'rendering'] },
  { name: 'groundShadow', defaultValue: true, performanceDefault: false, tags: ['3d', 'rendering'] },
  { name: 'groundReflection', defaultValue: false, tags: ['3d', 'rendering'] },
  { name: 'progressiveRendering', defaultValue: true, tags: ['2d', '3d', 'rendering'] },
  { name: 'renderCache', defaultValue: true, tags: ['3d', 'rendering'] },
  { name: 'swapBlackAndWhite', defaultValue: false, tags: ['2d', 'rendering'] },
  { name: 'openPropertiesOnSelect', defaultValue: false, tags: ['2d', '3d', 'ui'] },
  { name: 'ghosting', defaultValue: true, tags: ['3d', 'rendering'] },
  { name: 'viewCube', defaultValue: true, mobileDefault: false, tags: ['3d', 'ui'] },
  { name: 'lineRendering', defaultValue: true, tags: ['3d', 'rendering'] },
  { name: 'pointRendering', defaultValue: true, tags: ['3d', 'rendering'] },
  { name: 'edgeRendering', defaultValue: false, tags: ['3d', 'rendering'] },
  { name: 'lightPreset', defaultValue: 0, tags: ['3d', 'rendering'] },
  { name: 'backgroundColorPreset', defaultValue: null, tags: ['3d', 'rendering'] },
  { name: 'reverseMouseZoomDir', defaultValue: false, tags: ['2d', '3d', 'navigation'] },
  { name: 'reverseHorizontalLookDirection', defaultValue: false, tags: ['3d', 'navigation'] },
  { name: 'reverseVerticalLookDirection', defaultValue: false, tags: ['3d', 'navigation'] },
  { name: 'alwaysUsePivot', defaultValue: false, tags: ['3d', 'navigation'] },
  { name: 'zoomTowardsPivot', defaultValue: false, tags: ['3d', 'navigation'] },
  { name: 'orbitPastWorldPoles', defaultValue: true, tags: ['3d', 'navigation'] },
  { name: 'leftHandedMouseSetup', defaultValue: false, tags: ['2d', '3d', 'navigation'] },
  { name: 'clickToSetCOI', defaultValue: false, tags: ['3d', 'navigation'] },
  { name: 'optimizeNavigation', defaultValue: false, mobileDefault: true, tags: ['3d', 'rendering'] },
  { name: 'fusionOrbit', defaultValue: true, tags: ['3d', 'navigation'] },
  { name: 'fusionOrbitConstrained', defaultValue: true, tags: ['3d', 'navigation'] },
  { name: 'envMapBackground', defaultValue: false, tags: ['3d', 'rendering'] },
  { name: 'useFirstPersonPrototype', defaultValue: false, tags: ['3d', 'navigation'] },
  { name: 'firstPersonToolPopup', defaultValue: true, tags: ['3d', 'navigation'] },
  { name: 'bimWalkToolPopup', defaultValue: true, tags: ['3d', 'navigation'] },
  // Issue 32 beside the spec's list: a 2D drawing's heavy lines at their lineweight, scaling with the zoom
  // (true), or every line one pixel wide (false).
  { name: 'lineWeights', defaultValue: true, tags: ['2d', 'rendering'] },
];

const BACKGROUND_PRESET = 'backgroundColorPreset';

/** Prefix of the localStorage keys (spec 001 §9: the viewer's saved-settings prefix). */
export const PREFERENCE_STORAGE_PREFIX = 'design-viewer.prefs.';

type Listener = (name: string, value: PreferenceValue) => void;

/** What the defaults depend on: a mobile device (spec 001 §9), and the "performance" quality (the costly effects off). */
export interface DeviceProfile {
  isMobile?: boolean;
  performance?: boolean;
}

/**
 * The viewer's preferences: named values with defaults, persisted to localStorage unless tagged
 * `no-storage`, reset all at once or by tag (spec 001 §3, §4, §5).
 */
export class Preferences {
  private readonly definitions = new Map<string, PreferenceDefinition>();
  private readonly values = new Map<string, PreferenceValue>();
  private readonly listeners = new Set<Listener>();
  private readonly locked = new Set<string>();
  private readonly chosen = new Set<string>();

  constructor(
    private readonly logger: Logger,
    private readonly store: MapStore<Record<string, unknown>>,
    private readonly device: DeviceProfile = {},
    private readonly storage: Storage | null = safeLocalStorage(),
  ) {
    for (const definition of PREFERENCE_DEFINITIONS) this.addDefinition({ ...definition, tags: [...definition.tags] });
  }

  /**
   * Adds a preference (spec 001 §5): the name must be a string, must not collide with a method of this
   * object, and must not be added twice. Returns false, with a warning, when refused.
   */
  add(name: unknown, defaultValue: PreferenceValue, tags: readonly string[] = [], mobileDefault?: PreferenceValue): boolean {
    if (typeof name !== 'string' || name.length === 0) {
      this.logger.warn('Preference name must be a string.');
      return false;
    }
    if (name in this && typeof (this as Record<string, unknown>)[name] === 'function') {
      this.logger.warn(`Preference name "${name}" collides with a method name.`);
      return false;
    }
    if (this.definitions.has(name)) {
      this.logger.warn(`Preference "${name}" has already been added.`);
      return false;
    }
    this.addDefinition({ name, defaultValue, tags: [...tags], mobileDefault });
    return true;
  }

  private addDefinition(definition: PreferenceDefinition): void {
    this.definitions.set(definition.name, definition);
    this.values.set(definition.name, this.readStored(definition));
    this.store.setKey(definition.name, this.values.get(definition.name));
  }

  has(name: string): boolean {
    return this.definitions.has(name);
  }

  get(name: string): PreferenceValue | undefined {
    return this.values.get(name);
  }

  getDefault(name: string): PreferenceValue | undefined {
    const definition = this.definitions.get(name);
    return definition ? this.defaultOf(definition) : undefined;
  }

  getTags(name: string): readonly string[] {
    return this.definitions.get(name)?.tags ?? [];
  }

  names(): string[] {
    return [...this.definitions.keys()];
  }

  /**
   * Sets a known preference; an unknown name or a value of another type is refused with a warning. The
   * value is saved (and counts as the user's choice) unless `persist` is false: a model's own settings
   * (producerSettings) are applied so, for as long as the viewer runs.
   */
  set(name: string, value: PreferenceValue, options: { persist?: boolean } = {}): boolean {
    const definition = this.definitions.get(name);
    if (!definition) {
      this.logger.warn(`Unknown preference: ${String(name)}`);
      return false;
    }
    if (name === BACKGROUND_PRESET && value !== null) {
      const preset = parseBackgroundPreset(value);
      if (!preset) {
        this.logger.warn(`Preference "${name}" expects a list of six numbers, not ${JSON.stringify(value)}.`);
        return false;
      }
      value = preset;
    }
    const expected = this.defaultOf(definition);
    if (expected !== null && value !== null && typeof expected !== typeof value && !(Array.isArray(expected) && Array.isArray(value))) {
      this.logger.warn(`Preference "${name}" expects a ${typeof expected}, not ${JSON.stringify(value)}.`);
      return false;
    }
    const persist = options.persist !== false;
    if (persist) {
      // The user's choice, saved even when it is the value already shown (a model's, or the default).
      this.chosen.add(name);
      this.persist(definition, value);
    }
    if (sameValue(this.values.get(name), value)) return true;
    this.values.set(name, value);
    this.store.setKey(name, value);
    for (const listener of this.listeners) listener(name, value);
    return true;
  }

  /** Resets every preference, or those carrying the tag, to its default. */
  reset(tag?: string): void {
    for (const definition of this.definitions.values()) {
      if (tag && !definition.tags.includes(tag)) continue;
      this.storage?.removeItem(PREFERENCE_STORAGE_PREFIX + definition.name);
      this.set(definition.name, this.defaultOf(definition), { persist: false });
      this.chosen.delete(definition.name);
    }
  }

  /**
   * Locks a preference against a model's own settings (spec 001 §5: producer-defined render settings are
   * not applied when the user's preference is locked against them); the user can still change it.
   */
  lock(name: string): boolean {
    if (!this.definitions.has(name)) {
      this.logger.warn(`Unknown preference: ${String(name)}`);
      return false;
    }
    this.locked.add(name);
    return true;
  }

  unlock(name: string): void {
    this.locked.delete(name);
  }

  isLocked(name: string): boolean {
    return this.locked.has(name);
  }

  /** Whether the value is the user's choice (set, or saved from an earlier visit), not a default nor a model's setting. */
  isChosen(name: string): boolean {
    return this.chosen.has(name);
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private defaultOf(definition: PreferenceDefinition): PreferenceValue {
    if (this.device.performance && definition.performanceDefault !== undefined) return definition.performanceDefault;
    return this.device.isMobile && definition.mobileDefault !== undefined ? definition.mobileDefault : definition.defaultValue;
  }

  private readStored(definition: PreferenceDefinition): PreferenceValue {
    const fallback = this.defaultOf(definition);
    if (!this.storage || definition.tags.includes('no-storage')) return fallback;
    const raw = this.storage.getItem(PREFERENCE_STORAGE_PREFIX + definition.name);
    if (raw === null) return fallback;
    this.chosen.add(definition.name);
    if (definition.name === BACKGROUND_PRESET) {
      // Spec 001 §5: a stored background preset that fails to parse is reset to null, in storage too.
      const preset = raw === 'null' ? null : parseBackgroundPreset(raw);
      if (preset === null && raw !== 'null') this.persist(definition, null);
      return preset;
    }
    try {
      const value = JSON.parse(raw) as PreferenceValue;
      return fallback === null || typeof value === typeof fallback ? value : fallback;
    } catch {
      return fallback;
    }
  }

  private persist(definition: PreferenceDefinition, value: PreferenceValue): void {
    if (!this.storage || definition.tags.includes('no-storage')) return;
    try {
      this.storage.setItem(PREFERENCE_STORAGE_PREFIX + definition.name, JSON.stringify(value));
    } catch {
      // Storage full or denied: the preference still applies for this session.
    }
  }
}

/** Spec 001 §3: the background preset is a JSON list of six values (two RGB colours). */
export function parseBackgroundPreset(value: unknown): number[] | null {
  const list = typeof value === 'string' ? safeJson(value) : value;
  if (Array.isArray(list) && list.length === 6 && list.every((v) => typeof v === 'number' && Number.isFinite(v))) return list as number[];
  return null;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i]));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** localStorage, or null where the page may not use it (a sandboxed frame, storage denied). */
export function safeLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
