import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  AO_INTENSITY_MAX,
  AO_RADIUS_MAX,
  EXPOSURE_BIAS_MAX,
  FRAME_RATE_MAX,
  FRAME_RATE_MIN,
  GROUND_ALPHA_MAX,
  LIGHT_INTENSITY_MAX,
  LIGHT_INTENSITY_MIN,
  POST_PROCESS_BOUNDS,
  POST_PROCESS_STYLES,
  type PostProcessSettings,
} from '../../core/index.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { PreferenceSelect } from './PreferenceSelect.js';
import { SettingsSlider } from './SettingsSlider.js';

/** Events after which the occlusion's settings may have changed without this panel (a model's defaults, a restored state). */
const EVENTS = ['geometry-loaded', 'preference-change', 'final-frame-rendered-change'] as const;

type Viewer = ReturnType<typeof useViewer>;

function readOptions(viewer: Viewer) {
  return viewer.renderContext?.getAmbientOcclusion() ?? null;
}

/** A value of the renderer, read again after the events that may change it behind this panel. */
function useRendererValue<T>(viewer: Viewer, read: (viewer: Viewer) => T): [T, () => void] {
  const [value, setValue] = useState(() => read(viewer));
  useEffect(() => {
    const refresh = () => setValue(read(viewer));
    for (const name of EVENTS) viewer.addEventListener(name, refresh);
    return () => {
      for (const name of EVENTS) viewer.removeEventListener(name, refresh);
    };
  }, [viewer, read]);
  return [value, () => setValue(read(viewer))];
}

/**
 * The ambient occlusion's radius (0–200 world units) and intensity (0–3), spec 001 §5: enabled while
 * ambient shadows are on.
 */
export function AmbientOcclusionSliders() {
  const viewer = useViewer();
  const t = useTranslate();
  const on = Boolean(useStore(viewer.stores.$preferences).ambientShadows);
  const [options, refresh] = useRendererValue(viewer, readOptions);
  if (!options) return null;
  const change = (value: { radius?: number; intensity?: number }) => {
    viewer.renderContext?.setAmbientOcclusion(value);
    viewer.invalidate();
    refresh();
  };
  return (
    <>
      <SettingsSlider
        label={t('Ambient occlusion radius', 'Ambient occlusion radius')}
        min={0}
        max={AO_RADIUS_MAX}
        step={0.1}
        value={Math.min(AO_RADIUS_MAX, options.radius)}
        valueText={options.radius.toFixed(1)}
        disabled={!on}
        onChange={(radius) => change({ radius })}
      />
      <SettingsSlider
        label={t('Ambient occlusion intensity', 'Ambient occlusion intensity')}
        min={0}
        max={AO_INTENSITY_MAX}
        step={0.05}
        value={options.intensity}
        valueText={options.intensity.toFixed(2)}
        disabled={!on}
        onChange={(intensity) => change({ intensity })}
      />
    </>
  );
}

const readShadowAlpha = (viewer: Viewer) => viewer.renderContext?.effects.getGroundShadow().alpha ?? null;
const readReflectionAlpha = (viewer: Viewer) => viewer.renderContext?.effects.getGroundReflection().alpha ?? null;

/** The ground shadow's or reflection's alpha, 0–2 in steps of 0.1 (spec 001 §5): enabled while that preference is on. */
export function GroundAlphaSlider({ effect }: { effect: 'groundShadow' | 'groundReflection' }) {
  const viewer = useViewer();
  const t = useTranslate();
  // Spec 001 §4: limited memory turns the ground effects off, and their alpha with them.
  const preferences = useStore(viewer.stores.$preferences);
  const memoryLimited = useStore(viewer.stores.$memoryLimited);
  const on = Boolean(preferences[effect]) && !memoryLimited;
  const [alpha, refresh] = useRendererValue(viewer, effect === 'groundShadow' ? readShadowAlpha : readReflectionAlpha);
  if (alpha === null) return null;
  const label = effect === 'groundShadow' ? t('Ground shadow alpha', 'Ground shadow alpha') : t('Ground reflection alpha', 'Ground reflection alpha');
  return (
    <SettingsSlider
      label={label}
      min={0}
      max={GROUND_ALPHA_MAX}
      step={0.1}
      value={alpha}
      valueText={alpha.toFixed(1)}
      disabled={!on}
      onChange={(value) => {
        if (effect === 'groundShadow') viewer.renderContext?.setGroundShadow({ alpha: value });
        else viewer.renderContext?.setGroundReflection({ alpha: value });
        viewer.invalidate();
        refresh();
      }}
    />
  );
}

const readToneMapping = (viewer: Viewer) => viewer.renderContext?.getToneMapping() ?? null;
/** Spec 001 §3 `toneMap.method`, in its order. */
const TONE_MAP_LABELS = ['None', 'Filmic', 'ACES'];

