import { useStore } from '@nanostores/react';
import { parseBackgroundPreset } from '../../core/index.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { BACKGROUND_PRESETS, LIGHT_PRESETS } from './environmentPresets.js';
import { PreferenceSelect } from './PreferenceSelect.js';
import { PreferenceSwitch } from './PreferenceSwitch.js';
import { PREFERENCE_LABELS, PREFERENCE_REQUIRES, PREFERENCES_NOT_YET_DRAWN } from './settingsTabs.js';

/**
 * The control of one preference: a switch for on/off values, a list for the light and background presets.
 * A rendering preference the viewer does not draw yet says so beside its switch; a switch that depends on
 * another preference is disabled while that one is off.
 */
export function PreferenceControl({ name }: { name: string }) {
  const viewer = useViewer();
  const t = useTranslate();
  const values = useStore(viewer.stores.$preferences);
  const value = values[name];
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
  return (
    <PreferenceSwitch
      name={name}
      label={label}
      value={Boolean(value)}
      onChange={(on) => viewer.prefs.set(name, on)}
      note={PREFERENCES_NOT_YET_DRAWN.has(name) ? t('Not yet drawn', 'Not yet drawn') : undefined}
      disabled={requires !== undefined && !values[requires]}
    />
  );
}
