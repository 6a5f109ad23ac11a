import { expect } from '@esm-bundle/chai';
import { SUPPORTED_LANGUAGES } from '../../../core/index.js';
import { nextEvent, sampleUrl } from '../../support/helpers.js';
import { $, click, createViewerElement, exists, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

async function strings(language: string): Promise<Record<string, string>> {
  const response = await fetch(`/res/locales/${language}/allstrings.json`);
  expect(response.ok, `res/locales/${language}/allstrings.json`).to.equal(true);
  return response.json();
}

/** Scripts the translations of these languages are written in. */
const SCRIPTS: Record<string, RegExp> = {
  ja: /[\u3040-\u30ff\u4e00-\u9fff]/,
  ko: /[\uac00-\ud7af]/,
  'zh-HANS': /[\u4e00-\u9fff]/,
  'zh-HANT': /[\u4e00-\u9fff]/,
  ru: /[\u0400-\u04ff]/,
};

describe('Languages', () => {
  afterEach(removeViewerElements);

  it('has every UI string in each of the 16 languages, placeholders kept', async () => {
    const english = await strings('en');
    const keys = Object.keys(english).sort();
    expect(keys.length).to.be.greaterThan(150);
    for (const { symbol } of SUPPORTED_LANGUAGES) {
      const translated = await strings(symbol);
      expect(Object.keys(translated).sort(), symbol).to.deep.equal(keys);
      for (const key of keys) {
        expect(translated[key], `${symbol}: ${key}`).to.be.a('string').and.not.equal('');
        expect(translated[key].includes('{{id}}'), `${symbol}: ${key}`).to.equal(key.includes('{{id}}'));
      }
      if (symbol === 'en') continue;
      // A real translation: most strings differ from English (names like "Zoom" or "OK" may not).
      const different = keys.filter((k) => translated[k] !== english[k]).length;
      expect(different / keys.length, symbol).to.be.greaterThan(0.8);
      const script = SCRIPTS[symbol];
      if (script) expect(keys.filter((k) => script.test(translated[k])).length / keys.length, symbol).to.be.greaterThan(0.85);
    }
  });

  it('switches the visible text live when the language attribute changes', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 780, height: 560 });
    await click(toolbarButton(element, 'browser'));
    await click(toolbarButton(element, 'properties'));
    expect($(element, '[data-panel="browser"] h2').textContent).to.equal('Model');
    expect($(element, '[data-panel="properties"] .dv-empty').textContent).to.equal('No properties to display');
    const russian = await strings('ru');
    const changed = nextEvent(element, 'language-change');
    element.setAttribute('language', 'ru-RU');
    expect((await changed).language).to.equal('ru');
    await waitFor(() => $(element, '[data-panel="browser"] h2').textContent === russian.Model);
    expect($(element, '[data-panel="properties"] h2').textContent).to.equal(russian.Properties);
    expect($(element, '[data-panel="properties"] .dv-empty').textContent).to.equal(russian['No properties to display']);
    expect($(element, '.dv-search-input').getAttribute('placeholder')).to.equal(russian.Search);
    expect($(element, '[data-item="orbit"] .dv-tooltip').textContent).to.equal(russian.Orbit);
    expect($(element, '.dv-chrome').getAttribute('lang')).to.equal('ru');
    expect(element.viewer!.canvas.getAttribute('aria-label')).to.equal(russian['Model view']);
  });

  it('takes the language from the page’s setLng parameter when none is given', async () => {
    const url = new URL(location.href);
    const original = url.href;
    url.searchParams.set('setLng', 'zh-TW');
    history.replaceState(null, '', url.href);
    try {
      const element = document.createElement('design-viewer');
      element.style.cssText = 'display:block;width:400px;height:300px';
      const changed = nextEvent(element, 'language-change');
      document.body.appendChild(element);
      expect((await changed).language).to.equal('zh-HANT');
      const chinese = await strings('zh-HANT');
      await waitFor(() => exists(element, '.dv-toolbar'));
      await waitFor(() => $(element, '[data-item="settings"] .dv-tooltip').textContent === chinese.Settings);
    } finally {
      history.replaceState(null, '', original);
    }
  });
});
