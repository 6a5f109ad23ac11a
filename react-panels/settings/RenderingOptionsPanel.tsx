import { useStore } from '@nanostores/react';
import { MAX_FOV, MIN_FOV } from '../../core/index.js';
import { useChrome } from '../ChromeState.js';
import { DockingPanel } from '../docking/DockingPanel.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { AmbientOcclusionSliders, FrameRateSlider, GroundAlphaSlider, LightIntensitySlider, PostProcessControls, ToneMappingControls } from './EffectSliders.js';
import { PreferenceControl } from './PreferenceControl.js';
import { SettingsSlider } from './SettingsSlider.js';

/** Spec 001 §2 "Panels" 5 and §9: the Rendering Options panel is 320×460 px. */
export const RENDERING_OPTIONS_WIDTH = 320;
export const RENDERING_OPTIONS_HEIGHT = 460;

/**
 * Rendering options: sliders and lists for what the view looks like — field of view (6.88–100°,
 * spec 001 §5), environment lighting and background, the light's intensity, tone mapping with its exposure bias,
 * ambient occlusion with its radius and intensity, the ground's shadow and reflection with their alpha, edges,
 * the post-process style with its controls, and the frame rate. Escape closes it (the second step of the order).
 */
export function RenderingOptionsPanel() {
  const viewer = useViewer();
  const t = useTranslate();
  const size = useStore(useChrome().$size);
  const camera = useStore(viewer.stores.$camera);
  const fov = camera?.fov ?? viewer.navigation.getCamera().fov;
  const isOrthographic = camera ? !camera.isPerspective : false;
  return (
    <DockingPanel
      id="renderingOptions"
      title={t('Rendering options', 'Rendering options')}
      placement={{ right: 24, top: Math.max(0, (size.height - RENDERING_OPTIONS_HEIGHT) / 2), width: RENDERING_OPTIONS_WIDTH, height: RENDERING_OPTIONS_HEIGHT }}
      className="dv-rendering-options"
    >
      <div className="dv-settings-page">
        <SettingsSlider
          label={t('Field of view', 'Field of view')}
          min={MIN_FOV}
          max={MAX_FOV}
          step={0.01}
          value={fov}
          valueText={`${fov.toFixed(1)}°`}
          disabled={isOrthographic}
          onChange={(degrees) => viewer.setFOV(degrees)}
        />
        {isOrthographic && <p className="dv-setting-note">{t('The view is orthographic.', 'The view is orthographic.')}</p>}
        <PreferenceControl name="lightPreset" />
        <PreferenceControl name="backgroundColorPreset" />
        <LightIntensitySlider />
        <ToneMappingControls />
        <PreferenceControl name="ambientShadows" />
        <AmbientOcclusionSliders />
        <PreferenceControl name="groundShadow" />
        <GroundAlphaSlider effect="groundShadow" />
        <PreferenceControl name="groundReflection" />
        <GroundAlphaSlider effect="groundReflection" />
        <PreferenceControl name="ghosting" />
        <PreferenceControl name="edgeRendering" />
        <PostProcessControls />
        <FrameRateSlider />
      </div>
    </DockingPanel>
  );
}
