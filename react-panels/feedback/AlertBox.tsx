import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import { getErrorInfo } from '../../core/index.js';
import { useChrome } from '../ChromeState.js';
import { Icon } from '../icons/Icon.js';
import { useTranslate } from '../ViewerContext.js';

/**
 * The alert box (spec 001 §2 item 7, §8): an error's title, message and hints from the catalogue, or the
 * raw message under a warning header for an unknown code. OK (or Escape, step 6 of the order) dismisses it.
 */
export function AlertBox() {
  const chrome = useChrome();
  const t = useTranslate();
  const error = useStore(chrome.$alert);
  const titleId = useId();
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (error) ok.current?.focus({ preventScroll: true });
  }, [error]);
  if (!error) return null;

  const info = getErrorInfo(error.code);
  const title = info ? t(info.title, info.title) : t('Warning', 'Warning');
  const message = info ? t(info.message, info.message) : error.message;
  return (
    <div className="dv-alert" role="alertdialog" aria-modal="false" aria-labelledby={titleId} data-error-code={error.code}>
      <div className="dv-alert-head">
        <Icon name={info ? 'error' : 'warning'} size={22} />
        <h2 id={titleId}>{title}</h2>
      </div>
      <p className="dv-alert-message">{message}</p>
      {info && info.hints.length > 0 && (
        <ul className="dv-alert-hints">
          {info.hints.map((hint) => (
            <li key={hint}>{t(hint, hint)}</li>
          ))}
        </ul>
      )}
      {info && error.message !== info.message && <p className="dv-alert-detail">{error.message}</p>}
      <div className="dv-dialog-buttons">
        <button ref={ok} type="button" className="dv-button is-primary" onClick={() => chrome.$alert.set(null)}>
          {t('OK', 'OK')}
        </button>
      </div>
    </div>
  );
}
