import type { Measurement, MeasureExtension } from '../../core/index.js';
import { useTranslate } from '../ViewerContext.js';
import { componentsText, MEASUREMENT_TYPE_NAMES, mainValue } from './measureText.js';

/**
 * The measurements made, one a row: its type and number, its value (a distance's X, Y and Z under it);
 * a click selects it (again: deselects), highlighted here and in the canvas; × deletes it.
 */
export function MeasurementList({ measure, measurements, selected }: { measure: MeasureExtension; measurements: readonly Measurement[]; selected: number | null }) {
  const t = useTranslate();
  if (!measurements.length) return <p className="dv-measure-empty">{t('No measurements yet', 'No measurements yet')}</p>;
  return (
    <ul className="dv-measure-list" role="list">
      {measurements.map((m) => {
        const results = measure.formatResults(m);
        const name = `${t(MEASUREMENT_TYPE_NAMES[m.measurementType], MEASUREMENT_TYPE_NAMES[m.measurementType])} ${m.id}`;
        const components = componentsText(results);
        const isSelected = selected === m.id;
        return (
          <li key={m.id} className={`dv-measurement${isSelected ? ' is-selected' : ''}`} data-measurement={m.id}>
            <button type="button" className="dv-measurement-select" aria-pressed={isSelected} onClick={() => measure.$selected.set(isSelected ? null : m.id)}>
              <span className="dv-measurement-name">{name}</span>
              <span className="dv-measurement-value">{mainValue(m, results)}</span>
              {components && <span className="dv-measurement-components">{components}</span>}
            </button>
            <button type="button" className="dv-measurement-delete" aria-label={`${t('Delete', 'Delete')} ${name}`} title={t('Delete', 'Delete')} onClick={() => measure.deleteMeasurement(m.id)}>
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
