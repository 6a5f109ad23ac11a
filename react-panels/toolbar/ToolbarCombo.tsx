import { type KeyboardEvent, useCallback, useRef, useState } from 'react';
import { Icon } from '../icons/Icon.js';
import { type ButtonState, ToolbarButton } from './ToolbarButton.js';
import { type MenuEntry, ToolbarMenu } from './ToolbarMenu.js';

interface ToolbarComboProps {
  item: string;
  /** The choices; the button shows the one picked last. */
  entries: readonly MenuEntry[];
  /** State of the main button given the choice it shows. */
  stateOf: (entry: MenuEntry) => ButtonState;
  /** Accessible name of the arrow that opens the choices. */
  moreLabel: string;
}

/**
 * A combo button (spec 001 §2: orbit constrained or free; zoom or zoom window): the main button runs the
 * choice shown on it, the small arrow beside it opens the other choices.
 */
export function ToolbarCombo({ item, entries, stateOf, moreLabel }: ToolbarComboProps) {
  const arrow = useRef<HTMLButtonElement>(null);
  const [chosen, setChosen] = useState(entries[0].key);
  const [open, setOpen] = useState<false | 'pointer' | 'keyboard'>(false);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) arrow.current?.focus();
  }, []);
  // The active tool shows on the button, whoever activated it; otherwise the last choice.
  const current = entries.find((e) => e.checked) ?? entries.find((e) => e.key === chosen) ?? entries[0];
  const menuEntries = entries.map((entry) => ({ ...entry, onSelect: () => (setChosen(entry.key), entry.onSelect()) }));
  const onArrowKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setOpen('keyboard');
    }
  };
  return (
    <span className="dv-toolbar-flyout dv-toolbar-combo" data-menu-owner="">
      <ToolbarButton
        item={item}
        icon={current.icon}
        label={current.label}
        state={stateOf(current)}
        isToggle
        onActivate={current.onSelect}
      />
      <button
        ref={arrow}
        type="button"
        className="dv-toolbar-combo-arrow"
        data-toolbar-button=""
        data-combo-arrow={item}
        aria-label={moreLabel}
        title={moreLabel}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        onClick={() => setOpen(open ? false : 'pointer')}
        onKeyDown={onArrowKeyDown}
      >
        <Icon name="chevronUp" size={10} />
      </button>
      {open && <ToolbarMenu label={moreLabel} entries={menuEntries} focusFirst={open === 'keyboard'} onClose={close} />}
    </span>
  );
}
