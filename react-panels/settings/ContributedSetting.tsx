import { useStore } from '@nanostores/react';
import type { SettingSpec } from '../../core/index.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { PreferenceSwitch } from './PreferenceSwitch.js';

/** A switch an extension added to the settings panel (viewer.ui `$settings`): it sets its preference. */
export function ContributedSetting({ setting }: { setting: SettingSpec }) {
  const viewer = useViewer();
  const t = useTranslate();
  const value = useStore(viewer.stores.$preferences)[setting.preference];
  return <PreferenceSwitch name={setting.preference} label={t(setting.label, setting.label)} value={Boolean(value)} onChange={(on) => viewer.prefs.set(setting.preference, on)} />;
}
