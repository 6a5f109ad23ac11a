import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/**
 * What makes a test file send real input (mouse, keys, wheel, touch, a resized page) through the browser: on
 * the one software GPU, a page whose frames wait behind another page's gets such input late (a double tap read
 * as two presses, a slow drag as a press), so these files run one at a time.
 */
const INPUT = /\b(sendMouse|sendKeys|resetMouse|setViewport)\b|'(mouse-wheel|mouse-double-click|touch-[a-z]+)'/;
/** `import { a, b as c } from './x.js'`, `import * as x from './x.js'`, `import('./x.js')`. */
const RELATIVE_IMPORT = /\bimport\s+(?:type\s+)?(\{[^}]*\}|\*\s+as\s+\w+)\s+from\s+'(\.{1,2}\/[^']+)'|\bimport\s*\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;
/** A function declared at the top of a module (exported or not; a declaration or an arrow), up to the next one. */
const FUNCTION = /^(?:export\s+)?(?:(?:async\s+)?function\s*\*?\s*(\w+)|(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?(?:\([^)]*\)|\w+)\s*=>)/gm;

/** The test files of a folder (`*.test.ts`, `*.test.tsx`, at any depth), sorted. */
export function testFilesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join(folder, file).split('\\').join('/'))
    .sort();
}

/** The file a relative import names (a `.js` import of a `.ts` or `.tsx` source), if it is a test folder's. */
function importedFile(from, specifier) {
  const path = normalize(join(dirname(from), specifier));
  if (!path.startsWith('test')) return null;
  return [path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), path].find((candidate) => existsSync(candidate) && !candidate.endsWith('.js')) ?? null;
}

/** Whether `code` names `name` (a whole word). */
function mentions(code, name) {
  return new RegExp(`\\b${name}\\b`).test(code);
}

/**
 * The local names under which a module imports input-sending functions of the test folder; `*` when it imports a
 * module that sends input as a whole (dynamically), a namespace's name when it imports one as a namespace.
 */
function importedInputNames(file, source) {
  const found = new Set();
  for (const [, bindings, from, dynamic] of source.matchAll(RELATIVE_IMPORT)) {
    const imported = importedFile(file, from ?? dynamic);
    const sending = imported ? inputFunctions(imported) : new Set();
    if (sending.size === 0) continue;
    if (dynamic) found.add('*');
    else if (bindings.startsWith('*')) found.add(bindings.replace(/^\*\s+as\s+/, ''));
    else {
      for (const binding of bindings.slice(1, -1).split(',')) {
        const [name, alias] = binding.replace(/^\s*type\s+/, '').split(/\s+as\s+/).map((s) => s.trim());
        if (name && sending.has(name)) found.add(alias ?? name);
      }
    }
  }
  return found;
}

/** The functions of a test helper module that send input: directly, or by calling one that does (its own or imported). */
const helperInput = new Map();
function inputFunctions(file) {
  let sending = helperInput.get(file);
  if (sending) return sending;
  sending = new Set();
  helperInput.set(file, sending);
  const source = readFileSync(file, 'utf8');
  const imported = importedInputNames(file, source);
  const functions = [...source.matchAll(FUNCTION)].map((match, i, all) => ({ name: match[1] ?? match[2], body: source.slice(match.index, all[i + 1]?.index ?? source.length) }));
  const calls = (body) => INPUT.test(body) || imported.has('*') || [...imported, ...sending].some((name) => mentions(body, name));
  for (let grew = true; grew; ) {
    grew = false;
    for (const { name, body } of functions) {
      if (!sending.has(name) && calls(body)) {
        sending.add(name);
        grew = true;
      }
    }
  }
  return sending;
}

/** Whether a test file sends input: its code names an input command, or calls a helper of the test folder that sends one. */
function sendsInput(file) {
  const source = readFileSync(file, 'utf8');
  const code = source.replace(RELATIVE_IMPORT, '');
  if (INPUT.test(code)) return true;
  const imported = importedInputNames(file, source);
  return imported.has('*') || [...imported].some((name) => mentions(code, name));
}

/** A folder's test files, split into those that send input and the rest. */
export function splitByInput(folder) {
  const files = testFilesUnder(folder);
  const input = files.filter((file) => sendsInput(file));
  return { input, calm: files.filter((file) => !input.includes(file)) };
}
