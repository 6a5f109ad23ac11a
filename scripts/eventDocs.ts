/**
 * The event docs, written from the one list of events (core/viewer/ViewerEvents.ts): the `@fires` lines of
 * the element's JSDoc (which `cem analyze` turns into custom-elements.json) and the README's event table.
 * `npm run manifest` runs it before the analyzer; test/node/events.test.mjs fails when either is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VIEWER_EVENTS, type ViewerEventName } from '../core/viewer/ViewerEvents.js';
import { reactEventPropName } from '../elements/reactEventPropName.js';

export const ELEMENT_FILE = 'elements/DesignViewerElement.ts';
export const README_FILE = 'README.md';
export const README_TABLE_START = '<!-- events: written by `npm run manifest` from core/viewer/ViewerEvents.ts -->';
export const README_TABLE_END = '<!-- /events -->';

const events = Object.entries(VIEWER_EVENTS) as [ViewerEventName, { description: string }][];

/** The element's `@fires` lines, one per event, as the JSDoc block holds them. */
export function firesLines(): string[] {
  return events.map(([name, { description }]) => ` * @fires ${name} - ${description}`);
}

/** The README's table of events: name, React prop, what it means (`|` escaped for the table). */
export function readmeTable(): string[] {
  return [
    '| event | React prop | what it means |',
    '|---|---|---|',
    ...events.map(([name, { description }]) => `| \`${name}\` | \`${reactEventPropName(name)}\` | ${description.replaceAll('|', '\\|')} |`),
  ];
}

/** The element's source with its `@fires` lines (wherever they are) written from the list, where the first was. */
export function withFiresLines(source: string): string {
  const lines = source.split('\n');
  const first = lines.findIndex((line) => line.startsWith(' * @fires '));
  if (first < 0) throw new Error(`the @fires lines of ${ELEMENT_FILE} not found`);
  const kept = lines.filter((line, index) => index < first || !line.startsWith(' * @fires '));
  kept.splice(first, 0, ...firesLines());
  return kept.join('\n');
}

/** The README with its event table (between the two markers) written from the list of events. */
export function withReadmeTable(readme: string): string {
  const start = readme.indexOf(README_TABLE_START);
  const end = readme.indexOf(README_TABLE_END);
  if (start < 0 || end < start) throw new Error(`the event table markers of ${README_FILE} not found`);
  return `${readme.slice(0, start + README_TABLE_START.length)}\n${readmeTable().join('\n')}\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, write] of [
    [ELEMENT_FILE, withFiresLines],
    [README_FILE, withReadmeTable],
  ] as const) {
    const before = readFileSync(file, 'utf8');
    const after = write(before);
    if (after !== before) {
      writeFileSync(file, after);
      console.log(`${file}: event docs written`);
    }
  }
}
