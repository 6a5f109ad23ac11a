import { useStore } from '@nanostores/react';
import { useTranslate, useViewer } from '../ViewerContext.js';

/** Debug menu: what each loaded model holds, and what the last frame cost. */
export function ModelStatistics() {
  const viewer = useViewer();
  const t = useTranslate();
  const models = useStore(viewer.stores.$models);
  useStore(viewer.stores.$progress);
  useStore(viewer.stores.$finalFrame);
  const frame = viewer.getFrameStats();
  return (
    <section className="dv-debug-section" aria-labelledby="dv-debug-stats">
      <h3 id="dv-debug-stats">{t('Model statistics', 'Model statistics')}</h3>
      {!models.length && <p className="dv-setting-note">{t('No model is loaded.', 'No model is loaded.')}</p>}
      {models.map((model) => (
        <dl key={model.id} className="dv-debug-stats" data-model={model.fileName}>
          <dt>{t('Model', 'Model')}</dt>
          <dd>{model.getRootName()}</dd>
          <dt>{t('Objects', 'Objects')}</dt>
          <dd data-stat="objects">{model.getInstanceTree().getNodeCountInTree()}</dd>
          <dt>{t('Fragments', 'Fragments')}</dt>
          <dd data-stat="fragments">{model.fragments.count}</dd>
          <dt>{t('Materials', 'Materials')}</dt>
          <dd>{model.materials.length}</dd>
          <dt>{t('Geometry loaded', 'Geometry loaded')}</dt>
          <dd>{model.isGeometryLoaded ? t('Yes', 'Yes') : t('No', 'No')}</dd>
        </dl>
      ))}
      <dl className="dv-debug-stats">
        <dt>{t('Draw calls', 'Draw calls')}</dt>
        <dd data-stat="draw-calls">{frame.drawCalls}</dd>
        <dt>{t('Triangles', 'Triangles')}</dt>
        <dd>{frame.triangles}</dd>
      </dl>
    </section>
  );
}
