import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { storeLanguageChoice, SUPPORTED_LANGUAGES } from '../../core/index.js';
import { Icon } from '../icons/Icon.js';
import { useTranslate, useViewer } from '../ViewerContext.js';

/**
 * The UI language, in the settings' footer (on every tab): the 16 languages of spec 001 §3, each named in
 * itself, behind a globe that reads in any language. A pick switches every string live (as the element's
 * `language` attribute does, `language-change` included) and is remembered for the next visit; a host that
 * sets `language` still decides at start.
 */
export function LanguageSelect() {
  const viewer = useViewer();
  const t = useTranslate();
  const current = useStore(viewer.stores.$language);
  const id = useId();
  return (
    <div className="dv-settings-language" data-setting="language">
      <label htmlFor={id} className="dv-settings-language-label">
        <Icon name="globe" size={16} />
        {t('Language', 'Language')}
      </label>
      <select
        id={id}
        className="dv-field dv-select"
        value={current}
        onChange={(event) => {
          storeLanguageChoice(event.target.value);
          void viewer.setLanguage(event.target.value);
        }}
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language.symbol} value={language.symbol} lang={language.symbol}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
