import { useStore } from '@nanostores/react';
import { Icon } from '../icons/Icon.js';
import { useTranslate, useViewer } from '../ViewerContext.js';

/** The log toasts (spec 001 §2 "Dialogs": success and error), announced politely, each hiding after its delay. */
export function LogToasts() {
  const viewer = useViewer();
  const t = useTranslate();
  const logs = useStore(viewer.dialogs.$logs);
  return (
    <div className="dv-toasts" role="log" aria-live="polite" aria-label={t('Notifications', 'Notifications')}>
      {logs.map((entry) => (
        <div key={entry.id} className={`dv-toast is-${entry.type}`} data-log-type={entry.type}>
          <Icon name={entry.type === 'error' ? 'error' : entry.type === 'success' ? 'success' : 'info'} size={18} />
          <span className="dv-toast-message">{entry.message}</span>
          <button type="button" className="dv-icon-button" aria-label={t('Close', 'Close')} onClick={() => viewer.dialogs.dismissLog(entry.id)}>
            <Icon name="close" size={14} />
          </button>
        </div>
      ))}
    </div>
  );
}
