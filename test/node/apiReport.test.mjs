// The public API report (api-report.md) against the exports the TypeScript compiler sees now: a change of
// the package's exports fails here until `npm run api-report` rewrites the report, so it shows in review.
// Runs under tsx (`node --import tsx --test`), which loads scripts/apiReport.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { REPORT_FILE, apiReport, exportedNames } from '../../scripts/apiReport.ts';

const names = exportedNames();
const kinds = (specifier) => new Map(names.get(specifier).map(({ name, kind }) => [name, kind]));

test('api-report.md lists what the entry points export now (else: npm run api-report, and review the change)', () => {
  assert.equal(readFileSync(new URL(`../../${REPORT_FILE}`, import.meta.url), 'utf8'), apiReport());
});

test('the names API.md gives a host are exported, with their kinds', () => {
  const main = kinds('design-viewer');
  for (const [name, kind] of [
    ['DesignViewerElement', 'class + interface'],
    ['Viewer', 'class'],
    ['Document', 'class'],
    ['Logger', 'class'],
    ['Extension', 'class'],
    ['ViewerEventMap', 'type'],
    ['VIEWER_EVENT_NAMES', 'const'],
    ['ErrorCode', 'const'],
  ]) assert.equal(main.get(name), kind, name);
  assert.deepEqual([...kinds('design-viewer/react')], [['DesignViewer', 'const']]);
});

test("the chrome's own constants and the controllers a host never builds are not exported", () => {
  const main = kinds('design-viewer');
  for (const name of ['VIEW_CUBE_SIZE', 'REWIND_PITCH', 'EXPLODE_STEP', 'ViewCubeController', 'RewindTimeline', 'ScreenModes', 'createViewerStores']) {
    assert.equal(main.has(name), false, name);
  }
  // Controllers a host reaches through the viewer (viewer.toolController, viewer.navigation) are types only.
  assert.equal(main.get('ToolController'), 'class (type only)');
  assert.equal(main.get('Navigation'), 'class (type only)');
});
