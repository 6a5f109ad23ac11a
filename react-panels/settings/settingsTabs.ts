import type { Model, SettingSpec } from '../../core/index.js';

/** The tabs of the settings panel (spec 001 §2 "Panels" 4), Performance first. */
export type SettingsTabId = 'performance' | 'navigation' | 'appearance' | 'environment';

export interface SettingsTab {
  id: SettingsTabId;
  label: string;
  /** Environment is shown for 3D models only. */
  is3dOnly: boolean;
  /** Preference names, in the order they show. */
  preferences: readonly string[];
}

/**
 * Every preference of spec 001 §3 that the viewer acts on, each on the tab a user would look for it.
 * The ones in PREFERENCES_NOT_OFFERED stay stored (states and `prefs` keep them) but are not offered.
 */
export const SETTINGS_TABS: readonly SettingsTab[] = [
  { id: 'performance', label: 'Performance', is3dOnly: false, preferences: ['optimizeNavigation', 'progressiveRendering', 'renderCache'] },
  {
    id: 'navigation',
    label: 'Navigation',
    is3dOnly: false,
    preferences: [
      'orbitPastWorldPoles',
      'fusionOrbit',
      'fusionOrbitConstrained',
      'zoomTowardsPivot',
      'alwaysUsePivot',
      'clickToSetCOI',
      'reverseMouseZoomDir',
      'reverseHorizontalLookDirection',
      'reverseVerticalLookDirection',
      'leftHandedMouseSetup',
      'bimWalkToolPopup',
    ],
  },
  {
    id: 'appearance',
    label: 'Appearance',
    is3dOnly: false,
    preferences: ['ghosting', 'ambientShadows', 'antialiasing', 'lineRendering', 'pointRendering', 'edgeRendering', 'swapBlackAndWhite', 'lineWeights'],
  },
  { id: 'environment', label: 'Environment', is3dOnly: true, preferences: ['lightPreset', 'backgroundColorPreset', 'envMapBackground', 'groundShadow', 'groundReflection'] },
];

/** One line of a settings page: a preference of the tab's own list, or a switch an extension added. */
export type PageEntry = { name: string; setting?: undefined } | { name?: undefined; setting: SettingSpec };

/**
 * A page's lines in order: the tab's own preferences stand at 10, 20, 30…; an extension's switch takes its
 * place by its `order` among them (the view cube's "Show ViewCube" at 5 comes first, properties' "Open
 * properties on select" at 1000 last).
 */
export function pageEntries(names: readonly string[], settings: readonly SettingSpec[]): PageEntry[] {
  const entries = [...names.map((name, index) => ({ order: (index + 1) * 10, entry: { name } as PageEntry })), ...settings.map((setting) => ({ order: setting.order, entry: { setting } as PageEntry }))];
  return entries.sort((a, b) => a.order - b.order).map(({ entry }) => entry);
}

/** The label of each preference (its English text is the translation key). */
export const PREFERENCE_LABELS: Readonly<Record<string, string>> = {
  ambientShadows: 'Ambient shadows',
  antialiasing: 'Anti-aliasing',
  groundShadow: 'Ground shadow',
  groundReflection: 'Ground reflection',
  progressiveRendering: 'Progressive display',
  renderCache: 'Reuse the complete picture',
  swapBlackAndWhite: 'Swap black and white',
  ghosting: 'Ghost hidden objects',
  lineRendering: 'Display lines',
  pointRendering: 'Display points',
  lineWeights: 'Display line weights',
  edgeRendering: 'Display edges',
  lightPreset: 'Environment lighting',
  backgroundColorPreset: 'Background color',
  reverseMouseZoomDir: 'Reverse mouse zoom direction',
  reverseHorizontalLookDirection: 'Reverse horizontal look direction',
  reverseVerticalLookDirection: 'Reverse vertical look direction',
  alwaysUsePivot: 'Always orbit around the pivot',
  zoomTowardsPivot: 'Zoom towards pivot',
  orbitPastWorldPoles: 'Orbit past world poles',
  leftHandedMouseSetup: 'Left-handed mouse setup',
  clickToSetCOI: 'Set pivot with left mouse button',
  optimizeNavigation: 'Smooth navigation',
  fusionOrbit: 'Fusion style orbit',
  fusionOrbitConstrained: 'Constrain Fusion style orbit',
  envMapBackground: 'Show environment image',
  bimWalkToolPopup: 'Show walk instructions',
};

/**
 * Preferences of spec 001 §3 that nothing builds yet, so the Settings panel leaves them out: a first-person
 * tool with its instructions (`useFirstPersonPrototype`, `firstPersonToolPopup`; the walk tool is
 * `bimWalkToolPopup`'s). They come back with what builds them.
 */
export const PREFERENCES_NOT_OFFERED: readonly string[] = ['useFirstPersonPrototype', 'firstPersonToolPopup'];

/**
 * Rendering preferences that are stored and saved in states but not yet drawn (the rendering issue draws
 * them): their controls carry a "Not yet drawn" note.
 */
export const PREFERENCES_NOT_YET_DRAWN: ReadonlySet<string> = new Set();

/** Spec 001 §4: what limited memory turns off (the switches are disabled, with a note, while it lasts). */
export const PREFERENCES_OFF_WITH_LIMITED_MEMORY: ReadonlySet<string> = new Set(['groundShadow', 'groundReflection']);

/** A preference whose switch only means something while another is on (its control is disabled otherwise). */
export const PREFERENCE_REQUIRES: Readonly<Record<string, string>> = {
  fusionOrbitConstrained: 'fusionOrbit',
};

/**
 * Preferences that change something only for some models, beyond their 2D and 3D tags: offered while a
 * loaded model passes the test (line weights: a drawing with lines heavier than one pixel).
 */
export const PREFERENCE_NEEDS_MODEL: Readonly<Record<string, (model: Model) => boolean>> = {
  lineWeights: (model) => model.batches.some((batch) => batch.lineWeights),
};
