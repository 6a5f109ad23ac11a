import { useStore } from '@nanostores/react';
import { useTranslate, useViewer } from '../ViewerContext.js';

/** Spec 001 §2 item 7 and §9: the progress bar hides at 99% or more. */
export const PROGRESS_HIDE_PERCENT = 99;

export function ProgressBar() {
  const viewer = useViewer();
  const t = useTranslate();
  const progress = useStore(viewer.stores.$progress);
  if (!progress.isLoading || progress.percent >= PROGRESS_HIDE_PERCENT) return null;
  const percent = Math.round(progress.percent);
  return (
    <div className="dv-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('Loading', 'Loading')}>
      <div className="dv-progress-value" style={{ width: `${percent}%` }} />
    </div>
  );
}