/** The tone-mapping curve and the exposure bias (−30 to 30 EV), which only a curve applies (spec 001 §4, §5). */
export function ToneMappingControls() {
  const viewer = useViewer();
  const t = useTranslate();
  const [toneMapping, refresh] = useRendererValue(viewer, readToneMapping);
  if (!toneMapping) return null;
  const change = (value: { method?: number; exposureBias?: number }) => {
    viewer.renderContext?.setToneMapping(value);
    viewer.invalidate();
    refresh();
  };
  return (
    <>
      <PreferenceSelect
        name="toneMapping"
        label={t('Tone mapping', 'Tone mapping')}
        selected={toneMapping.method}
        options={TONE_MAP_LABELS.map((label) => t(label, label))}
        onChange={(method) => change({ method })}
      />
      <SettingsSlider
        label={t('Exposure bias', 'Exposure bias')}
        min={-EXPOSURE_BIAS_MAX}
        max={EXPOSURE_BIAS_MAX}
        step={0.1}
        value={toneMapping.exposureBias}
        valueText={`${toneMapping.exposureBias.toFixed(1)} EV`}
        disabled={toneMapping.method === 0}
        onChange={(exposureBias) => change({ exposureBias })}
      />
    </>
  );
}

const readLightIntensity = (viewer: Viewer) => viewer.renderContext?.lighting.getLightIntensity() ?? null;

/** The intensity of the light that follows the camera, −5 to 20 (spec 001 §5; the state's `toneMap.lightMultiplier`). */
export function LightIntensitySlider() {
  const viewer = useViewer();
  const t = useTranslate();
  const [intensity, refresh] = useRendererValue(viewer, readLightIntensity);
  if (intensity === null) return null;
  return (
    <SettingsSlider
      label={t('Light intensity', 'Light intensity')}
      min={LIGHT_INTENSITY_MIN}
      max={LIGHT_INTENSITY_MAX}
      step={0.1}
      value={intensity}
      valueText={intensity.toFixed(1)}
      onChange={(value) => {
        viewer.renderContext?.lighting.setLightIntensity(value);
        viewer.invalidate();
        refresh();
      }}
    />
  );
}

const readPostProcess = (viewer: Viewer) => viewer.renderContext?.getPostProcess() ?? null;
/** Spec 001 §4: the styles' names, in the slider's order (0–4). */
const STYLE_LABELS: Record<(typeof POST_PROCESS_STYLES)[number], string> = { none: 'None', edging: 'Edging', cel: 'Cel', graphite: 'Graphite', pencil: 'Pencil' };

/**
 * The post-process style (a slider 0–4: none, edging, cel, graphite, pencil) and its controls (spec 001 §4,
 * §5): brightness and contrast while a style is set, levels for cel, repeats and rotation for the hatched
 * styles (graphite and pencil): a control that would change nothing is disabled.
 */
export function PostProcessControls() {
  const viewer = useViewer();
  const t = useTranslate();
  const [settings, refresh] = useRendererValue(viewer, readPostProcess);
  if (!settings) return null;
  const change = (value: Partial<PostProcessSettings>) => {
    viewer.renderContext?.setPostProcess(value);
    viewer.invalidate();
    refresh();
  };
  const styleIndex = POST_PROCESS_STYLES.indexOf(settings.style);
  const styled = settings.style !== 'none';
  const hatched = settings.style === 'graphite' || settings.style === 'pencil';
  const label = STYLE_LABELS[settings.style];
  const slider = (key: keyof typeof POST_PROCESS_BOUNDS, text: string, enabled: boolean, digits: number) => (
    <SettingsSlider
      label={t(text, text)}
      {...POST_PROCESS_BOUNDS[key]}
      value={settings[key]}
      valueText={settings[key].toFixed(digits)}
      disabled={!enabled}
      onChange={(value) => change({ [key]: value })}
    />
  );
  return (
    <>
      <SettingsSlider
        label={t('Post-process style', 'Post-process style')}
        min={0}
        max={POST_PROCESS_STYLES.length - 1}
        step={1}
        value={styleIndex}
        valueText={t(label, label)}
        onChange={(index) => change({ style: POST_PROCESS_STYLES[index] })}
      />
      {slider('brightness', 'Brightness', styled, 2)}
      {slider('contrast', 'Contrast', styled, 2)}
      {slider('levels', 'Levels', settings.style === 'cel', 0)}
      {slider('repeats', 'Repeats', hatched, 0)}
      {slider('rotation', 'Rotation', hatched, 2)}
    </>
  );
}

const readFrameRate = (viewer: Viewer) => viewer.getFrameRate();

/** The frame rate progressive display aims at, 1–100 fps (spec 001 §5; optimizeNavigation changes the default). */
export function FrameRateSlider() {
  const viewer = useViewer();
  const t = useTranslate();
  const [fps, refresh] = useRendererValue(viewer, readFrameRate);
  return (
    <SettingsSlider
      label={t('Frame rate', 'Frame rate')}
      min={FRAME_RATE_MIN}
      max={FRAME_RATE_MAX}
      step={1}
      value={fps}
      valueText={`${Math.round(fps)} fps`}
      onChange={(value) => {
        viewer.setFrameRate(value);
        refresh();
      }}
    />
  );
}
