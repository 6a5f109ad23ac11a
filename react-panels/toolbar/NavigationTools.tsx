import { useStore } from '@nanostores/react';
import { useChrome } from '../ChromeState.js';
import type { IconName } from '../icons/Icon.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import type { ButtonState } from './ToolbarButton.js';
import { ToolbarButton } from './ToolbarButton.js';
import { ToolbarCombo } from './ToolbarCombo.js';
import type { MenuEntry } from './ToolbarMenu.js';
import { ToolbarMenuButton } from './ToolbarMenuButton.js';
import { isShownAtWidth } from './toolbarBreakpoints.js';
import { activateNavigationTool, TOOL_NAMES, type ToolEntry } from './toolNames.js';
import { useToolNames } from './useToolNames.js';

const stateOf = (entry: MenuEntry): ButtonState => (entry.disabled ? 'disabled' : entry.checked ? 'active' : 'inactive');

/** Whether the device is touch-first: the camera submenu then offers Home (spec 001 §2). */
function isTouchDevice(isMobile: boolean): boolean {
  return isMobile || Boolean(globalThis.matchMedia?.('(pointer: coarse)').matches);
}

/**
 * The navigation group (spec 001 §2 "Toolbar"): orbit (constrained or free), pan, zoom (or zoom window),
 * walk, and the camera submenu (home on touch devices, fit to view, focal length, roll). The tools are
 * one radio group: activating one leaves the others. On a 2D sheet (spec 001 §4) the view does not turn:
 * no orbit, walk, focal length or roll.
 */
export function NavigationTools() {
  const viewer = useViewer();
  const t = useTranslate();
  const { width } = useStore(useChrome().$size);
  const activeTool = useStore(viewer.stores.$activeTool);
  const names = useToolNames(viewer);
  const is2d = useStore(viewer.stores.$is2d);

  const tool = (entry: ToolEntry, icon: IconName, label: string): MenuEntry => {
    const name = TOOL_NAMES[entry].find((n) => names.includes(n)) ?? null;
    return {
      key: entry,
      icon,
      label,
      checked: name !== null && activeTool === name,
      disabled: name === null,
      onSelect: () => name && activateNavigationTool(viewer, name),
    };
  };

  const pan = tool('pan', 'pan', t('Pan', 'Pan'));
  const walk = tool('walk', 'walk', t('Walk', 'Walk'));
  const fov = tool('fov', 'focalLength', t('Focal length', 'Focal length'));
  const roll = tool('roll', 'roll', t('Roll', 'Roll'));
  const cameraEntries: MenuEntry[] = [
    ...(isTouchDevice(viewer.isMobile) ? [{ key: 'home', icon: 'home' as const, label: t('Home', 'Home'), onSelect: () => void viewer.goHome() }] : []),
    { key: 'fit', icon: 'fit', label: t('Fit to view', 'Fit to view'), onSelect: () => void viewer.fitToView() },
    ...(is2d ? [] : [fov, roll]),
  ];

  return (
    <div className="dv-toolbar-group" role="group" aria-label={t('Navigation', 'Navigation')}>
      {!is2d && isShownAtWidth('orbit', width) && (
        <ToolbarCombo
          item="orbit"
          entries={[tool('orbit', 'orbit', t('Orbit', 'Orbit')), tool('freeorbit', 'freeorbit', t('Free orbit', 'Free orbit'))]}
          stateOf={stateOf}
          moreLabel={t('More orbit tools', 'More orbit tools')}
        />
      )}
      {isShownAtWidth('pan', width) && (
        <ToolbarButton item="pan" icon="pan" label={pan.label} state={stateOf(pan)} isToggle onActivate={pan.onSelect} />
      )}
      {isShownAtWidth('zoom', width) && (
        <ToolbarCombo
          item="zoom"
          entries={[tool('dolly', 'zoom', t('Zoom', 'Zoom')), tool('zoomWindow', 'zoomWindow', t('Zoom window', 'Zoom window'))]}
          stateOf={stateOf}
          moreLabel={t('More zoom tools', 'More zoom tools')}
        />
      )}
      {!is2d && isShownAtWidth('walk', width) && (
        <ToolbarButton item="walk" icon="walk" label={walk.label} state={stateOf(walk)} isToggle onActivate={walk.onSelect} />
      )}
      {isShownAtWidth('camera', width) && (
        <ToolbarMenuButton
          item="camera"
          icon="camera"
          label={t('Camera', 'Camera')}
          state={fov.checked || roll.checked ? 'active' : 'inactive'}
          entries={cameraEntries}
        />
      )}
    </div>
  );
}
