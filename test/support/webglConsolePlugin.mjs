// The WebGL guard's server side. Chromium prints WebGL errors to the page's console itself (not through
// console.warn, so the page's JS never sees them): they are caught here, through Playwright, from the
// moment each test page opens. The guard (test/support/webglGuard.ts, imported into every test file by
// this plugin) takes what was printed after each test and fails the test with it.
//
// What counts (webglProblem below): every WebGL error Chromium reports, from its own validation
// ("WebGL: INVALID_OPERATION: ...", "WebGL: too many errors, ..."), from ANGLE's ("[.WebGL-0x…]
// GL_INVALID_OPERATION: ..."), and the warnings that mean something was drawn wrong or not at all:
// render warnings (a texture unit with no texture, an unrenderable texture), driver messages, any other
// "WebGL: " or "[.WebGL-…]" line, and "Too many active WebGL contexts. Oldest context will be lost." (a
// test that leaks viewers takes the drawing context from under another). Not counted: the driver's
// performance note about reading pixels back ("GPU stall due to ReadPixels"): tests read pixels on
// purpose, as the viewer's picker must; it costs time, not correctness. A context lost on purpose
// (WEBGL_lose_context) prints "WebGL: CONTEXT_LOST_WEBGL: loseContext: context lost": expected, not counted.

/** Lines Chromium prints about WebGL. */
const WEBGL_LINE = [/^WebGL: /, /^\[\.WebGL-[^\]]*\]/, /^\[GroupMarkerNotSet[^\]]*\]/, /GL_INVALID_[A-Z_]+/, /GL Driver Message/, /Too many active WebGL contexts/];
/** WebGL lines that are not problems (see above). */
const EXPECTED = [/GPU stall due to ReadPixels/i, /^WebGL: CONTEXT_LOST_WEBGL: loseContext: context lost\.?$/];

/** Whether a console line printed by Chromium reports a WebGL error or a warning worth failing a test for. */
export function webglProblem(text) {
  return WEBGL_LINE.some((pattern) => pattern.test(text)) && !EXPECTED.some((pattern) => pattern.test(text));
}

/** WebGL problems printed on each page, in order, until the guard takes them. */
const printed = new WeakMap();

/** The launcher's createPage hook: a new page whose WebGL problems are recorded from the start. */
export async function createRecordedPage({ context }) {
  const page = await context.newPage();
  const messages = [];
  printed.set(page, messages);
  page.on('console', (message) => {
    const text = message.text();
    if (webglProblem(text)) messages.push(text);
  });
  return page;
}

/**
 * Serves the guard's command, and imports the guard into every test file (*.test.ts, .tsx, .js, .mjs) before
 * anything else the file imports, so no test file can run without it.
 */
export function webglConsolePlugin() {
  return {
    name: 'webgl-console',
    transform(context) {
      if (!/\.test\.[cm]?[jt]sx?$/.test(context.path) || typeof context.body !== 'string') return undefined;
      // On the file's first line, so the file's line numbers stay as they are in stack traces.
      return { body: `import '/test/support/webglGuard.ts'; ${context.body}` };
    },
    async executeCommand({ command, session }) {
      if (command !== 'take-webgl-problems') return undefined;
      if (session.browser.type !== 'playwright') return [];
      const page = session.browser.getPage(session.id);
      // A round trip to the page: what it printed before this command has reached Playwright.
      await page.evaluate(() => 0);
      return (printed.get(page) ?? []).splice(0);
    },
  };
}
