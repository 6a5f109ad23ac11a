import type { KeyboardEvent } from 'react';
import { Icon } from '../icons/Icon.js';
import { useTranslate } from '../ViewerContext.js';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter: search at once. */
  onSubmit: () => void;
  placeholder: string;
}

/** A search field with its icon and a clear button; Escape clears a field that has text. */
export function SearchBox({ value, onChange, onSubmit, placeholder }: SearchBoxProps) {
  const t = useTranslate();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'Escape' && value) {
      // Handled here: the viewer's Escape order only runs for an empty field.
      event.stopPropagation();
      onChange('');
    }
  };
  return (
    <div className="dv-search" role="search">
      <Icon name="search" size={16} />
      <input
        className="dv-search-input"
        type="search"
        value={value}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {value && (
        <button type="button" className="dv-icon-button dv-search-clear" aria-label={t('Clear search', 'Clear search')} onClick={() => onChange('')}>
          <Icon name="close" size={14} />
        </button>
      )}
    </div>
  );
}
