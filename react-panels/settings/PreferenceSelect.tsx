import { useId } from 'react';

interface PreferenceSelectProps {
  name: string;
  label: string;
  /** Index of the chosen option, or -1. */
  selected: number;
  options: readonly string[];
  onChange: (index: number) => void;
}

/** A preference chosen from a list (light preset, background). */
export function PreferenceSelect({ name, label, selected, options, onChange }: PreferenceSelectProps) {
  const id = useId();
  return (
    <div className="dv-setting" data-preference={name}>
      <label htmlFor={id} className="dv-setting-label">
        {label}
      </label>
      <select id={id} className="dv-field dv-select" value={selected} onChange={(event) => onChange(Number(event.target.value))}>
        {selected < 0 && <option value={-1}>—</option>}
        {options.map((option, index) => (
          <option key={option} value={index}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
