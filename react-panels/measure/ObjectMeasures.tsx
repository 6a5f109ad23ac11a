import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { MeasureExtension, ObjectDimensions } from '../../core/index.js';
import { useTranslate, useViewer } from '../ViewerContext.js';

/**
 * The measures of the objects selected: with two, a button that adds their minimum distance to the list;
 * with one, its own dimensions (its box's X, Y and Z, and the lengths, areas and volumes the property
 * database has for it), in the panel's unit and precision.
 */
export function ObjectMeasures({ measure }: { measure: MeasureExtension }) {
  const viewer = useViewer();
  const t = useTranslate();
  const selections = useStore(viewer.stores.$selection);
  const count = selections.reduce((sum, s) => sum + s.dbIds.length, 0);
  const [dimensions, setDimensions] = useState<ObjectDimensions | null>(null);
  useEffect(() => {
    let isCurrent = true;
    setDimensions(null);
    if (count === 1) void measure.getSelectedDimensions().then((found) => isCurrent && setDimensions(found));
    return () => {
      isCurrent = false;
    };
  }, [measure, selections, count]);
  const text = dimensions ? measure.formatDimensions(dimensions) : null;
  return (
    <div className="dv-measure-objects">
      <button type="button" className="dv-measure-minimum" disabled={count !== 2} onClick={() => measure.measureSelection()}>
        {t('Minimum distance', 'Minimum distance')}
      </button>
      {count !== 1 && count !== 2 && <p className="dv-measure-hint">{t('Select one object for its dimensions, two for their minimum distance', 'Select one object for its dimensions, two for their minimum distance')}</p>}
      {text && (
        <dl className="dv-measure-dimensions" aria-label={t('Dimensions', 'Dimensions')}>
          <dt>X</dt>
          <dd data-dimension="x">{text.x}</dd>
          <dt>Y</dt>
          <dd data-dimension="y">{text.y}</dd>
          <dt>Z</dt>
          <dd data-dimension="z">{text.z}</dd>
          {text.quantities.map((q) => (
            <div key={`${q.category}/${q.name}`} className="dv-measure-quantity" data-quantity={q.name} title={q.category}>
              <dt>{q.name}</dt>
              <dd>{q.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
