import { useStore } from '@nanostores/react';
import { useTranslate, useViewer } from '../ViewerContext.js';

/** Spec 001 §2 item 11: the spinner with the text LOADING, shown while the only model loads. */
export function LoadingSpinner() {
  const viewer = useViewer();
  const t = useTranslate();
  const progress = useStore(viewer.stores.$progress);
  const models = useStore(viewer.stores.$models);
  const onlyModelLoading = progress.isLoading && models.filter((m) => m.isGeometryLoaded).length === 0;
  if (!onlyModelLoading) return null;
  return (
    <div className="dv-spinner" role="status" aria-live="polite">
      <img className="dv-spinner-image" src={viewer.resources.url('ui/spinner.png')} alt="" />
      <span className="dv-spinner-text">{t('LOADING', 'LOADING')}</span>
    </div>
  );
}
