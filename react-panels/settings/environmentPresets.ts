import { LIGHT_PRESETS as CORE_LIGHT_PRESETS } from '../../core/index.js';

/*
 * Choices for the Environment tab's two list preferences. The names are translation keys; the values
 * are what the preferences store (spec 001 §3: lightPreset an index, backgroundColorPreset a JSON list of
 * six values, top and bottom RGB of the background gradient, or null for the light preset's background).
 */

/** The light presets' names, in the core's order (the index is the preference's value). */
export const LIGHT_PRESETS: readonly string[] = CORE_LIGHT_PRESETS.map((preset) => preset.name);

export const BACKGROUND_PRESETS: readonly { label: string; value: number[] | null }[] = [
  { label: 'Default', value: null },
  { label: 'White', value: [255, 255, 255, 255, 255, 255] },
  { label: 'Light grey', value: [236, 239, 242, 204, 210, 217] },
  { label: 'Dark grey', value: [74, 80, 88, 36, 40, 46] },
  { label: 'Blue sky', value: [197, 224, 246, 240, 245, 250] },
  { label: 'Black', value: [0, 0, 0, 0, 0, 0] },
];
