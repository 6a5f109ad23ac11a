import { writeFileSync } from 'node:fs';

/**
 * A web-test-runner reporter that writes where a run's time goes (`TEST_TIMINGS=path npm test`): for each
 * test file, the wall time since the previous file finished (one file runs at a time) and its tests' own
 * durations, slowest first. For keeping the CI run short; it reports nothing itself.
 */
export function timingReporter(path) {
  const files = [];
  let last = 0;
  const testsOf = (suite, prefix, out) => {
    if (!suite) return out;
    for (const test of suite.tests) out.push({ name: `${prefix}${test.name}`, ms: Math.round(test.duration ?? 0) });
    for (const inner of suite.suites) testsOf(inner, `${prefix}${inner.name} › `, out);
    return out;
  };
  return {
    start() {
      last = Date.now();
    },
    reportTestFileResults({ sessionsForTestFile, testFile }) {
      const now = Date.now();
      const tests = sessionsForTestFile.flatMap((session) => testsOf(session.testResults, '', []));
      const testsMs = tests.reduce((sum, test) => sum + test.ms, 0);
      files.push({ file: testFile.replace(`${process.cwd()}/`, ''), wallMs: now - last, testsMs, tests: tests.sort((a, b) => b.ms - a.ms) });
      last = now;
    },
    stop() {
      files.sort((a, b) => b.wallMs - a.wallMs);
      const wallMs = files.reduce((sum, file) => sum + file.wallMs, 0);
      const testsMs = files.reduce((sum, file) => sum + file.testsMs, 0);
      writeFileSync(path, JSON.stringify({ wallMs, testsMs, files }, null, 1));
    },
  };
}
