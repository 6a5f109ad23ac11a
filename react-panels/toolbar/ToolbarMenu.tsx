import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Icon, type IconName } from '../icons/Icon.js';

export interface MenuEntry {
  key: string;
  icon: IconName;
  label: string;
  /** A tool of the radio group reports whether it is the active one; an action has no checked state. */
  checked?: boolean;
  disabled?: boolean;
  onSelect: () => void;
}

interface ToolbarMenuProps {
  label: string;
  entries: readonly MenuEntry[];
  /** Focus the first entry when opened from the keyboard. */
  focusFirst: boolean;
  onClose: (returnFocus: boolean) => void;
}

/**
 * The flyout of a toolbar button (camera submenu, orbit and zoom choices): a menu above the button,
 * operated with the arrow keys, Enter or Space, closed with Escape, Tab or a click elsewhere.
 */
export function ToolbarMenu({ label, entries, focusFirst, onClose }: ToolbarMenuProps) {
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const items = list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]');
    if (focusFirst) items?.[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const path = event.composedPath();
      if (list.current && !path.includes(list.current) && !path.some((n) => (n as HTMLElement).dataset?.menuOwner !== undefined)) onClose(false);
    };
    const root = list.current?.getRootNode() as Document | ShadowRoot | undefined;
    root?.addEventListener('pointerdown', onPointerDown as EventListener, true);
    return () => root?.removeEventListener('pointerdown', onPointerDown as EventListener, true);
  }, [focusFirst, onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const index = items.indexOf(event.target as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(items.length - 1);
        break;
      case 'Escape':
        onClose(true);
        break;
      case 'Tab':
        onClose(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div ref={list} className="dv-toolbar-menu" role="menu" aria-label={label} onKeyDown={onKeyDown}>
      {entries.map((entry) => (
        <button
          key={entry.key}
          type="button"
          role={entry.checked === undefined ? 'menuitem' : 'menuitemradio'}
          aria-checked={entry.checked}
          aria-disabled={entry.disabled || undefined}
          tabIndex={-1}
          data-entry={entry.key}
          className={`dv-toolbar-menu-item${entry.checked ? ' is-checked' : ''}`}
          onClick={() => {
            if (entry.disabled) return;
            entry.onSelect();
            onClose(true);
          }}
        >
          <Icon name={entry.icon} size={18} />
          <span>{entry.label}</span>
        </button>
      ))}
    </div>
  );
}
