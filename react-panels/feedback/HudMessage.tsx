import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { useTranslate, useViewer } from '../ViewerContext.js';

/**
 * A heads-up message over the canvas (spec 001 §2 item 7) with, when it is tied to a preference, a
 * "Do not show this message again" box that turns the preference off.
 */
export function HudMessage() {
  const viewer = useViewer();
  const t = useTranslate();
  const hud = useStore(viewer.dialogs.$hud);
  const [doNotShow, setDoNotShow] = useState(false);
  const checkId = useId();
  const titleId = useId();
  if (!hud) return null;
  return (
    <div className="dv-hud" role="status" aria-labelledby={hud.title ? titleId : undefined}>
      {hud.title && <h2 id={titleId}>{hud.title}</h2>}
      <p>{hud.message}</p>
      <div className="dv-hud-footer">
        {hud.preference ? (
          <label htmlFor={checkId} className="dv-hud-check">
            <input id={checkId} type="checkbox" checked={doNotShow} onChange={(event) => setDoNotShow(event.target.checked)} />
            {t('Do not show this message again', 'Do not show this message again')}
          </label>
        ) : (
          <span />
        )}
        <button
          type="button"
          className="dv-button is-primary"
          onClick={() => {
            viewer.dialogs.dismissHud(doNotShow);
            setDoNotShow(false);
          }}
        >
          {t('OK', 'OK')}
        </button>
      </div>
    </div>
  );
}
