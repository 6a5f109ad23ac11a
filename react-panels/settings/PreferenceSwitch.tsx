import { useId } from 'react';

interface PreferenceSwitchProps {
  name: string;
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
}

/** An on/off preference: a switch (role="switch") with its label; Space or Enter flips it. */
export function PreferenceSwitch({ name, label, value, onChange }: PreferenceSwitchProps) {
  const labelId = useId();
  return (
    <div className="dv-setting" data-preference={name}>
      <span id={labelId} className="dv-setting-label">
        {label}
      </span>
      <button type="button" role="switch" className="dv-switch" aria-checked={value} aria-labelledby={labelId} onClick={() => onChange(!value)}>
        <span className="dv-switch-thumb" />
      </button>
    </div>
  );
}
