import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/**
 * What makes a test file send real input (mouse, keys, wheel, touch, a resized page) through the browser: on
 * the one software GPU, a page whose frames wait behind another page's gets such input late (a double tap read
 * as two presses, a slow drag as a press), so these files run one at a time.
 */
const INPUT = /\b(sendMouse|sendKeys|resetMouse|setViewport)\b|'(mouse-wheel|mouse-double-click|touch-[a-z]+)'/;
const RELATIVE_IMPORT = /\bfrom\s+'(\.{1,2}\/[^']+)'|\bimport\s*\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

/** The test files of a folder (`*.test.ts`, `*.test.tsx`, at any depth), sorted. */
export function testFilesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join(folder, file).split('\\').join('/'))
    .sort();
}

/** Whether a file, or a file of the test folder it imports (at any depth), sends input. */
function sendsInput(file, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  if (INPUT.test(source)) return true;
  for (const [, from, dynamic] of source.matchAll(RELATIVE_IMPORT)) {
    const imported = normalize(join(dirname(file), from ?? dynamic));
    if (!imported.startsWith('test')) continue;
    const candidates = [imported, imported.replace(/\.js$/, '.ts'), imported.replace(/\.js$/, '.tsx')];
    const found = candidates.find((candidate) => existsSync(candidate) && !candidate.endsWith('.js'));
    if (found && sendsInput(found, seen)) return true;
  }
  return false;
}

/** A folder's test files, split into those that send input and the rest. */
export function splitByInput(folder) {
  const files = testFilesUnder(folder);
  const input = files.filter((file) => sendsInput(file));
  return { input, calm: files.filter((file) => !input.includes(file)) };
}
