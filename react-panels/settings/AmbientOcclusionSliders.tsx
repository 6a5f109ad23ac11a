import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { AO_INTENSITY_MAX, AO_RADIUS_MAX } from '../../core/index.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { SettingsSlider } from './SettingsSlider.js';

/** Events after which the occlusion's settings may have changed without this panel (a model's defaults, a restored state). */
const EVENTS = ['geometry-loaded', 'preference-change', 'final-frame-rendered-change'] as const;

function readOptions(viewer: ReturnType<typeof useViewer>) {
  return viewer.renderContext?.getAmbientOcclusion() ?? null;
}

/**
 * The ambient occlusion's radius (0–200 world units) and intensity (0–3), spec 001 §5: enabled while
 * ambient shadows are on.
 */
export function AmbientOcclusionSliders() {
  const viewer = useViewer();
  const t = useTranslate();
  const on = Boolean(useStore(viewer.stores.$preferences).ambientShadows);
  const [options, setOptions] = useState(() => readOptions(viewer));
  useEffect(() => {
    const refresh = () => setOptions(readOptions(viewer));
    for (const name of EVENTS) viewer.addEventListener(name, refresh);
    return () => {
      for (const name of EVENTS) viewer.removeEventListener(name, refresh);
    };
  }, [viewer]);
  if (!options) return null;
  const change = (value: { radius?: number; intensity?: number }) => {
    viewer.renderContext?.setAmbientOcclusion(value);
    viewer.invalidate();
    setOptions(readOptions(viewer));
  };
  return (
    <>
      <SettingsSlider
        label={t('Ambient occlusion radius', 'Ambient occlusion radius')}
        min={0}
        max={AO_RADIUS_MAX}
        step={0.5}
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
