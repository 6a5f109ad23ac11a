import { existsSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from './test/support/chromium.mjs';
import { tsImport } from 'tsx/esm/api';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter } from '@web/test-runner';
import { commonJsBundlePlugin } from './test/support/commonJsBundlePlugin.mjs';
import { inputCommandsPlugin } from './test/support/inputCommandsPlugin.mjs';
import { derivedSamplesPlugin } from './test/support/derivedSamplesPlugin.mjs';
import { generatedFilesPlugin } from './test/support/generatedFilesPlugin.mjs';
import { rangeRequests } from './test/support/rangeRequests.mjs';
import { reviewServerPlugin } from './test/support/reviewServerPlugin.mjs';
import { pooledContexts } from './test/support/contextPool.mjs';
import { splitByInput } from './test/support/testScheduling.mjs';
import { timingReporter } from './test/support/timingReporter.mjs';
import { createRecordedPage, webglConsolePlugin } from './test/support/webglConsolePlugin.mjs';

const executablePath = chromiumPath();
/** Real WebGL2 without a GPU: SwiftShader through ANGLE. */
// A fake camera and microphone, allowed without asking: the live review's video calls.
const args = ['--headless=new', ...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** The layers that have tests. */
const layers = ['core', 'elements', 'react-panels', 'server'].filter((layer) => existsSync(`test/${layer}`));

/** The local document server (server/documentServer.ts), real HTTP on a free port, for the document tests. */
const { startDocumentServer } = await tsImport('./server/documentServer.ts', import.meta.url);
const documentServer = await startDocumentServer({ port: 0 });

/**
 * The page every test file runs in: it starts with empty storage (its browser context served another file
 * before: contextPool.mjs); libraries built for development read process.env.NODE_ENV; tests find the document
 * server at window.__DOCUMENT_SERVER__.
 */
const testRunnerHtml = (testFramework) => `<!DOCTYPE html>
<html>
  <head><meta charset="utf-8"><script>localStorage.clear(); sessionStorage.clear(); window.process = { env: { NODE_ENV: 'development' } }; window.__DOCUMENT_SERVER__ = ${JSON.stringify(documentServer.url)};</script></head>
  <body><script type="module" src="${testFramework}"></script></body>
</html>`;

// With --files the named files run alone; otherwise every layer's group runs once.
const namedFiles = process.argv.includes('--files');

/**
 * Chromium for the tests, `concurrency` test files at a time. Two at once are faster here (the 87 core files
 * without input: 391 s against 462 s), but input on a page whose frames wait behind another page's on the one
 * software GPU reaches it late: a double tap read as two presses, a slow drag as a press (4 input tests failed in
 * a CI run with another run beside it). So the files that send input run one at a time, the others two at a time.
 */
const chromium = (concurrency) =>
  playwrightLauncher({
    product: 'chromium',
    launchOptions: { executablePath, headless: true, args },
    createBrowserContext: pooledContexts({ viewport: { width: 1024, height: 768 } }),
    createPage: createRecordedPage,
    concurrency,
  });
const oneAtATime = chromium(1);
const twoAtATime = chromium(2);

/**
 * Two test groups per layer (`npm test -- --group core`, `--group core-input`): the files that send input
 * (test/support/testScheduling.mjs), one at a time, and the others, two at a time. One browser runs at once:
 * every file of the first browser's groups, then the second's.
 */
const groups = layers.flatMap((layer) => {
  const { input, calm } = splitByInput(`test/${layer}`);
  return [
    { name: layer, files: calm, browsers: [twoAtATime] },
    { name: `${layer}-input`, files: input, browsers: [oneAtATime] },
  ].filter((group) => group.files.length > 0);
});

export default {
  ...(namedFiles ? {} : { groups }),
  testRunnerHtml,
  // TEST_TIMINGS=file.json: where the run's time goes, file by file and test by test.
  reporters: [defaultReporter(), ...(process.env.TEST_TIMINGS ? [timingReporter(process.env.TEST_TIMINGS)] : [])],
  rootDir: '.',
  nodeResolve: { browser: true, exportConditions: ['browser', 'development'] },
  // Range requests on the files tests generate (a tiled image's zip read by ranges).
  middleware: [rangeRequests()],
  plugins: [
    commonJsBundlePlugin(),
    inputCommandsPlugin(),
    derivedSamplesPlugin(),
    generatedFilesPlugin(),
    // Live review servers (and a Redis) the tests start, stop and restart; more pages of the browser.
    reviewServerPlugin(),
    // The WebGL guard, in every test file: a test during which Chromium prints a WebGL error fails.
    webglConsolePlugin(),
    esbuildPlugin({ ts: true, tsx: true, tsconfig: './tsconfig.json', target: 'es2022' }),
  ],
  // Files named with --files run one at a time.
  browsers: [oneAtATime],
  concurrentBrowsers: 1,
  browserStartTimeout: 60000,
  testsStartTimeout: 60000,
  testsFinishTimeout: 300000,
  testFramework: { config: { timeout: 60000 } },
};
