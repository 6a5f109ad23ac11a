import type { Model } from '../model/Model.js';
import { LIGHT_PRESETS } from '../render/lightPresets.js';
import type { SceneRenderer } from '../render/SceneRenderer.js';
import type { LoggerPort, PreferencesPort } from './ports.js';

/** What a model's own render settings need of the viewer. */
export type ProducerSettingsPort = LoggerPort & PreferencesPort & { readonly renderContext: Pick<SceneRenderer, 'setToneMapping' | 'lighting'> | null };

/** Spec 001 §9: the default light preset of a building model. */
export const BUILDING_LIGHT_PRESET = 'Boardwalk';

/** The model metadata's switches (spec 001 §3 "Model metadata for light environment") and the preferences they set. */
const PRODUCER_SWITCHES: readonly [key: string, preference: string][] = [
  ['GroundReflection', 'groundReflection'],
  ['GroundShadow', 'groundShadow'],
  ['AmbientShadows', 'ambientShadows'],
  ['DisplayLines', 'lineRendering'],
  ['DisplayPoints', 'pointRendering'],
  ['BackgroundFromEnvironment', 'envMapBackground'],
];

/** A building model: its default light preset is Boardwalk (spec 001 §9). */
export function isBuildingModel(model: Model): boolean {
  return /\.(ifc|rvt|nwd|nwc)$/i.test(model.fileName);
}

/**
 * An item of the model's light environment metadata: `renderEnvironment{key}` as the viewing service
 * writes it ({ value }), or the bare key; the value itself or its `value` member.
 */
function readItem(model: Model, key: string): unknown {
  const metadata = model.metadata as Record<string, unknown>;
  const item = metadata[`renderEnvironment${key}`] ?? metadata[key] ?? metadata[key.charAt(0).toLowerCase() + key.slice(1)];
  if (item !== null && typeof item === 'object' && !Array.isArray(item) && 'value' in item) return (item as { value: unknown }).value;
  return item;
}

function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1) return true;
  if (value === 'false' || value === 0) return false;
  return undefined;
}

/** A background colour as the preference's six 0–255 values: three (one colour) or six numbers, 0–1 or 0–255. */
function readBackground(value: unknown): number[] | undefined {
  if (!Array.isArray(value) || (value.length !== 3 && value.length !== 6)) return undefined;
  const numbers = value.map(Number);
  if (!numbers.every(Number.isFinite)) return undefined;
  const scale = numbers.every((n) => n <= 1) ? 255 : 1;
  const scaled = numbers.map((n) => Math.round(Math.min(255, Math.max(0, n * scale))));
  return scaled.length === 3 ? [...scaled, ...scaled] : scaled;
}

/** A preset's index by its name, ignoring case and spaces; -1 when there is none of that name. */
export function lightPresetIndex(name: string): number {
  const wanted = name.replace(/\s+/g, '').toLowerCase();
  return LIGHT_PRESETS.findIndex((preset) => preset.name.replace(/\s+/g, '').toLowerCase() === wanted);
}

/**
 * Applies a model's own render settings (spec 001 §3 "Model metadata for light environment", §5): its
 * environment (`renderEnvironmentStyle`, else Boardwalk for a building model unless the user chose a preset),
 * exposure bias and rotation (radians about the up), background colour, the ground's shadow and reflection, ambient shadows, lines, points and
 * the environment as background, and the `Freeorbit` navigation hint. A preference the user locked
 * (`prefs.lock`) keeps its value; the others change for this session, not in what is saved. Returns the
 * preferences it set.
 */
export function applyProducerSettings(viewer: ProducerSettingsPort, model: Model): string[] {
  const applied: string[] = [];
  const { prefs } = viewer;
  const apply = (name: string, value: boolean | number | number[]) => {
    if (prefs.isLocked(name)) return;
    if (prefs.set(name, value, { persist: false })) applied.push(name);
  };
  const style = readItem(model, 'Style');
  if (typeof style === 'string' && style.trim()) {
    const index = lightPresetIndex(style);
    if (index >= 0) apply('lightPreset', index);
    else viewer.logger.warn(`${model.fileName}: unknown render environment "${style}": the light preset stays.`);
  } else if (isBuildingModel(model) && !prefs.isChosen('lightPreset')) {
    apply('lightPreset', lightPresetIndex(BUILDING_LIGHT_PRESET));
  }
  const bias = Number(readItem(model, 'ExposureBias'));
  if (readItem(model, 'ExposureBias') !== undefined && Number.isFinite(bias) && !prefs.isLocked('lightPreset')) {
    // The exposure bias belongs to the environment: a locked preset keeps its own.
    viewer.renderContext?.setToneMapping({ exposureBias: bias });
  }
  const rotation = Number(readItem(model, 'Rotation'));
  if (readItem(model, 'Rotation') !== undefined && Number.isFinite(rotation) && !prefs.isLocked('lightPreset')) viewer.renderContext?.lighting.setEnvironmentRotation(rotation);
  const background = readBackground(readItem(model, 'BackgroundColor'));
  if (background) apply('backgroundColorPreset', background);
  for (const [key, preference] of PRODUCER_SWITCHES) {
    const on = readBoolean(readItem(model, key));
    if (on !== undefined) apply(preference, on);
  }
  const hint = model.getMetadata<string>('navigation hint', 'value');
  if (typeof hint === 'string' && hint.toLowerCase() === 'freeorbit') apply('orbitPastWorldPoles', true);
  return applied;
}
