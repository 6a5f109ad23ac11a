import { computed } from 'nanostores';
import { Extension } from '../../viewer/Extension.js';
import { panelToggleButton } from '../panelButtonState.js';

/**
 * The layers panel (spec 001 §2 "Panels" 3; §7 lazy id "layers"), drawn by react-panels/layers/, and its
 * toolbar button. Only for models that have layers: until one is loaded the button is disabled and the
 * panel is not shown. `viewer.layers` works without it; this is the user's way to it.
 */
export class LayersExtension extends Extension {
  override load(): boolean {
    const $hasLayers = computed(this.viewer.stores.$layers, (layers) => layers.length > 0);
    this.addPanel({ id: 'layers', title: 'Layers', isAvailable: $hasLayers });
    this.addToolbarButton(panelToggleButton(this.viewer.ui, { panelId: 'layers', group: 'settings', order: 20, label: 'Layers', icon: 'layers', $available: $hasLayers }));
    return true;
  }
}
