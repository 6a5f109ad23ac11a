import i18next, { type i18n as I18nInstance } from 'i18next';
import type { Logger } from '../viewer/Logger.js';
import { ResourceLocator } from '../viewer/resources.js';
import { DEFAULT_LANGUAGE, normalizeLanguage } from './languages.js';

/** Spec 001 §7: the namespace loaded at init. */
export const NAMESPACE = 'allstrings';
/** Spec 001 §9: cached translations expire after this many ms. */
export const CACHE_EXPIRY_MS = 604800000;
const CACHE_PREFIX = 'design-viewer.i18n.';

/**
 * One i18next instance per viewer, loading res/locales/{lng}/allstrings.json (English as the fallback).
 * `t` before the strings arrive logs and returns the default text (spec 001 §8). The keys are the English
 * texts, so a file that cannot be had leaves the UI in English, with one warning that says why.
 */
export class Translator {
  readonly i18n: I18nInstance;
  private ready = false;
  private readonly listeners = new Set<(language: string) => void>();

  /** Whether the warning that translation files cannot be had was given (once per viewer). */
  private warnedUnavailable = false;

  private readonly resources: ResourceLocator;

  /** `resources`: where res/ is (the viewer's locator, or a resource root URL). */
  constructor(
    resources: ResourceLocator | string,
    private readonly logger: Logger,
  ) {
    this.resources = typeof resources === 'string' ? new ResourceLocator(resources, true) : resources;
    this.i18n = i18next.createInstance();
  }

  get language(): string {
    return this.i18n.language ?? DEFAULT_LANGUAGE;
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** Loads the language (and English) and switches to it; resolves with the language used. */
  async setLanguage(code: string): Promise<string> {
    const language = normalizeLanguage(code);
    if (!this.i18n.isInitialized) {
      await this.i18n.init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        ns: [NAMESPACE],
        defaultNS: NAMESPACE,
        resources: {},
        interpolation: { escapeValue: false },
        // Keys are the English texts themselves ("Model Browser is not available."): no nesting, no namespaces in keys.
        keySeparator: false,
        nsSeparator: false,
        returnNull: false,
      });
    }
    await Promise.all([this.load(DEFAULT_LANGUAGE), this.load(language)]);
    await this.i18n.changeLanguage(language);
    this.ready = true;
    for (const listener of this.listeners) listener(language);
    return language;
  }

  /** Translates a key; the default text stands in while strings load or when the key is missing. */
  t(key: string, defaultText: string, values?: Record<string, unknown>): string {
    if (!this.ready) {
      this.logger.debug(`Translation requested before initialisation: ${key}`);
      return interpolate(defaultText, values);
    }
    return this.i18n.t(key, { defaultValue: defaultText, ...values }) as string;
  }

  onLanguageChange(listener: (language: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async load(language: string): Promise<void> {
    if (this.i18n.hasResourceBundle(language, NAMESPACE)) return;
    // The cache serves when the file cannot be fetched (offline); a fresh file always wins.
    const strings = (await this.fetchStrings(language)) ?? this.readCache(language);
    if (!strings) return;
    // i18next looks script subtags up in its own casing (zh-HANT → zh-Hant): file the strings under both.
    const looksUpAs = this.i18n.services?.languageUtils?.formatLanguageCode?.(language) ?? language;
    for (const code of new Set([language, looksUpAs])) this.i18n.addResourceBundle(code, NAMESPACE, strings, true, true);
  }

  private async fetchStrings(language: string): Promise<Record<string, unknown> | null> {
    const url = this.resources.url(`locales/${language}/${NAMESPACE}.json`);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url);
      text = response.ok ? await response.text() : '';
    } catch (reason) {
      this.warnUnavailable(url, `it could not be fetched (${String(reason)})`);
      return null;
    }
    if (!response.ok) {
      this.warnUnavailable(url, `the server answered ${response.status}`);
      return null;
    }
    // A bundler's dev server or a single-page host answers a missing file with its index page.
    if (/^\s*</.test(text) || /text\/html/i.test(response.headers.get('content-type') ?? '')) {
      this.warnUnavailable(url, 'the server answered with an HTML page, not the file');
      return null;
    }
    try {
      const strings = JSON.parse(text) as Record<string, unknown>;
      this.writeCache(language, strings);
      return strings;
    } catch {
      this.logger.error(`Translation file ${url} is not valid JSON: check it for a typo.`);
      return null;
    }
  }

  /**
   * One message per viewer that the translations cannot be had, and what to do about it: at the error level,
   * the default one (spec 000 §9), as the typo message is, so that a host sees its set-up is incomplete.
   */
  private warnUnavailable(url: string, why: string): void {
    if (this.warnedUnavailable) return;
    this.warnedUnavailable = true;
    this.logger.error(
      `Translation file ${url} could not be loaded: ${why}. The viewer's texts are shown in English. Serve the package's res/ folder and point config.resourceRoot at it, or let your bundler copy it (see the README).`,
    );
  }

  private readCache(language: string): Record<string, unknown> | null {
    try {
      const raw = globalThis.localStorage?.getItem(CACHE_PREFIX + this.resources.root + language);
      if (!raw) return null;
      const entry = JSON.parse(raw) as { expires: number; strings: Record<string, unknown> };
      return entry.expires > Date.now() ? entry.strings : null;
    } catch {
      return null;
    }
  }

  private writeCache(language: string, strings: Record<string, unknown>): void {
    try {
      globalThis.localStorage?.setItem(CACHE_PREFIX + this.resources.root + language, JSON.stringify({ expires: Date.now() + CACHE_EXPIRY_MS, strings }));
    } catch {
      // Full or denied storage only costs a fetch next time.
    }
  }
}

function interpolate(text: string, values?: Record<string, unknown>): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
