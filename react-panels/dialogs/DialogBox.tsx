import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { DialogRequest } from '../../core/index.js';
import { useFocusTrap } from '../keyboard/useFocusTrap.js';
import { useTranslate } from '../ViewerContext.js';

interface DialogBoxProps {
  request: DialogRequest;
  onClose: (accepted: boolean, value?: string) => void;
}

/**
 * One modal dialog of the queue (spec 001 §2 "Dialogs", §5): alert (OK), confirm and prompt (OK and
 * Cancel). OK has the focus (a prompt's field, for typing). Enter submits a prompt, Space submits a
 * confirm or an alert, Esc cancels when there is a Cancel button. Keys do not reach the viewer behind.
 */
export function DialogBox({ request, onClose }: DialogBoxProps) {
  const t = useTranslate();
  const messageId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState(request.defaultValue);
  useFocusTrap(box, true);

  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    const inField = (event.target as HTMLElement).tagName === 'INPUT';
    if (event.key === 'Enter' && request.kind === 'prompt') {
      event.preventDefault();
      onClose(true, value);
    } else if (event.key === ' ' && request.kind !== 'prompt' && !inField) {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'Escape' && request.hasCancel) {
      event.preventDefault();
      onClose(false);
    }
  };

  return (
    <div className="dv-dialog-layer">
      <div className="dv-modal-backdrop" aria-hidden="true" />
      <div
        ref={box}
        className={`dv-dialog is-${request.kind}`}
        role={request.kind === 'prompt' ? 'dialog' : 'alertdialog'}
        aria-modal="true"
        aria-label={request.kind === 'prompt' ? request.message : undefined}
        aria-describedby={messageId}
        data-dialog={request.kind}
        onKeyDown={onKeyDown}
      >
        <p id={messageId} className="dv-dialog-message">
          {request.message}
        </p>
        {request.kind === 'prompt' && (
          <input
            className="dv-field dv-dialog-input"
            aria-label={request.message}
            value={value}
            data-autofocus=""
            onChange={(event) => setValue(event.target.value)}
          />
        )}
        <div className="dv-dialog-buttons">
          {request.hasCancel && (
            <button type="button" className="dv-button" data-button="cancel" onClick={() => onClose(false)}>
              {t('Cancel', 'Cancel')}
            </button>
          )}
          <button
            type="button"
            className="dv-button is-primary"
            data-button="ok"
            data-autofocus={request.kind === 'prompt' ? undefined : ''}
            onClick={() => onClose(true, value)}
          >
            {t('OK', 'OK')}
          </button>
        </div>
      </div>
    </div>
  );
}
