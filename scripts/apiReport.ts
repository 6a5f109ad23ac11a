/**
 * The public API report: every name the package's entry points export, with its kind, as the TypeScript
 * compiler sees them. `npm run api-report` writes it to api-report.md; test/node/apiReport.test.mjs fails
 * when the exports changed and the file was not rewritten, so a change of the public API shows in review.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository's root: the paths below are relative to it. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const REPORT_FILE = 'api-report.md';

/** The package's entry points (package.json "exports"), by the name a host imports. */
export const ENTRY_POINTS = [
  { specifier: 'design-viewer', file: 'elements/index.ts' },
  { specifier: 'design-viewer/react', file: 'elements/react.ts' },
] as const;

export interface ExportedName {
  name: string;
  /** class, function, const, enum, interface, type, namespace (several joined with ' + '); "type only" when exported with `export type`. */
  kind: string;
}

const KINDS: [ts.SymbolFlags, string][] = [
  [ts.SymbolFlags.Class, 'class'],
  [ts.SymbolFlags.Function, 'function'],
  [ts.SymbolFlags.Variable, 'const'],
  [ts.SymbolFlags.Enum, 'enum'],
  [ts.SymbolFlags.Interface, 'interface'],
  [ts.SymbolFlags.TypeAlias, 'type'],
  [ts.SymbolFlags.Module, 'namespace'],
];

function isTypeOnlyAlias(declaration: ts.Declaration): boolean {
  if (ts.isExportSpecifier(declaration)) return declaration.isTypeOnly || declaration.parent.parent.isTypeOnly;
  if (ts.isImportSpecifier(declaration)) return declaration.isTypeOnly || declaration.parent.parent.isTypeOnly;
  if (ts.isImportClause(declaration)) return declaration.isTypeOnly;
  return false;
}

function kindOf(checker: ts.TypeChecker, exported: ts.Symbol): string {
  let typeOnly = false;
  let symbol = exported;
  // Follow the re-exports and imports to the declaration, noting any `export type` / `import type` on the way.
  while (symbol.flags & ts.SymbolFlags.Alias) {
    if (symbol.declarations?.some(isTypeOnlyAlias)) typeOnly = true;
    symbol = checker.getImmediateAliasedSymbol(symbol) ?? checker.getAliasedSymbol(symbol);
  }
  const kinds = KINDS.filter(([flag]) => symbol.flags & flag).map(([, kind]) => kind);
  if (symbol.flags & ts.SymbolFlags.Variable) {
    const declaration = symbol.valueDeclaration;
    if (declaration && !(ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const)) kinds[kinds.indexOf('const')] = 'let';
  }
  if (kinds.length === 0) throw new Error(`${exported.name}: no declaration the report knows (flags ${symbol.flags})`);
  const isValue = symbol.flags & ts.SymbolFlags.Value;
  return `${kinds.join(' + ')}${typeOnly && isValue ? ' (type only)' : ''}`;
}

/** The names each entry point exports, sorted, with their kinds. */
export function exportedNames(): Map<string, ExportedName[]> {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d: ts.Diagnostic) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } };
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, host);
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram(ENTRY_POINTS.map((entry) => join(ROOT, entry.file)), { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const result = new Map<string, ExportedName[]>();
  for (const { specifier, file } of ENTRY_POINTS) {
    const source = program.getSourceFile(join(ROOT, file));
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${file}: not a module`);
    const names = checker.getExportsOfModule(module).map((symbol) => ({ name: symbol.name, kind: kindOf(checker, symbol) }));
    result.set(specifier, names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
  }
  return result;
}

/** The report as api-report.md holds it. */
export function apiReport(): string {
  const lines = [
    '# Public API report',
    '',
    'Every name the package exports, by entry point, with its kind. Written by `npm run api-report`',
    '(scripts/apiReport.ts); `npm test` fails when the exports change and this file was not rewritten. A',
    'change here is a change of the public API: API.md names are contract, the rest is what a host needs.',
  ];
  for (const [specifier, names] of exportedNames()) {
    const file = ENTRY_POINTS.find((entry) => entry.specifier === specifier)!.file;
    lines.push('', `## \`${specifier}\` (${file}): ${names.length} name${names.length === 1 ? '' : 's'}`, '', '| name | kind |', '|---|---|');
    for (const { name, kind } of names) lines.push(`| \`${name}\` | ${kind} |`);
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = apiReport();
  let before = '';
  try {
    before = readFileSync(join(ROOT, REPORT_FILE), 'utf8');
  } catch {
    // No report yet: this writes the first.
  }
  if (report === before) console.log(`${REPORT_FILE} is up to date.`);
  else {
    writeFileSync(join(ROOT, REPORT_FILE), report);
    console.log(`${REPORT_FILE} written: review the change of the public API and commit it.`);
  }
}
