import { useId } from 'react';

interface PreferenceSwitchProps {
  name: string;
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
  /** A short note shown beside the label and read with the switch (e.g. "Not yet drawn"). */
  note?: string;
  /** A switch that means nothing now (it depends on another that is off) is disabled. */
  disabled?: boolean;
}

/** An on/off preference: a switch (role="switch") with its label; Space or Enter flips it. */
export function PreferenceSwitch({ name, label, value, onChange, note, disabled = false }: PreferenceSwitchProps) {
  const labelId = useId();
  const noteId = useId();
  return (
    <div className={`dv-setting${disabled ? ' is-disabled' : ''}`} data-preference={name}>
      <span className="dv-setting-label">
        <span id={labelId}>{label}</span>
        {note && (
          <span id={noteId} className="dv-setting-badge" data-note="">
            {note}
          </span>
        )}
      </span>
      <button
        type="button"
        role="switch"
        className="dv-switch"
        aria-checked={value}
        aria-labelledby={labelId}
        aria-describedby={note ? noteId : undefined}
        disabled={disabled}
        onClick={() => onChange(!value)}
      >
        <span className="dv-switch-thumb" />
      </button>
    </div>
  );
}
