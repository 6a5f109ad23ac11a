import { ERROR_CATALOGUE, type ErrorCodeValue, ViewerError } from '../../core/index.js';
import { useTranslate, useViewer } from '../ViewerContext.js';

/** Debug menu: raises each error of the catalogue (spec 001 §8) the way a real failure would. */
export function ErrorSimulationList() {
  const viewer = useViewer();
  const t = useTranslate();
  const codes = Object.keys(ERROR_CATALOGUE).map(Number) as ErrorCodeValue[];
  return (
    <section className="dv-debug-section" aria-labelledby="dv-debug-errors">
      <h3 id="dv-debug-errors">{t('Simulate an error', 'Simulate an error')}</h3>
      <div className="dv-debug-list">
        {codes.map((code) => (
          <button
            key={code}
            type="button"
            className="dv-debug-chip"
            data-error-code={code}
            onClick={() => viewer.reportError(new ViewerError(code, `Simulated error ${code}`))}
          >
            {code} · {t(ERROR_CATALOGUE[code].title, ERROR_CATALOGUE[code].title)}
          </button>
        ))}
      </div>
    </section>
  );
}
