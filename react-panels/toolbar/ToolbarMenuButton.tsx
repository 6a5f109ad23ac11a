import { type KeyboardEvent, useCallback, useRef, useState } from 'react';
import type { IconName } from '../icons/Icon.js';
import { type ButtonState, ToolbarButton } from './ToolbarButton.js';
import { type MenuEntry, ToolbarMenu } from './ToolbarMenu.js';

interface ToolbarMenuButtonProps {
  item: string;
  icon: IconName;
  label: string;
  state: ButtonState;
  entries: readonly MenuEntry[];
}

/** A toolbar button that opens a flyout of entries (the camera submenu). */
export function ToolbarMenuButton({ item, icon, label, state, entries }: ToolbarMenuButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState<false | 'pointer' | 'keyboard'>(false);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (state === 'disabled') return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setOpen('keyboard');
    }
  };
  return (
    <span className="dv-toolbar-flyout" data-menu-owner="">
      <ToolbarButton
        ref={button}
        item={item}
        icon={icon}
        label={label}
        state={open ? 'active' : state}
        hasPopup
        isExpanded={Boolean(open)}
        onActivate={() => setOpen(open ? false : 'pointer')}
        onKeyDown={onKeyDown}
      />
      {open && <ToolbarMenu label={label} entries={entries} focusFirst={open === 'keyboard'} onClose={close} />}
    </span>
  );
}
