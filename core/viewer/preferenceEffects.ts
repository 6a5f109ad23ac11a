import type { FrameBudget } from '../render/FrameBudget.js';
import type { Viewer } from './Viewer.js';

/** What a preference's value changes in the engine (spec 001 §9); preferences the engine does not read are the chrome's. */
export function applyPreferenceEffect(viewer: Viewer, budget: FrameBudget, name: string, value: unknown): void {
  const on = Boolean(value);
  const renderer = viewer.renderContext;
  switch (name) {
    case 'ghosting':
      renderer?.setGhosting(on);
      renderer?.invalidateAccumulation();
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
    case 'optimizeNavigation':
      budget.configure({ optimizeNavigation: on, isMobile: viewer.isMobile });
      break;
    default:
      return;
  }
  viewer.invalidate();
}
