import { Color, SRGBColorSpace } from 'three';
import type { FrameBudget } from '../render/FrameBudget.js';
import { LIGHT_PRESET_2D, lightPresetAt } from '../render/lightPresets.js';
import type { SceneRenderer } from '../render/SceneRenderer.js';
import type { Preferences } from './Preferences.js';
import type { PresetEnvironments } from './PresetEnvironments.js';
import type { CameraPort, LoggerPort, PreferencesPort, RedrawPort, ScenePort, ToolsPort } from './ports.js';
import type { ViewerStores } from './ViewerStores.js';

/** What the preferences' effects need of the viewer. */
export type PreferenceEffectsPort = CameraPort &
  LoggerPort &
  PreferencesPort &
  RedrawPort &
  ScenePort &
  ToolsPort & { readonly isMobile: boolean; readonly stores: Pick<ViewerStores, '$is2d'>; readonly environments: PresetEnvironments };

/** The preferences below that only a 3D model has: in 2D mode, setting one warns and does nothing (spec 001 §5). */
const THREE_D_EFFECTS = new Set(['ghosting', 'lineRendering', 'pointRendering', 'orbitPastWorldPoles', 'zoomTowardsPivot', 'lightPreset', 'backgroundColorPreset', 'envMapBackground']);

/** 3D effects the renderer leaves off a 2D sheet by itself: set in 2D mode, they warn and keep their value for 3D. */
const THREE_D_PICTURE_EFFECTS = new Set(['ambientShadows', 'groundShadow', 'groundReflection', 'edgeRendering']);

/**
 * What a preference's value changes in the engine (spec 001 §9); preferences the engine does not read are
 * the chrome's. A 3D-only one changed in 2D mode keeps its value for 3D and warns (spec 001 §5).
 */
export function applyPreferenceEffect(viewer: PreferenceEffectsPort, budget: FrameBudget, name: string, value: unknown): void {
  const on = Boolean(value);
  const renderer = viewer.renderContext;
  if (viewer.stores.$is2d.get() && (THREE_D_EFFECTS.has(name) || THREE_D_PICTURE_EFFECTS.has(name))) {
    viewer.logger.warn(`${name} is a 3D setting: it does nothing on a 2D model.`);
    if (THREE_D_EFFECTS.has(name)) return;
  }
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
    case 'lineWeights':
      renderer?.setKindShown('weights', on);
      break;
    case 'antialiasing':
      renderer?.setAntialias(on);
      break;
    case 'ambientShadows':
      renderer?.setAmbientOcclusion({ enabled: on });
      break;
    case 'groundShadow':
      renderer?.setGroundShadow({ enabled: on });
      break;
    case 'groundReflection':
      renderer?.setGroundReflection({ enabled: on });
      break;
    case 'edgeRendering':
      renderer?.setEdges(on);
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
      if (renderer) applyEnvironment(viewer, renderer, false);
      break;
    case 'envMapBackground':
      renderer?.lighting.setEnvironmentBackground(on);
      break;
    case 'swapBlackAndWhite':
      renderer?.setSwapBlackAndWhite(on);
      if (renderer) applyEnvironment(viewer, renderer, viewer.stores.$is2d.get());
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

/**
 * The light preset's lights and environment map (fetched the first time), and its background unless
 * `backgroundColorPreset` names one (0–255 RGB, top then bottom); in 2D mode, the 2D preset's, its white
 * paper black while black and white swap, and no environment.
 */
function applyEnvironment(viewer: PreferenceEffectsPort, renderer: SceneRenderer, is2d: boolean): void {
  const prefs = viewer.prefs as Preferences;
  if (is2d) {
    void viewer.environments.use(null);
    renderer.lighting.setLighting(LIGHT_PRESET_2D);
    const paper = new Color(prefs.get('swapBlackAndWhite') ? 0x000000 : LIGHT_PRESET_2D.backgroundTop);
    renderer.lighting.setBackground(paper, paper);
    return;
  }
  const preset = lightPresetAt(prefs.get('lightPreset'));
  renderer.lighting.setLighting(preset);
  void viewer.environments.use(preset.name);
  const custom = prefs.get('backgroundColorPreset') as number[] | null;
  if (custom) renderer.lighting.setBackground(srgb255(custom, 0), srgb255(custom, 3));
  else renderer.lighting.setBackground(new Color(preset.backgroundTop), new Color(preset.backgroundBottom));
}

function srgb255(values: readonly number[], offset: number): Color {
  return new Color().setRGB(values[offset] / 255, values[offset + 1] / 255, values[offset + 2] / 255, SRGBColorSpace);
}

/**
 * On entering or leaving 2D mode (spec 001 §4): the 2D light preset and background, or the preferences'
 * again; a sheet's lines and points always drawn; zooms towards the cursor, never the pivot, in 2D.
 */
export function applyViewModeEffects(viewer: PreferenceEffectsPort): void {
  const is2d = viewer.stores.$is2d.get();
  const prefs = viewer.prefs;
  viewer.navigation.options.zoomTowardsPivot = !is2d && Boolean(prefs.get('zoomTowardsPivot'));
  const renderer = viewer.renderContext;
  if (!renderer) return;
  applyEnvironment(viewer, renderer, is2d);
  // Set in 2D mode, it waited for 3D (a sheet has no environment to show).
  renderer.lighting.setEnvironmentBackground(!is2d && Boolean(prefs.get('envMapBackground')));
  renderer.setSwapBlackAndWhite(Boolean(prefs.get('swapBlackAndWhite')));
  renderer.setKindShown('lines', is2d || Boolean(prefs.get('lineRendering')));
  renderer.setKindShown('points', is2d || Boolean(prefs.get('pointRendering')));
  viewer.invalidate();
}
