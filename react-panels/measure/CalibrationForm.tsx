import { type FormEvent, useState } from 'react';
import type { MeasureExtension } from '../../core/index.js';
import { useTranslate } from '../ViewerContext.js';

/**
 * Calibration (calibrate mode): pick two points, then type their true length ("2.5 m", "5' 6 1/2\"", or a
 * number in the unit shown); every later measurement of that model is scaled. Text that is no positive
 * length (spec 001 §5's unit text) says so and calibrates nothing.
 */
export function CalibrationForm({ measure, isPending }: { measure: MeasureExtension; isPending: boolean }) {
  const t = useTranslate();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const scale = measure.getCalibration();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Text without a unit is in the unit shown (the extension parses it: spec 001 §5).
    if (measure.calibrate(text.trim())) {
      setText('');
      setMessage(null);
    } else setMessage(t('Not a valid length', 'Not a valid length'));
  };

  return (
    <form className="dv-measure-calibration" onSubmit={submit}>
      {!isPending && <p className="dv-measure-hint">{t('Pick two points of a known length', 'Pick two points of a known length')}</p>}
      {isPending && (
        <label>
          <span>{t('True length', 'True length')}</span>
          <input
            type="text"
            className="dv-measure-true-length"
            value={text}
            placeholder={`2.5 ${measure.getUnits() === 'ft-in' ? 'ft' : measure.getUnits()}`}
            aria-invalid={message !== null}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setMessage(null);
            }}
          />
          <button type="submit">{t('Calibrate', 'Calibrate')}</button>
        </label>
      )}
      {message && (
        <p className="dv-measure-problem" role="alert">
          {message}
        </p>
      )}
      {scale !== 1 && <p className="dv-measure-hint">{`${t('Calibration scale', 'Calibration scale')} ${scale.toFixed(4)}`}</p>}
    </form>
  );
}
