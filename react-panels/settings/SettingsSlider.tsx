import { useId } from 'react';

interface SettingsSliderProps {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  /** The value as shown next to the slider (with its unit). */
  valueText: string;
  disabled?: boolean;
  onChange: (value: number) => void;
}

/** A labelled slider with its current value (the Rendering Options panel). */
export function SettingsSlider({ label, min, max, step, value, valueText, disabled = false, onChange }: SettingsSliderProps) {
  const id = useId();
  return (
    <div className="dv-slider">
      <div className="dv-slider-head">
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id}>{valueText}</output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={valueText}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}
