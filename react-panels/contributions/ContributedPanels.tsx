import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { PanelSpec } from '../../core/index.js';
import { useChrome } from '../ChromeState.js';
import { DockingPanel } from '../docking/DockingPanel.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { DomContent } from './DomContent.js';
import { FEATURE_COMPONENTS } from './featureComponents.js';

const ALWAYS = atom(true);

/**
 * The open panels extensions added (viewer.ui), in stacking order. A built-in feature's panel is its own
 * component (it draws its frame); another's content goes in a docking panel with its title.
 */
export function ContributedPanels() {
  const panels = useStore(useViewer().ui.$panels);
  const open = useStore(useChrome().$openPanels);
  return (
    <>
      {panels
        .filter((panel) => open.includes(panel.id))
        .map((panel) => (
          <ContributedPanel key={panel.id} panel={panel} />
        ))}
    </>
  );
}

function ContributedPanel({ panel }: { panel: PanelSpec }) {
  const t = useTranslate();
  const isAvailable = useStore(panel.isAvailable ?? ALWAYS);
  if (!isAvailable) return null;
  const Component = FEATURE_COMPONENTS[panel.id];
  if (Component) return <Component />;
  if (!panel.render) return null;
  return (
    <DockingPanel id={panel.id} title={t(panel.title, panel.title)} placement={{ right: 12, top: 12, maxHeight: 480 }} resizable className="dv-extension-panel">
      <DomContent render={panel.render} className="dv-extension-panel-body" />
    </DockingPanel>
  );
}
