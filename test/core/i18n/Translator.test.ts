import { expect } from '@esm-bundle/chai';
import { Logger } from '../../../core/index.js';
import { Translator } from '../../../core/i18n/Translator.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';
import { documentServerUrl } from '../../support/helpers.js';

const RESOURCE_ROOT = new URL('/res/', location.origin).href;

describe('Translator', () => {
  it('returns the default text before it is initialised (spec 001 §8), interpolated', () => {
    const translator = new Translator(RESOURCE_ROOT, new Logger());
    expect(translator.isReady).to.equal(false);
    expect(translator.t('Model Browser is not available.', 'Model Browser is not available.')).to.equal('Model Browser is not available.');
    expect(translator.t('Object {{id}}', 'Object {{id}}', { id: 7 })).to.equal('Object 7');
  });

  it('loads res/locales/{lng}/allstrings.json and translates keys that are English sentences', async () => {
    const translator = new Translator(RESOURCE_ROOT, new Logger());
    expect(await translator.setLanguage('ja-JP')).to.equal('ja');
    const japanese = await (await fetch('/res/locales/ja/allstrings.json')).json();
    // Keys with dots and colons are whole keys, not paths.
    expect(translator.t('Model Browser is not available.', 'Model Browser is not available.')).to.equal(japanese['Model Browser is not available.']);
    expect(translator.t('Object Properties Loading...', 'x')).to.equal(japanese['Object Properties Loading...']);
    expect(translator.t('Object {{id}}', 'Object {{id}}', { id: 12 })).to.equal(japanese['Object {{id}}'].replace('{{id}}', '12'));
    // A key no file has falls back to its default text.
    expect(translator.t('Not a key anywhere', 'Fallback')).to.equal('Fallback');
    // Script subtags (zh-HANS, zh-HANT) translate too, though i18next spells them zh-Hans internally.
    expect(await translator.setLanguage('zh-CN')).to.equal('zh-HANS');
    const simplified = await (await fetch('/res/locales/zh-HANS/allstrings.json')).json();
    expect(translator.t('Pan', 'Pan')).to.equal(simplified.Pan);
    expect(await translator.setLanguage('zh-TW')).to.equal('zh-HANT');
    const traditional = await (await fetch('/res/locales/zh-HANT/allstrings.json')).json();
    expect(translator.t('Model tree', 'Model tree')).to.equal(traditional['Model tree']);
    expect(await translator.setLanguage('pt-br')).to.equal('pt-BR');
    const portuguese = await (await fetch('/res/locales/pt-BR/allstrings.json')).json();
    expect(translator.t('Properties', 'Properties')).to.equal(portuguese.Properties);
  });

  for (const [what, root] of [
    ['answers every file with an HTML page (a bundler\'s dev server, a single-page app)', () => documentServerUrl('/spa/res/')],
    ['does not have the files', () => new URL('/no-such-folder/res/', location.origin).href],
  ] as const) {
    it(`shows English, with one clear message, when the resource root ${what}`, async () => {
      const recorder = new ConsoleRecorder().start();
      try {
        const logger = new Logger();
        const translator = new Translator(root(), logger);
        expect(await translator.setLanguage('de')).to.equal('de');
        await translator.setLanguage('fr');
        expect(translator.t('Properties', 'Properties')).to.equal('Properties');
        // At the default log level (error), so a host sees it.
        const messages = recorder.errors.filter((w) => w.includes('Translation file'));
        expect(messages, 'one message for every language').to.have.length(1);
        expect(messages[0]).to.contain('shown in English').and.to.contain('config.resourceRoot');
        expect(messages[0], 'no typo message for an HTML page').not.to.contain('not valid JSON');
      } finally {
        recorder.stop();
      }
    });
  }
});
