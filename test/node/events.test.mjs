// The one list of events (core/viewer/ViewerEvents.ts) against the docs made from it: the element's
// `@fires` lines, custom-elements.json and the README's table list the same events, in the same order,
// with the same descriptions. `npm run manifest` writes them; this fails when one was not rewritten.
// Runs under tsx (`node --import tsx --test`), which loads the TypeScript sources.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { VIEWER_EVENT_NAMES, VIEWER_EVENTS } from '../../core/viewer/ViewerEvents.ts';
import { reactEventPropName } from '../../elements/reactEventPropName.ts';
import { README_TABLE_END, README_TABLE_START } from '../../scripts/eventDocs.ts';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const listed = Object.entries(VIEWER_EVENTS).map(([name, { description }]) => ({ name, description }));

test('the list names each event once, and every one has a one-line description', () => {
  assert.deepEqual(VIEWER_EVENT_NAMES, Object.keys(VIEWER_EVENTS));
  assert.ok(VIEWER_EVENT_NAMES.includes('selection-change') && VIEWER_EVENT_NAMES.includes('camera-change'));
  for (const { name, description } of listed) assert.match(description, /^\S[^\n]*\.$/, `${name}: one line, ending with a full stop`);
});

test("the element's @fires lines are the list", () => {
  const fires = [...read('elements/DesignViewerElement.ts').matchAll(/^ \* @fires (\S+) - (.*)$/gm)].map(([, name, description]) => ({ name, description }));
  assert.deepEqual(fires, listed, 'run `npm run manifest`');
});

test('custom-elements.json lists the same events with the same descriptions', () => {
  const manifest = JSON.parse(read('custom-elements.json'));
  const element = manifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.tagName === 'design-viewer');
  assert.deepEqual(
    element.events.map(({ name, description }) => ({ name, description })),
    listed,
    'run `npm run manifest`',
  );
});

test("the README's event table is the list, with each event's React prop", () => {
  const readme = read('README.md');
  const start = readme.indexOf(README_TABLE_START);
  const end = readme.indexOf(README_TABLE_END);
  assert.ok(start >= 0 && end > start, 'the README has the event table markers');
  const rows = readme
    .slice(start + README_TABLE_START.length, end)
    .trim()
    .split('\n')
    .slice(2)
    .map((row) => row.slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim().replaceAll('\\|', '|')));
  assert.deepEqual(
    rows,
    listed.map(({ name, description }) => [`\`${name}\``, `\`${reactEventPropName(name)}\``, description]),
    'run `npm run manifest`',
  );
});
