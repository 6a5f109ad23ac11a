import { useStore } from '@nanostores/react';
import { atom, type ReadableAtom } from 'nanostores';
import { useMemo } from 'react';
import type { ToolbarButtonSpec, ToolbarGroup } from '../../core/index.js';
import { useChrome } from '../ChromeState.js';
import { type IconName, isIconName } from '../icons/Icon.js';
import { ToolbarButton } from '../toolbar/ToolbarButton.js';
import { useTranslate, useViewer } from '../ViewerContext.js';

const INACTIVE = atom<'inactive'>('inactive');

/** The toolbar buttons extensions add to a group (viewer.ui), in their order, hidden below their breakpoint. */
export function ContributedButtons({ group }: { group: ToolbarGroup }) {
  const buttons = useStore(useViewer().ui.$toolbarButtons).filter((button) => button.group === group);
  const { width } = useStore(useChrome().$size);
  return (
    <>
      {buttons
        .filter((button) => width <= 0 || button.hideBelow === undefined || width >= button.hideBelow)
        .map((button) => (
          <ContributedButton key={button.id} button={button} />
        ))}
    </>
  );
}

function ContributedButton({ button }: { button: ToolbarButtonSpec }) {
  const t = useTranslate();
  const state = useStore(button.state ?? INACTIVE);
  const label = useStore(useMemo(() => asStore(button.label), [button.label]));
  const iconName = useStore(useMemo(() => asStore(button.icon), [button.icon]));
  const icon: IconName | { url: string } = isIconName(iconName) ? iconName : { url: iconName };
  return <ToolbarButton item={button.id} icon={icon} label={t(label, label)} state={state} isToggle={button.isToggle} onActivate={() => button.onClick()} />;
}

function asStore(value: string | ReadableAtom<string>): ReadableAtom<string> {
  return typeof value === 'string' ? atom(value) : value;
}
