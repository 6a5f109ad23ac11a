// Opens a host app's page in Chromium and checks what issue 29 asks of every host: the model draws, the
// cube's textures load, the GUI speaks German, a selection reaches the host's handler, and no request is
// answered 404 or with HTML where a resource was asked for.

const WAIT = { timeout: 90_000, polling: 250 };
/** The browser's own request (and its console line when a host has none): neither the host's nor the viewer's. */
const FAVICON = '/favicon.ico';

/**
 * German labels the toolbar shows, with their English originals: pairs from the locale files where the
 * German differs. The check wants at least one German label and none of these English ones.
 */
export function toolbarLabels(english, german) {
  const keys = ['Model browser', 'Properties', 'Settings', 'Home', 'Fit to view', 'Measure', 'Pan', 'Explode model', 'Section analysis', 'Model tools'];
  return keys.filter((key) => english[key] && german[key] && english[key] !== german[key]).map((key) => ({ en: english[key], de: german[key] }));
}

/** Every string a user can read or hear in the element's shadow DOM: text, aria-label, title, alt. */
function shadowStrings() {
  const strings = new Set();
  const walk = (root) => {
    for (const node of root.querySelectorAll('*')) {
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) if (node.getAttribute(name)) strings.add(node.getAttribute(name).trim());
      for (const child of node.childNodes) if (child.nodeType === 3 && child.textContent.trim()) strings.add(child.textContent.trim());
      if (node.shadowRoot) walk(node.shadowRoot);
    }
  };
  const element = document.querySelector('design-viewer');
  if (element?.shadowRoot) walk(element.shadowRoot);
  return [...strings];
}

/** The cube's face and edge images in the shadow DOM: how many, and how many loaded (not broken). */
function cubeImages() {
  const images = [...(document.querySelector('design-viewer')?.shadowRoot?.querySelectorAll('img.dv-viewcube-face-map, img.dv-viewcube-edge') ?? [])];
  return { total: images.length, complete: images.filter((i) => i.complete).length, loaded: images.filter((i) => i.complete && i.naturalWidth > 0).length };
}

/** How far the element got: defined, upgraded, with a viewer. */
function elementState() {
  const element = document.querySelector('design-viewer');
  if (!element) return 'no <design-viewer> in the page';
  if (!customElements.get('design-viewer')) return '<design-viewer> is not defined (the element module did not run)';
  if (!element.viewer) return '<design-viewer> is defined but has no viewer';
  return `the viewer runs, ${element.viewer.getVisibleModels?.().length ?? '?'} model(s), lastError ${JSON.stringify(element.lastError?.message ?? null)}`;
}

/** The model's share of the canvas: pixels clearly coloured (the background is grey). */
async function modelShare() {
  const viewer = document.querySelector('design-viewer').viewer;
  await viewer.waitForCompleteFrame();
  const { data, width, height } = viewer.capturePixels(160, 100);
  let model = 0;
  for (let i = 0; i < data.length; i += 4) if (Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 40) model++;
  return model / (width * height);
}

const outcome = (ok, detail) => ({ ok, detail });
const ms = (start) => `${((Date.now() - start) / 1000).toFixed(1)} s`;

/** Runs `step`; a timeout or an error becomes a failed outcome naming it. */
async function attempt(step) {
  try {
    return await step();
  } catch (error) {
    return outcome(false, String(error.message ?? error).split('\n')[0]);
  }
}

/**
 * Checks the page at `url`. `labels` come from toolbarLabels(). Returns { checks: { name: { ok, detail } },
 * problems: string[] } where problems lists the bad responses, page errors and console errors seen.
 */
