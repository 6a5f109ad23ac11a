import { Color, SRGBColorSpace } from 'three';
import type { FrameBudget } from '../render/FrameBudget.js';
import { lightPresetAt } from '../render/lightPresets.js';
import type { SceneRenderer } from '../render/SceneRenderer.js';
import type { Preferences } from './Preferences.js';
import type { CameraPort, PreferencesPort, RedrawPort, ScenePort, ToolsPort } from './ports.js';

/** What the preferences' effects need of the viewer. */
export type PreferenceEffectsPort = CameraPort & PreferencesPort & RedrawPort & ScenePort & ToolsPort & { readonly isMobile: boolean };

/** What a preference's value changes in the engine (spec 001 §9); preferences the engine does not read are the chrome's. */
export function applyPreferenceEffect(viewer: PreferenceEffectsPort, budget: FrameBudget, name: string, value: unknown): void {
  const on = Boolean(value);
  const renderer = viewer.renderContext;
  switch (name) {
    case 'ghosting':
      renderer?.setGhosting(on);
      renderer?.invalidateAccumulation();
      break;
    case 'lineRendering':
      renderer?.setKindShown('lines', on);
      break;
    case 'pointRendering':
      renderer?.setKindShown('points', on);
      break;
    case 'antialiasing':
      renderer?.setAntialias(on);
      break;
    case 'orbitPastWorldPoles':
      viewer.navigation.options.orbitPastWorldPoles = on;
      break;
    case 'zoomTowardsPivot':
      viewer.navigation.options.zoomTowardsPivot = on;
      break;
    case 'leftHandedMouseSetup':
      viewer.toolController.leftHanded = on;
      break;
    case 'lightPreset':
    case 'backgroundColorPreset':
      if (renderer) applyEnvironment(renderer, viewer.prefs);
      break;
    case 'optimizeNavigation':
      budget.configure({ optimizeNavigation: on, isMobile: viewer.isMobile });
      break;
    default:
      return;
  }
  viewer.invalidate();
}

/** At a viewer's start: every preference takes effect (none changed, so no `preference-change` is raised). */
export function applyAllPreferenceEffects(viewer: PreferenceEffectsPort, budget: FrameBudget): void {
  for (const name of viewer.prefs.names()) applyPreferenceEffect(viewer, budget, name, viewer.prefs.get(name));
}

/** The light preset's lights, and its background unless `backgroundColorPreset` names one (0–255 RGB, top then bottom). */
function applyEnvironment(renderer: SceneRenderer, prefs: Preferences): void {
  const preset = lightPresetAt(prefs.get('lightPreset'));
  renderer.setLighting(preset);
  const custom = prefs.get('backgroundColorPreset') as number[] | null;
  if (custom) renderer.setBackground(srgb255(custom, 0), srgb255(custom, 3));
  else renderer.setBackground(new Color(preset.backgroundTop), new Color(preset.backgroundBottom));
}

function srgb255(values: readonly number[], offset: number): Color {
  return new Color().setRGB(values[offset] / 255, values[offset + 1] / 255, values[offset + 2] / 255, SRGBColorSpace);
}
