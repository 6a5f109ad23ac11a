import { PREFERENCE_STORAGE_PREFIX, safeLocalStorage } from '../viewer/Preferences.js';
import { normalizeLanguage } from './languages.js';

/**
 * The UI language a user picked in the settings, kept in localStorage beside the preferences (spec 001 §4:
 * preferences persist to local storage) so that the next visit opens in it. It decides only where nothing
 * stronger does: the host's `language` (attribute or config) and the page's setLng parameter come first.
 */
export const LANGUAGE_CHOICE_KEY = `${PREFERENCE_STORAGE_PREFIX}language`;

/** The language the user picked last (normalised), or null when none was picked or storage is denied. */
export function readLanguageChoice(storage: Storage | null = safeLocalStorage()): string | null {
  try {
    const stored = storage?.getItem(LANGUAGE_CHOICE_KEY);
    return stored ? normalizeLanguage(stored) : null;
  } catch {
    return null;
  }
}

/** Remembers the user's pick (normalised) for the next visit. */
export function storeLanguageChoice(code: string, storage: Storage | null = safeLocalStorage()): void {
  try {
    storage?.setItem(LANGUAGE_CHOICE_KEY, normalizeLanguage(code));
  } catch {
    // Full or denied storage: the language still applies for this visit.
  }
}
