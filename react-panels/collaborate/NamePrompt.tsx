import { type FormEvent, useId, useState } from 'react';
import { useTranslate } from '../ViewerContext.js';

/**
 * Spec 001 §2 "Live review UI": the prompt 'Start a Live Review' (button 'Start Review') or, from an
 * invitation, 'Join a Live Review' ('Join Review'), asking 'Enter your name'. Enter submits; an empty name
 * is not stored (spec 001 §5): the review names the user by the first characters of their id.
 */
export function NamePrompt({ invited, onSubmit }: { invited: boolean; onSubmit: (name: string | null) => void }) {
  const t = useTranslate();
  const [name, setName] = useState('');
  const fieldId = useId();
  const title = invited ? 'Join a Live Review' : 'Start a Live Review';
  const button = invited ? 'Join Review' : 'Start Review';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(name.trim() || null);
  };
  return (
    <form className="dv-review-prompt" onSubmit={submit} aria-label={t(title, title)}>
      <h3 className="dv-review-prompt-title">{t(title, title)}</h3>
      <label htmlFor={fieldId}>{t('Enter your name', 'Enter your name')}</label>
      <input id={fieldId} className="dv-field dv-review-name" value={name} maxLength={40} autoComplete="name" onChange={(event) => setName(event.target.value)} data-autofocus="" />
      <button type="submit" className="dv-review-start">
        {t(button, button)}
      </button>
    </form>
  );
}
