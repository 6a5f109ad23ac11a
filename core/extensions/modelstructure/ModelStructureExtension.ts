import { computed } from 'nanostores';
import { Extension } from '../../viewer/Extension.js';
import { panelToggleButton } from '../panelButtonState.js';

/** The model browser's panel id (the chrome's `data-panel` and `data-item`). */
export const MODEL_BROWSER_PANEL_ID = 'browser';

/**
 * The model browser (spec 001 §2 "Panels" 1; §7 lazy id "model structure"): its panel, drawn by
 * react-panels/modelstructure/, and its toolbar button, first of the settings group. 3D only: the button is
 * disabled while only 2D drawings are loaded.
 */
export class ModelStructureExtension extends Extension {
  override load(): boolean {
    const $available = computed(this.viewer.stores.$models, (models) => !(models.length > 0 && models.every((model) => model.is2d())));
    this.addPanel({ id: MODEL_BROWSER_PANEL_ID, title: 'Model' });
    this.addToolbarButton(panelToggleButton(this.viewer.ui, { panelId: MODEL_BROWSER_PANEL_ID, group: 'settings', order: 10, label: 'Model browser', icon: 'browser', $available }));
    return true;
  }
}
