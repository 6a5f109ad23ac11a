import { useStore } from '@nanostores/react';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { PreferenceSwitch } from './PreferenceSwitch.js';
import type { SettingsTabId } from './settingsTabs.js';

/**
 * The switches extensions add to a tab of the settings panel (viewer.ui `$settings`), after the built-in
 * ones, in their order. One whose preference the viewer does not have is not offered (it would do nothing).
 */
export function ContributedSettings({ tab }: { tab: SettingsTabId }) {
  const viewer = useViewer();
  const t = useTranslate();
  const settings = useStore(viewer.ui.$settings).filter((setting) => setting.tab === tab && viewer.prefs.has(setting.preference));
  const values = useStore(viewer.stores.$preferences);
  return (
    <>
      {settings.map((setting) => (
        <PreferenceSwitch
          key={setting.id}
          name={setting.preference}
          label={t(setting.label, setting.label)}
          value={Boolean(values[setting.preference])}
          onChange={(on) => viewer.prefs.set(setting.preference, on)}
        />
      ))}
    </>
  );
}
