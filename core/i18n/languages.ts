/**
 * Spec 001 §3: supported languages (symbol, label), each with its name in itself (`name`), which is what a
 * language menu shows: a reader finds their language whatever language the UI is in now.
 */
export const SUPPORTED_LANGUAGES: readonly { symbol: string; label: string; name: string }[] = [
  { symbol: 'en', label: 'English', name: 'English' },
  { symbol: 'zh-HANS', label: 'Chinese Simplified', name: '简体中文' },
  { symbol: 'zh-HANT', label: 'Chinese Traditional', name: '繁體中文' },
  { symbol: 'ja', label: 'Japanese', name: '日本語' },
  { symbol: 'cs', label: 'Czech', name: 'Čeština' },
  { symbol: 'ko', label: 'Korean', name: '한국어' },
  { symbol: 'pl', label: 'Polish', name: 'Polski' },
  { symbol: 'ru', label: 'Russian', name: 'Русский' },
  { symbol: 'fr', label: 'French', name: 'Français' },
  { symbol: 'de', label: 'German', name: 'Deutsch' },
  { symbol: 'it', label: 'Italian', name: 'Italiano' },
  { symbol: 'nl', label: 'Dutch', name: 'Nederlands' },
  { symbol: 'es', label: 'Spanish', name: 'Español' },
  { symbol: 'pt-BR', label: 'Portuguese Brazil', name: 'Português (Brasil)' },
  { symbol: 'tr', label: 'Turkish', name: 'Türkçe' },
  { symbol: 'sv', label: 'Swedish', name: 'Svenska' },
];

export const DEFAULT_LANGUAGE = 'en';
/** Spec 001 §9: i18next's own fallback language. */
export const FALLBACK_LANGUAGE = 'dev';

const SUPPORTED = new Map(SUPPORTED_LANGUAGES.map((l) => [l.symbol.toLowerCase(), l.symbol]));

/**
 * Spec 001 §5: xx-YY becomes lowercase-UPPERCASE; zh-CN maps to zh-HANS and zh-TW to zh-HANT; an
 * unsupported regional code falls back to its base language; anything else gives en.
 */
export function normalizeLanguage(code: string | null | undefined): string {
  if (typeof code !== 'string') return DEFAULT_LANGUAGE;
  const trimmed = code.trim().replace(/_/g, '-');
  if (!trimmed) return DEFAULT_LANGUAGE;
  const parts = trimmed.split('-');
  const base = parts[0].toLowerCase();
  const region = parts[1] ?? '';
  if (base === 'zh') {
    const r = region.toUpperCase();
    if (r === 'CN' || r === 'SG' || r === 'HANS') return 'zh-HANS';
    if (r === 'TW' || r === 'HK' || r === 'MO' || r === 'HANT') return 'zh-HANT';
    return 'zh-HANS';
  }
  const normalized = region ? `${base}-${region.toUpperCase()}` : base;
  const exact = SUPPORTED.get(normalized.toLowerCase());
  if (exact) return exact;
  return SUPPORTED.get(base) ?? DEFAULT_LANGUAGE;
}

/** Spec 001 §5: the setLng query parameter of the page, if any. */
export function languageFromQuery(search = globalThis.location?.search ?? ''): string | null {
  try {
    return new URLSearchParams(search).get('setLng');
  } catch {
    return null;
  }
}
