/**
 * The WebGL guard: a test during which Chromium printed a WebGL error or warning fails, with the messages.
 * A WebGL error does not throw; the call it rejects does nothing, and geometry silently goes undrawn.
 *
 * Every test file imports this first (webglConsolePlugin.mjs adds the import as the file is served), so it
 * is on everywhere without anyone remembering it. What counts as a problem is decided, and documented,
 * in webglConsolePlugin.mjs, which records what the page printed.
 */
import { executeServerCommand } from '@web/test-runner-commands';

/** Set on the page once the hooks are in: a file that also imports the guard itself gets them once. */
const INSTALLED = Symbol.for('design-viewer.webgl-guard');

/** WebGL problems printed since the last call (one animation frame first: ANGLE's reach the page late). */
export async function takeWebglProblems(): Promise<string[]> {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return (await executeServerCommand<string[], undefined>('take-webgl-problems')) ?? [];
}

function report(messages: string[]): Error {
  const unique = [...new Set(messages)];
  return new Error(`Chromium printed ${messages.length} WebGL error(s) or warning(s):\n${unique.map((m) => `  ${m}`).join('\n')}`);
}

const page = globalThis as { [INSTALLED]?: boolean };
if (!page[INSTALLED]) {
  page[INSTALLED] = true;
  // Messages printed before the first test (while the file's modules ran) belong to it.
  afterEach(async function () {
    const problems = await takeWebglProblems();
    // Fails the test that just ran, not the hook: the file's other tests still run.
    if (problems.length) (this.test as Mocha.Hook).error(report(problems));
  });
  // What a file's last test printed after its own check (a frame still in flight).
  after(async function () {
    const problems = await takeWebglProblems();
    if (problems.length) throw report(problems);
  });
}
