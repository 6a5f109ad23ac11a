import { forwardRef, type KeyboardEvent, type MouseEvent } from 'react';
import { Icon, type IconName } from '../icons/Icon.js';

/** Spec 001 §2 "Toolbar": a button is active, inactive or disabled. */
export type ButtonState = 'active' | 'inactive' | 'disabled';

interface ToolbarButtonProps {
  /** What the button is for, in the test hooks and CSS (`data-item`). */
  item: string;
  /** One of the chrome's icons, or an image (an extension's own). */
  icon: IconName | { url: string };
  /** The translated tooltip, also the accessible name. */
  label: string;
  state?: ButtonState;
  /** A toggle (tool, panel) reports its state with aria-pressed; a plain action does not. */
  isToggle?: boolean;
  onActivate: () => void;
  /** Extra attributes for a button that opens a menu. */
  hasPopup?: boolean;
  isExpanded?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  className?: string;
}

/**
 * One toolbar button with its tooltip. A disabled button stays focusable (aria-disabled, so keyboard
 * users still find it and hear why nothing happens) and ignores clicks.
 */
export const ToolbarButton = forwardRef<HTMLButtonElement, ToolbarButtonProps>(function ToolbarButton(
  { item, icon, label, state = 'inactive', isToggle = false, onActivate, hasPopup, isExpanded, onKeyDown, className = '' },
  ref,
) {
  const disabled = state === 'disabled';
  const onClick = (event: MouseEvent) => {
    if (disabled) {
      event.preventDefault();
      return;
    }
    onActivate();
  };
  return (
    <span className={`dv-toolbar-item ${className}`} data-item={item}>
      <button
        ref={ref}
        type="button"
        className={`dv-toolbar-button is-${state}`}
        data-toolbar-button=""
        aria-label={label}
        aria-disabled={disabled || undefined}
        aria-pressed={isToggle ? state === 'active' : undefined}
        aria-haspopup={hasPopup ? 'menu' : undefined}
        aria-expanded={hasPopup ? Boolean(isExpanded) : undefined}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        {typeof icon === 'string' ? <Icon name={icon} /> : <img className="dv-icon" src={icon.url} width={20} height={20} alt="" />}
      </button>
      <span className="dv-tooltip" aria-hidden="true">
        {label}
      </span>
    </span>
  );
});
