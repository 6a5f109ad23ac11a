import { useStore } from '@nanostores/react';
import { ContributedButtons } from '../contributions/ContributedButtons.js';
import { useReducer } from 'react';
import { type PanelId, togglePanel, useChrome } from '../ChromeState.js';
import type { IconName } from '../icons/Icon.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { ToolbarButton } from './ToolbarButton.js';
import { isShownAtWidth } from './toolbarBreakpoints.js';
import { isExtensionButtonShown, TOOLBAR_EXTENSIONS } from './toolbarExtensions.js';
import { useLoadedExtensions } from './useLoadedExtensions.js';

/**
 * The settings group (spec 001 §2 "Toolbar"): model browser, layers, properties, settings, live review
 * and full screen (which cycles normal → full browser → full screen), plus the debug menu when enabled.
 * Live review shows only while its extension is loaded; its button turns the extension on and off.
 */
export function SettingsTools() {
  const viewer = useViewer();
  const t = useTranslate();
  const chrome = useChrome();
  const { width } = useStore(chrome.$size);
  const openPanels = useStore(chrome.$openPanels);
  const models = useStore(viewer.stores.$models);
  const screenMode = useStore(viewer.stores.$screenMode);
  const layers = useStore(viewer.stores.$layers);
  const extensions = useLoadedExtensions(viewer);
  // An extension's mode has no event of its own: the button reads it again after each click.
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  const liveReview = isExtensionButtonShown('collaborate', extensions) ? viewer.getExtension(TOOLBAR_EXTENSIONS.collaborate) : null;

  const only2d = models.length > 0 && models.every((m) => m.is2d());
  const panelButton = (id: PanelId, icon: IconName, label: string, available = true) => (
    <ToolbarButton
      item={id}
      icon={icon}
      label={label}
      state={!available ? 'disabled' : openPanels.includes(id) ? 'active' : 'inactive'}
      isToggle
      onActivate={() => togglePanel(chrome, id)}
    />
  );
  const nextScreenLabel =
    screenMode === 'normal' ? t('Full browser', 'Full browser') : screenMode === 'full-browser' ? t('Full screen', 'Full screen') : t('Exit full screen', 'Exit full screen');

  return (
    <div className="dv-toolbar-group" role="group" aria-label={t('Settings tools', 'Settings tools')}>
      {panelButton('browser', 'browser', t('Model browser', 'Model browser'), !only2d)}
      {/* Spec 001 §2 "Panels" 3: the layers panel only for models that have layers. */}
      {panelButton('layers', 'layers', t('Layers', 'Layers'), layers.length > 0)}
      {panelButton('properties', 'properties', t('Properties', 'Properties'))}
      {panelButton('settings', 'settings', t('Settings', 'Settings'))}
      {liveReview && isShownAtWidth('collaborate', width) && (
        <ToolbarButton
          item="collaborate"
          icon="collaborate"
          label={t('Live review', 'Live review')}
          state={liveReview.isActive() ? 'active' : 'inactive'}
          isToggle
          onActivate={() => {
            if (liveReview.isActive()) viewer.deactivateExtension(liveReview.id);
            else viewer.activateExtension(liveReview.id);
            refresh();
          }}
        />
      )}
      <ContributedButtons group="settings" />
      <ToolbarButton
        item="fullscreen"
        icon={screenMode === 'normal' ? 'fullscreen' : 'exitFullscreen'}
        label={nextScreenLabel}
        state={screenMode === 'normal' ? 'inactive' : 'active'}
        onActivate={() => viewer.nextScreenMode()}
      />
      {chrome.isDebugEnabled && panelButton('debug', 'debug', t('Debug', 'Debug'))}
    </div>
  );
}
