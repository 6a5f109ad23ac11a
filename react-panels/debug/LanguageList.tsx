import { useStore } from '@nanostores/react';
import { SUPPORTED_LANGUAGES } from '../../core/index.js';
import { useTranslate, useViewer } from '../ViewerContext.js';

/** Debug menu: every supported language (spec 001 §3); a click switches the UI to it. */
export function LanguageList() {
  const viewer = useViewer();
  const t = useTranslate();
  const current = useStore(viewer.stores.$language);
  return (
    <section className="dv-debug-section" aria-labelledby="dv-debug-languages">
      <h3 id="dv-debug-languages">{t('Languages', 'Languages')}</h3>
      <div className="dv-debug-list">
        {SUPPORTED_LANGUAGES.map((language) => (
          <button
            key={language.symbol}
            type="button"
            className="dv-debug-chip"
            lang={language.symbol}
            aria-pressed={language.symbol === current}
            data-language={language.symbol}
            onClick={() => void viewer.setLanguage(language.symbol)}
          >
            {language.label} <span>{language.symbol}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
