import { Extension } from '../../viewer/Extension.js';
import { panelToggleButton } from '../panelButtonState.js';

/**
 * Settings (spec 001 §2 "Panels" 4 and 5; §7 lazy id "settings"): the settings panel with its toolbar
 * button, and the Rendering Options panel it leads to, both drawn by react-panels/settings/. The settings
 * panel also lists the switches other extensions add (viewer.ui `$settings`).
 */
export class SettingsExtension extends Extension {
  override load(): boolean {
    this.addPanel({ id: 'settings', title: 'Settings' });
    this.addPanel({ id: 'renderingOptions', title: 'Rendering options' });
    this.addToolbarButton(panelToggleButton(this.viewer.ui, { panelId: 'settings', group: 'settings', order: 40, label: 'Settings', icon: 'settings' }));
    return true;
  }
}
