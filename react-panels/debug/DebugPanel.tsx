import { DockingPanel } from '../docking/DockingPanel.js';
import { useTranslate } from '../ViewerContext.js';
import { ErrorSimulationList } from './ErrorSimulationList.js';
import { LanguageList } from './LanguageList.js';
import { ModelStatistics } from './ModelStatistics.js';

/**
 * The debug menu (spec 001 §2 "Panels" 8): model statistics, the language list and the error-simulation
 * list. Off unless the viewer config enables it (`config.experimental.debugMenu`).
 */
export function DebugPanel() {
  const t = useTranslate();
  return (
    <DockingPanel id="debug" title={t('Debug', 'Debug')} placement={{ left: 12, top: 12, width: 340, maxHeight: 560 }} resizable className="dv-debug">
      <div className="dv-settings-page">
        <ModelStatistics />
        <LanguageList />
        <ErrorSimulationList />
      </div>
    </DockingPanel>
  );
}
