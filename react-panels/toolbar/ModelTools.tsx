import { useStore } from '@nanostores/react';
import { ContributedButtons } from '../contributions/ContributedButtons.js';
import { useChrome } from '../ChromeState.js';
import type { IconName } from '../icons/Icon.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { ToolbarButton } from './ToolbarButton.js';
import { isShownAtWidth } from './toolbarBreakpoints.js';
import { isExtensionButtonShown } from './toolbarExtensions.js';
import { TOOL_NAMES, type ToolEntry } from './toolNames.js';
import { useLoadedExtensions } from './useLoadedExtensions.js';
import { useToolActive } from './useToolActive.js';
import { useToolNames } from './useToolNames.js';

/**
 * The model group (spec 001 §2 "Toolbar"): what extensions add to it (explode, section) and measure. Measure shows only while its
 * extension is loaded. Each is disabled until its tool is registered; then a click toggles it.
 */
export function ModelTools() {
  const viewer = useViewer();
  const t = useTranslate();
  const { width } = useStore(useChrome().$size);
  const names = useToolNames(viewer);
  const extensions = useLoadedExtensions(viewer);
  const nameOf = (entry: ToolEntry) => TOOL_NAMES[entry].find((n) => names.includes(n)) ?? null;
  const activeEntries = {
    measure: useToolActive(viewer, nameOf('measure')),
  };

  const button = (entry: ToolEntry & 'measure', icon: IconName, label: string) => {
    if (!isShownAtWidth(entry, width) || !isExtensionButtonShown(entry, extensions)) return null;
    const name = nameOf(entry);
    const isActive = name !== null && activeEntries[entry];
    const toggle = () => {
      if (!name) return;
      if (isActive) viewer.toolController.deactivateTool(name);
      else viewer.toolController.activateTool(name);
    };
    return <ToolbarButton item={entry} icon={icon} label={label} state={!name ? 'disabled' : isActive ? 'active' : 'inactive'} isToggle onActivate={toggle} />;
  };

  return (
    <div className="dv-toolbar-group" role="group" aria-label={t('Model tools', 'Model tools')}>
      <ContributedButtons group="model" />
      {button('measure', 'measure', t('Measure', 'Measure'))}
    </div>
  );
}
