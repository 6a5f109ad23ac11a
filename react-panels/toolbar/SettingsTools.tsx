import { useStore } from '@nanostores/react';
import { ContributedButtons } from '../contributions/ContributedButtons.js';
import { togglePanel, useChrome } from '../ChromeState.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { ToolbarButton } from './ToolbarButton.js';

/**
 * The settings group (spec 001 §2 "Toolbar"): what the loaded extensions add to it (model browser 10,
 * layers 20, properties 30, settings 40, live review 50, full screen 60), then the debug menu when the
 * config enables it (the chrome's own).
 */
export function SettingsTools() {
  const viewer = useViewer();
  const t = useTranslate();
  const chrome = useChrome();
  const openPanels = useStore(chrome.$openPanels);
  const screenMode = useStore(viewer.stores.$screenMode);
  const debugButton = (
    <ToolbarButton item="debug" icon="debug" label={t('Debug', 'Debug')} state={openPanels.includes('debug') ? 'active' : 'inactive'} isToggle onActivate={() => togglePanel(chrome, 'debug')} />
  );
  const nextScreenLabel =
    screenMode === 'normal' ? t('Full browser', 'Full browser') : screenMode === 'full-browser' ? t('Full screen', 'Full screen') : t('Exit full screen', 'Exit full screen');

  return (
    <div className="dv-toolbar-group" role="group" aria-label={t('Settings tools', 'Settings tools')}>
      <ContributedButtons group="settings" />
      <ToolbarButton
        item="fullscreen"
        icon={screenMode === 'normal' ? 'fullscreen' : 'exitFullscreen'}
        label={nextScreenLabel}
        state={screenMode === 'normal' ? 'inactive' : 'active'}
        onActivate={() => viewer.nextScreenMode()}
      />
      {chrome.isDebugEnabled && debugButton}
    </div>
  );
}
