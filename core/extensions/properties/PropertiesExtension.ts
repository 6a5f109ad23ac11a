import { Extension } from '../../viewer/Extension.js';
import { panelToggleButton } from '../panelButtonState.js';

/**
 * The properties panel (spec 001 §2 "Panels" 2; §7 lazy id "properties"), drawn by
 * react-panels/properties/, and its toolbar button. With the preference `openPropertiesOnSelect`
 * (spec 001 §3), selecting an object opens the panel.
 */
export class PropertiesExtension extends Extension {
  private stopListening: (() => void) | null = null;

  override load(): boolean {
    const ui = this.viewer.ui;
    this.addPanel({ id: 'properties', title: 'Properties' });
    this.addToolbarButton(panelToggleButton(ui, { panelId: 'properties', group: 'settings', order: 30, label: 'Properties', icon: 'properties' }));
    // Last on the Navigation tab (the tab's own switches stand at 10, 20…).
    this.addSetting({ id: 'openPropertiesOnSelect', tab: 'navigation', preference: 'openPropertiesOnSelect', label: 'Open properties on select', order: 1000 });
    this.stopListening = this.viewer.stores.$selection.listen((selections) => {
      if (this.viewer.prefs.get('openPropertiesOnSelect') && selections.some((selection) => selection.dbIds.length > 0) && !ui.isPanelOpen('properties')) {
        ui.openPanel('properties');
      }
    });
    return true;
  }

  override unload(): boolean {
    this.stopListening?.();
    this.stopListening = null;
    return true;
  }
}
