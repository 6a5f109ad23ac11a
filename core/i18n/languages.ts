/** Spec 001 §3: supported languages (symbol, label). */
export const SUPPORTED_LANGUAGES: readonly { symbol: string; label: string }[] = [
  { symbol: 'en', label: 'English' },
  { symbol: 'zh-HANS', label: 'Chinese Simplified' },
  { symbol: 'zh-HANT', label: 'Chinese Traditional' },
  { symbol: 'ja', label: 'Japanese' },
  { symbol: 'cs', label: 'Czech' },
  { symbol: 'ko', label: 'Korean' },
  { symbol: 'pl', label: 'Polish' },
  { symbol: 'ru', label: 'Russian' },
  { symbol: 'fr', label: 'French' },
  { symbol: 'de', label: 'German' },
  { symbol: 'it', label: 'Italian' },
  { symbol: 'nl', label: 'Dutch' },
  { symbol: 'es', label: 'Spanish' },
  { symbol: 'pt-BR', label: 'Portuguese Brazil' },
  { symbol: 'tr', label: 'Turkish' },
  { symbol: 'sv', label: 'Swedish' },
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
