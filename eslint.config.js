// @ts-check
// ESLint for the TypeScript sources (`npm run lint`, and CI after the type-check): the layer rules of
// shared/design/ARCHITECTURE.md, import circles, floating and misused promises, unused code, and the
// recommended correctness rules of ESLint, typescript-eslint and React's hooks. Formatting is not linted.
// typescript-eslint reads types through TypeScript 6's API (package.json's `typescript`, an alias of
// @typescript/typescript6); `tsc` is TypeScript 7 (`@typescript/native`), as in TypeScript 7's side-by-side setup.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const SOURCES = ['{core,elements,react-panels,server,bench,test,demo,scripts}/**/*.{ts,tsx}'];

/** Packages of the layers above the core: the core is headless (no lit, no React). */
const CHROME_PACKAGES = ['lit', 'lit/*', '@lit/*', 'react', 'react/*', 'react-dom', 'react-dom/*', '@nanostores/react', '@tanstack/react-virtual'];

const LAYERS = 'shared/design/ARCHITECTURE.md: elements/ → react-panels/ → core/, never upward and never into server/, '
  + 'bench/, scripts/, demo/ or test/; a layer reaches the one below only through its index.ts.';

/** The layers (import-x/no-restricted-paths: a file in `target` may not import from `from`, `except` aside). */
const LAYER_ZONES = [
  { target: './core', from: ['./elements', './react-panels', './server', './bench', './scripts', './demo', './test'], message: LAYERS },
  { target: './react-panels', from: ['./elements', './server', './bench', './scripts', './demo', './test'], message: LAYERS },
  { target: './react-panels', from: './core', except: ['./index.ts'], message: `${LAYERS} react-panels/ imports only core/index.ts.` },
  { target: './elements', from: ['./server', './bench', './scripts', './demo', './test'], message: LAYERS },
  { target: './elements', from: './core', except: ['./index.ts'], message: `${LAYERS} elements/ imports only core/index.ts.` },
  { target: './elements', from: './react-panels', except: ['./index.ts'], message: `${LAYERS} elements/ imports only react-panels/index.ts.` },
];

/**
 * Issue 30 item 1: parts of the core take narrow ports (core/viewer/ports.ts), never the whole Viewer. Type-only
 * imports count here, unlike in import-x/no-cycle, which only sees circles of imports that run.
 */
const VIEWER_ZONE = {
  target: './core/!(viewer)/**',
  from: './core/viewer/Viewer.ts',
  message: 'Only core/viewer/ imports Viewer: a part of the core declares the narrow port it needs (core/viewer/ports.ts).',
};

export default defineConfig([
  { ignores: ['dist/**', 'node_modules/**', 'res/**', 'test/hosts/**', 'test/.generated/**', 'bench/results/**', 'bench/models/**', '.tmp/**'] },
  {
    files: SOURCES,
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    settings: {
      // import-x reads the imported TypeScript files (for no-cycle) with typescript-eslint's parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Sources import each other as './File.js' (TypeScript's ESM spelling of './File.ts').
      'import-x/resolver-next': [createNodeResolver({
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        tsconfig: { configFile: `${import.meta.dirname}/tsconfig.json` },
      })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...LAYER_ZONES, VIEWER_ZONE] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', {
        args: 'after-used',
        argsIgnorePattern: '^_',
        varsIgnorePattern: '^_',
        caughtErrorsIgnorePattern: '^_',
        destructuredArrayIgnorePattern: '^_',
        ignoreRestSiblings: true,
      }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A file-wide opt-out states why.
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-nocheck': 'allow-with-description' }],
      // Augmenting a package's or the DOM's declarations (`declare module 'react' { namespace JSX … }`,
      // `interface HTMLElementEventMap extends … {}`) is how TypeScript merges types; other namespaces stay out.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: CHROME_PACKAGES, message: `${LAYERS} The core is headless: no lit, no React.` }],
      }],
    },
  },
  {
    // Tests assert with chai's property chains (`expect(x).to.be.true`) and edit glTF JSON freely; their
    // promises must still be awaited.
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Type tests are compiled, never run: a listener's parameter is there to be read in a type position.
    files: ['test/**/*.typetest.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { args: 'none' }] },
  },
  {
    // Benchmark pages run in a browser driven by bench/run.ts and talk to it through globals on `window`.
    files: ['bench/pages/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
]);
