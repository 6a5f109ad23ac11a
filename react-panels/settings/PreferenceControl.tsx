import { useStore } from '@nanostores/react';
import { parseBackgroundPreset } from '../../core/index.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { BACKGROUND_PRESETS, LIGHT_PRESETS } from './environmentPresets.js';
import { PreferenceSelect } from './PreferenceSelect.js';
import { PreferenceSwitch } from './PreferenceSwitch.js';
import { PREFERENCE_LABELS, PREFERENCE_REQUIRES, PREFERENCES_NOT_YET_DRAWN, PREFERENCES_OFF_WITH_LIMITED_MEMORY } from './settingsTabs.js';

/**
 * The control of one preference: a switch for on/off values, a list for the light and background presets.
 * A rendering preference the viewer does not draw yet says so beside its switch; a switch that depends on
 * another preference is disabled while that one is off, and the ground effects' while memory is limited.
 */
export function PreferenceControl({ name }: { name: string }) {
  const viewer = useViewer();
  const t = useTranslate();
  const values = useStore(viewer.stores.$preferences);
  const value = values[name];
  const memoryLimited = useStore(viewer.stores.$memoryLimited);
  const label = t(PREFERENCE_LABELS[name] ?? name, PREFERENCE_LABELS[name] ?? name);

  if (name === 'lightPreset') {
    return (
      <PreferenceSelect
        name={name}
        label={label}
        selected={typeof value === 'number' && value < LIGHT_PRESETS.length ? value : -1}
        options={LIGHT_PRESETS.map((preset) => t(preset, preset))}
        onChange={(index) => viewer.prefs.set(name, index)}
      />
    );
  }
  if (name === 'backgroundColorPreset') {
    const current = JSON.stringify(parseBackgroundPreset(value));
    return (
      <PreferenceSelect
        name={name}
        label={label}
        selected={BACKGROUND_PRESETS.findIndex((preset) => JSON.stringify(preset.value) === current)}
        options={BACKGROUND_PRESETS.map((preset) => t(preset.label, preset.label))}
        onChange={(index) => viewer.prefs.set(name, BACKGROUND_PRESETS[index].value)}
      />
    );
  }
  const requires = PREFERENCE_REQUIRES[name];
  // Spec 001 §4: over the memory limit, the ground effects are off whatever their switches say.
  const offForMemory = memoryLimited && PREFERENCES_OFF_WITH_LIMITED_MEMORY.has(name);
  let note: string | undefined;
  if (PREFERENCES_NOT_YET_DRAWN.has(name)) note = t('Not yet drawn', 'Not yet drawn');
  else if (offForMemory) note = t('Off: the models exceed the memory limit', 'Off: the models exceed the memory limit');
  return (
    <PreferenceSwitch
      name={name}
      label={label}
      value={Boolean(value)}
      onChange={(on) => viewer.prefs.set(name, on)}
      note={note}
      disabled={(requires !== undefined && !values[requires]) || offForMemory}
    />
  );
}
