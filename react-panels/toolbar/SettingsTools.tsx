import { useStore } from '@nanostores/react';
import { ContributedButtons } from '../contributions/ContributedButtons.js';
import { togglePanel, useChrome } from '../ChromeState.js';
import { useTranslate } from '../ViewerContext.js';
import { ToolbarButton } from './ToolbarButton.js';

/**
 * The settings group (spec 001 §2 "Toolbar"): what the loaded extensions add to it (model browser 10,
 * layers 20, properties 30, settings 40, live review 50, full screen 60), then the debug menu when the
 * config enables it (the chrome's own).
 */
export function SettingsTools() {
  const t = useTranslate();
  const chrome = useChrome();
  const openPanels = useStore(chrome.$openPanels);
  const debugButton = (
    <ToolbarButton item="debug" icon="debug" label={t('Debug', 'Debug')} state={openPanels.includes('debug') ? 'active' : 'inactive'} isToggle onActivate={() => togglePanel(chrome, 'debug')} />
  );

  return (
    <div className="dv-toolbar-group" role="group" aria-label={t('Settings tools', 'Settings tools')}>
      <ContributedButtons group="settings" />
      {chrome.isDebugEnabled && debugButton}
    </div>
  );
}
