import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useChrome } from '../ChromeState.js';
import { DockingPanel } from '../docking/DockingPanel.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { ContributedSetting } from './ContributedSetting.js';
import { LanguageSelect } from './LanguageSelect.js';
import { PreferenceControl } from './PreferenceControl.js';
import { pageEntries, PREFERENCE_NEEDS_MODEL, SETTINGS_TABS, type SettingsTabId } from './settingsTabs.js';

/** Spec 001 §9: the settings panel is at least 340 px wide and at most 800; its tab column is 200 px. */
export const SETTINGS_MIN_WIDTH = 340;
export const SETTINGS_MAX_WIDTH = 800;
export const SETTINGS_TAB_WIDTH = 200;
const SETTINGS_WIDTH = 640;
const SETTINGS_HEIGHT = 500;

/**
 * The settings panel (spec 001 §2 "Panels" 4): tabs Performance (open first), Navigation, Appearance and
 * Environment (3D only), each listing its preferences; the UI language and "Restore all default settings"
 * below every tab; a modal background that closes it on click. Tabs follow the WAI-ARIA tabs pattern (arrow
 * keys, Home, End).
 */
export function SettingsPanel() {
  const viewer = useViewer();
  const chrome = useChrome();
  const t = useTranslate();
  const idPrefix = useId();
  const size = useStore(chrome.$size);
  const models = useStore(viewer.stores.$models);
  const [tabId, setTabId] = useState<SettingsTabId>('performance');
  const contributed = useStore(viewer.ui.$settings);
  const only2d = models.length > 0 && models.every((m) => m.is2d());
  const has2d = models.some((m) => m.is2d());
  const tabs = SETTINGS_TABS.filter((tab) => !(tab.is3dOnly && only2d));
  const tab = tabs.find((candidate) => candidate.id === tabId) ?? tabs[0];
  // A preference shows when the viewer has it and it applies to what is loaded (2D-only ones need a 2D
  // model; one tagged neither 2D nor 3D, as an extension's may be, always applies).
  const applies = (name: string) => {
    if (!viewer.prefs.has(name)) return false;
    const needs = PREFERENCE_NEEDS_MODEL[name];
    if (needs) return models.some(needs);
    const tags = viewer.prefs.getTags(name);
    return tags.includes('3d') ? !only2d : tags.includes('2d') ? has2d : true;
  };

  const onTabKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(tab);
    const to = { ArrowDown: index + 1, ArrowRight: index + 1, ArrowUp: index - 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    setTabId(next.id);
    (event.currentTarget.parentElement?.querySelector(`[data-tab="${next.id}"]`) as HTMLElement | null)?.focus();
  };

  const width = Math.max(SETTINGS_MIN_WIDTH, Math.min(SETTINGS_MAX_WIDTH, SETTINGS_WIDTH, size.width - 32));
  const height = Math.min(SETTINGS_HEIGHT, size.height - 32);
  return (
    <DockingPanel id="settings" title={t('Settings', 'Settings')} placement={{ width, height, top: Math.max(0, (size.height - height) / 2) }} modal resizable className="dv-settings">
      <div className="dv-settings-layout" style={{ ['--dv-settings-tab-width' as string]: `${SETTINGS_TAB_WIDTH}px` }}>
        <div className="dv-settings-tabs" role="tablist" aria-orientation="vertical" aria-label={t('Settings', 'Settings')}>
          {tabs.map((candidate) => (
            <button
              key={candidate.id}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${candidate.id}`}
              data-tab={candidate.id}
              aria-selected={candidate === tab}
              aria-controls={`${idPrefix}-panel`}
              tabIndex={candidate === tab ? 0 : -1}
              data-autofocus={candidate === tab ? '' : undefined}
              className="dv-settings-tab"
              onClick={() => setTabId(candidate.id)}
              onKeyDown={onTabKeyDown}
            >
              {t(candidate.label, candidate.label)}
            </button>
          ))}
        </div>
        <div className="dv-settings-page" role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${tab.id}`} data-page={tab.id}>
          {pageEntries(tab.preferences.filter(applies), contributed.filter((setting) => setting.tab === tab.id && applies(setting.preference))).map((entry) =>
            entry.setting ? <ContributedSetting key={entry.setting.id} setting={entry.setting} /> : <PreferenceControl key={entry.name} name={entry.name} />,
          )}
          {tab.id === 'environment' && (
            // The modal settings make way for the (non-modal) Rendering Options panel.
            <button
              type="button"
              className="dv-button dv-settings-more"
              onClick={() => {
                viewer.ui.closePanel('settings');
                viewer.ui.openPanel('renderingOptions');
              }}
            >
              {t('Rendering options…', 'Rendering options…')}
            </button>
          )}
        </div>
      </div>
      <footer className="dv-settings-footer">
        <LanguageSelect />
        <button type="button" className="dv-button" data-action="restore-defaults" onClick={() => viewer.prefs.reset()}>
          {t('Restore all default settings', 'Restore all default settings')}
        </button>
      </footer>
    </DockingPanel>
  );
}
