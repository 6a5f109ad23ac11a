import { expect } from '@esm-bundle/chai';
import { SUPPORTED_LANGUAGES, normalizeLanguage } from '../../../core/index.js';
import { languageFromQuery } from '../../../core/i18n/languages.js';

describe('languages', () => {
  it('lists the 16 languages of spec 001 §3', () => {
    expect(SUPPORTED_LANGUAGES.map((l) => l.symbol)).to.deep.equal(['en', 'zh-HANS', 'zh-HANT', 'ja', 'cs', 'ko', 'pl', 'ru', 'fr', 'de', 'it', 'nl', 'es', 'pt-BR', 'tr', 'sv']);
  });

  it('normalises codes as spec 001 §5 says', () => {
    expect(normalizeLanguage('pt-br')).to.equal('pt-BR');
    expect(normalizeLanguage('PT_br')).to.equal('pt-BR');
    expect(normalizeLanguage('zh-CN')).to.equal('zh-HANS');
    expect(normalizeLanguage('zh-TW')).to.equal('zh-HANT');
    expect(normalizeLanguage('de-AT')).to.equal('de');
    expect(normalizeLanguage('fr-CA')).to.equal('fr');
    expect(normalizeLanguage('JA')).to.equal('ja');
    expect(normalizeLanguage('pt-PT')).to.equal('en'); // pt alone is not supported: only pt-BR
    expect(normalizeLanguage('xx-YY')).to.equal('en');
    expect(normalizeLanguage('')).to.equal('en');
    expect(normalizeLanguage(undefined)).to.equal('en');
  });

  it('reads the setLng query parameter', () => {
    expect(languageFromQuery('?setLng=ja')).to.equal('ja');
    expect(languageFromQuery('?a=1&setLng=zh-TW')).to.equal('zh-TW');
    expect(languageFromQuery('?lang=de')).to.equal(null);
  });
});