export async function checkPage(browser, url, labels) {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const page = await context.newPage();
  const responses = [];
  const consoleProblems = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path === FAVICON) return;
    const type = response.headers()['content-type'] ?? '';
    if (response.status() >= 400) responses.push(`${response.status()} ${path}`);
    else if (type.startsWith('text/html') && response.request().resourceType() !== 'document') responses.push(`HTML for ${path}`);
  });
  page.on('requestfailed', (request) => responses.push(`failed ${new URL(request.url()).pathname}: ${request.failure()?.errorText}`));
  page.on('pageerror', (error) => consoleProblems.push(`page error: ${error.message.split('\n')[0]}`));
  page.on('console', (message) => {
    const text = message.text();
    if (new URL(message.location().url || 'about:blank').pathname === FAVICON) return;
    if (message.type() === 'error' || /is not valid JSON/.test(text)) consoleProblems.push(`console.${message.type()}: ${text.split('\n')[0].slice(0, 300)}`);
  });
  await page.addInitScript(() => window.addEventListener('geometry-loaded', () => (window.__geometryLoaded = true), { capture: true }));
  await page.addInitScript(`window.__shadowStrings = ${shadowStrings}`);
  const checks = {};
  const start = Date.now();
  let wait = WAIT;
  try {
    await page.goto(url, { waitUntil: 'load' });
    checks.model = await attempt(async () => {
      const loaded = await page.waitForFunction(() => window.__geometryLoaded === true, null, WAIT).then(() => true, () => false);
      if (!loaded) {
        const pageError = consoleProblems.find((problem) => problem.startsWith('page error'));
        return outcome(false, `no geometry-loaded in ${WAIT.timeout / 1000} s: ${await page.evaluate(elementState)}${pageError ? ` (${pageError})` : ''}`);
      }
      const share = await page.evaluate(modelShare);
      return outcome(share >= 0.05, `geometry-loaded after ${ms(start)}, model covers ${(share * 100).toFixed(1)}% of the view`);
    });
    // The rest needs a running viewer: without one, no point waiting long for it.
    if (!checks.model.ok) wait = { ...WAIT, timeout: 10_000 };
    checks.textures = await attempt(async () => {
      await page.waitForFunction(() => {
        const images = [...(document.querySelector('design-viewer')?.shadowRoot?.querySelectorAll('img.dv-viewcube-face-map') ?? [])];
        return images.length > 0 && images.every((image) => image.complete);
      }, null, wait);
      const images = await page.evaluate(cubeImages);
      return outcome(images.total > 0 && images.loaded === images.total, `${images.loaded}/${images.total} cube images drawn`);
    });
    checks.german = await attempt(async () => {
      const found = await page
        .waitForFunction((german) => { const all = new Set(window.__shadowStrings()); return german.some((label) => all.has(label)); }, labels.map((l) => l.de), wait)
        .then(() => true, () => false);
      const strings = new Set(await page.evaluate(() => window.__shadowStrings()));
      const language = await page.evaluate(() => document.querySelector('design-viewer')?.viewer?.getLanguage());
      const german = labels.filter((l) => strings.has(l.de)).map((l) => l.de);
      const english = labels.filter((l) => strings.has(l.en)).map((l) => l.en);
      const ok = found && german.length > 0 && english.length === 0 && language === 'de';
      return outcome(ok, `language ${language}; German: ${german.join(', ') || 'none'}${english.length ? `; English: ${english.join(', ')}` : ''}`);
    });
    checks.selection = await attempt(async () => {
      const box = await page.locator('design-viewer').boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForFunction(() => Array.isArray(window.__selections) && window.__selections.length > 0, null, { ...wait, timeout: Math.min(wait.timeout, 30_000) });
      const [host, viewer] = await page.evaluate(() => [window.__selections, document.querySelector('design-viewer').viewer.getSelection()]);
      return outcome(JSON.stringify(host) === JSON.stringify(viewer), `host's handler got dbIds [${host.join(', ')}] from a click; viewer.getSelection() = [${viewer.join(', ')}]`);
    });
  } catch (error) {
    checks.page = outcome(false, String(error.message ?? error).split('\n')[0]);
  } finally {
    checks.requests = outcome(responses.length === 0, responses.length ? responses.slice(0, 6).join('; ') + (responses.length > 6 ? ` (+${responses.length - 6})` : '') : 'no 404, no HTML for a resource');
    checks.console = outcome(consoleProblems.length === 0, consoleProblems.length ? consoleProblems.slice(0, 4).join('; ') + (consoleProblems.length > 4 ? ` (+${consoleProblems.length - 4})` : '') : 'no error, no "is not valid JSON"');
    await context.close();
  }
  return checks;
}
