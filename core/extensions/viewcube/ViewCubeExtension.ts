import { computed } from 'nanostores';
import { Extension } from '../../viewer/Extension.js';

/**
 * The orientation cube (spec 000 §2 "Orientation cube", §4; spec 001 §2 "Panels" 9) in the canvas's top-right
 * corner: the chrome's `viewcube` overlay (react-panels/viewcube/), which the preference `viewCube` hides,
 * and 2D mode too (spec 001 §4 "For 2D: … view cube hidden").
 * What the cube does stays the viewer's (`viewer.viewCube`, `viewer.setViewCube(face)`: API.md); this is
 * the user's way to it.
 */
export class ViewCubeExtension extends Extension {
  override load(): boolean {
    const isShown = computed(this.viewer.stores.$is2d, (is2d) => !is2d);
    this.addOverlay({ id: 'viewcube', slot: 'top-right', order: 10, isShown });
    // First on the Navigation tab (the tab's own switches stand at 10, 20…).
    this.addSetting({ id: 'viewCube', tab: 'navigation', preference: 'viewCube', label: 'Show ViewCube', order: 5 });
    return true;
  }
}
