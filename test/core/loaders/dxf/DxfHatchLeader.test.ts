import { expect } from '@esm-bundle/chai';
import { DxfParser } from 'dxf-parser';
import { Viewer } from '../../../../core/index.js';
import type { DxfEntity } from '../../../../core/loaders/dxf/dxfEntity.js';
import { patternSegments } from '../../../../core/loaders/dxf/hatch/drawHatch.js';
import { registerDxfEntityHandlers } from '../../../../core/loaders/dxf/entityHandlers.js';
import { capture, createContainer, sampleUrl } from '../../../support/helpers.js';
import { colourAt, dxf, near, runsAlong } from './dxfTestSupport.js';

const DETAIL = '2d/dxf-parser_api-cw750-details.dxf';

/** A polyline boundary path (type 2, closed, no bulges) through the corners. */
function polylinePath(corners: [number, number][]): (string | number)[] {
  return [92, 2, 72, 0, 73, 1, 93, corners.length, ...corners.flatMap(([x, y]) => [10, x, 20, y]), 97, 0];
}

/** An edge boundary path (type 1) of line edges around the corners. */
function edgePath(corners: [number, number][]): (string | number)[] {
  const edges = corners.flatMap(([x, y], i) => {
    const [x1, y1] = corners[(i + 1) % corners.length];
    return [72, 1, 10, x, 20, y, 11, x1, 21, y1];
  });
  return [92, 1, 93, corners.length, ...edges, 97, 0];
}

function square(x0: number, y0: number, size: number): [number, number][] {
  return [[x0, y0], [x0 + size, y0], [x0 + size, y0 + size], [x0, y0 + size]];
}

/** HATCH with the common groups, then its boundary paths and its fill or pattern lines. */
function hatch(handle: string, aci: number, pattern: string, paths: (string | number)[][], lines: (string | number)[][] = []): (string | number)[] {
  const solid = lines.length === 0 ? 1 : 0;
  return [0, 'HATCH', 5, handle, 100, 'AcDbEntity', 8, '0', 62, aci, 100, 'AcDbHatch', 10, 0, 20, 0, 30, 0, 2, pattern, 70, solid, 71, 0, 91, paths.length, ...paths.flat(), 75, 0, 76, 1, 52, 0, 41, 1, 77, 0, 78, lines.length, ...lines.flat(), 98, 0];
}

/**
 * Three hatches side by side: a red solid square ring (an edge-path island in a polyline outline), green
 * continuous lines at 45° 10 units apart horizontally, and blue horizontal dashes (10 on, 10 off) 20 apart.
 */
const HATCHES = dxf([
  hatch('A1', 1, 'SOLID', [polylinePath(square(0, 0, 100)), edgePath(square(30, 30, 40))]),
  hatch('A2', 3, 'ANSI31', [polylinePath(square(150, 0, 100))], [[53, 45, 43, 0, 44, 0, 45, -5, 46, 5, 79, 0]]),
  hatch('A3', 5, 'DASH', [edgePath(square(300, 0, 100))], [[53, 0, 43, 0, 44, 10, 45, 0, 46, 20, 79, 2, 49, 10, 49, -10]]),
]);

/** Whether a point is inside an odd number of the loops. */
function insideEvenOdd(loops: { x: number; y: number }[][], p: { x: number; y: number }): boolean {
  let inside = false;
  for (const loop of loops) {
    for (let i = 0, j = loop.length - 1; i < loop.length; j = i++) {
      const a = loop[i], b = loop[j];
      if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
    }
  }
  return inside;
}

describe('DXF hatches and leaders', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(480, 200);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('fills a solid hatch inside its outline and leaves its island empty; pattern lines are clipped and dashed', async () => {
    const url = URL.createObjectURL(new Blob([HATCHES]));
    const model = await viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'hatches.dxf' });
    URL.revokeObjectURL(url);
    expect(model.is2d()).to.equal(true);
    expect(await viewer.fitToView(null, null, true)).to.equal(true);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);

    // Solid: red in the ring, the paper in the island and outside.
    for (const [x, y] of [[10, 50], [50, 10], [90, 85], [15, 15]]) expect(near(colourAt(viewer, pixels, x, y), [255, 0, 0]), `ring ${x},${y}: ${colourAt(viewer, pixels, x, y)}`).to.equal(true);
    for (const [x, y] of [[50, 50], [40, 60], [125, 50]]) expect(near(colourAt(viewer, pixels, x, y), [255, 255, 255]), `empty ${x},${y}: ${colourAt(viewer, pixels, x, y)}`).to.equal(true);

    // 45° lines 10 apart along x: ten of them cross the 100-wide square's middle row, none its surroundings.
    const green = runsAlong(viewer, pixels, 50, 151, 249, 1);
    expect(green).to.be.within(9, 11);
    expect(runsAlong(viewer, pixels, 50, 255, 295, 1), 'no line outside the square').to.equal(0);

    // Horizontal dashes on y = 10, 30, 50, 70, 90: the middle row shows five 10-unit dashes across 100 units.
    expect(runsAlong(viewer, pixels, 50, 301, 399, 2)).to.be.within(4, 6);
    expect(runsAlong(viewer, pixels, 40, 301, 399, 2), 'between the dashed lines').to.equal(0);
  });

  it("reads every hatch of the sample sheet: a boundary each, and each pattern's lines inside it", async () => {
    const text = await fetch(sampleUrl(DETAIL)).then((r) => r.text());
    const parser = new DxfParser();
    registerDxfEntityHandlers(parser);
    const drawing = parser.parseSync(text)!;
    const all = [...(drawing.entities as unknown as DxfEntity[]), ...Object.values(drawing.blocks).flatMap((b) => (b.entities ?? []) as unknown as DxfEntity[])];
    const hatches = all.filter((e) => e.type === 'HATCH');
    // The file's own count of HATCH entities (model space and blocks).
    expect(hatches.length).to.equal(text.split(/\r?\n/).filter((line, i, lines) => line === 'HATCH' && lines[i - 1].trim() === '0').length);
    let segmentCount = 0;
    for (const { hatch } of hatches) {
      expect(hatch!.loops.length, hatch!.patternName).to.be.greaterThan(0);
      expect(hatch!.solid).to.equal(hatch!.patternName === 'SOLID');
      if (hatch!.solid) continue;
      const segments = patternSegments(hatch!.loops, hatch!.patternLines)!;
      expect(segments.length, hatch!.patternName).to.be.greaterThan(0);
      for (let i = 0; i < segments.length; i += 4) {
        const mid = { x: (segments[i] + segments[i + 2]) / 2, y: (segments[i + 1] + segments[i + 3]) / 2 };
        expect(insideEvenOdd(hatch!.loops, mid), `${hatch!.patternName} segment ${i / 4}`).to.equal(true);
        segmentCount++;
      }
    }
    expect(segmentCount).to.be.greaterThan(100);
  });

  it('draws a LEADER through its vertices with a filled arrowhead at its first, sized by the DIMASZ and DIMSCALE it overrides', async () => {
    // DSTYLE overrides: DIMASZ (41) 8, DIMSCALE (40) 2: an arrowhead 16 long, 16/3 wide, pointing at (0, 0).
    const xdata = [1001, 'ACAD', 1000, 'DSTYLE', 1002, '{', 1070, 41, 1040, 8, 1070, 40, 1040, 2, 1002, '}'];
    const leader = [0, 'LEADER', 5, 'B1', 100, 'AcDbEntity', 8, '0', 62, 5, 100, 'AcDbLeader', 3, 'Standard', 71, 1, 72, 0, 76, 3, 10, 0, 20, 0, 10, 60, 20, 0, 10, 60, 20, 40, ...xdata];
    const frame = [0, 'LINE', 5, 'B2', 8, '0', 62, 7, 10, -10, 20, -20, 11, 70, 21, 50];
    const url = URL.createObjectURL(new Blob([dxf([leader, frame])]));
    await viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'leader.dxf' });
    URL.revokeObjectURL(url);
    expect(await viewer.fitToView(null, null, true)).to.equal(true);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);
    const blue = (x: number, y: number) => near(colourAt(viewer, pixels, x, y), [0, 0, 255]);
    // The filled arrowhead: inside it, off the shaft; the same distance off the shaft past it: paper.
    expect(blue(12, 1.3), 'inside the arrowhead').to.equal(true);
    expect(blue(12, -1.3), 'inside the arrowhead').to.equal(true);
    expect(blue(30, 1.3), 'beside the shaft').to.equal(false);
    expect(blue(20, 2), 'past the arrowhead').to.equal(false);
    // The shaft and the second segment, one pixel wide: within half a unit (about a pixel) of their line.
    // (A line's pixels are blended with the paper: clearly blue, not pure blue.)
    const bluish = (x: number, y: number) => {
      const [r, g, b] = colourAt(viewer, pixels, x, y);
      return b > r + 60 && b > g + 60;
    };
    const steps = [-0.5, -0.25, 0, 0.25, 0.5];
    const blueNear = (x: number, y: number) => steps.some((dx) => steps.some((dy) => bluish(x + dx, y + dy)));
    expect(blueNear(30, 0), 'the shaft').to.equal(true);
    expect(blueNear(60, 20), 'the second segment').to.equal(true);
    expect(blueNear(30, 20), 'no segment back to the start').to.equal(false);
  });

  it("gives a sample MULTILEADER its text as its Text property, without the MTEXT codes", async () => {
    const text = await fetch(sampleUrl(DETAIL)).then((r) => r.text());
    const parser = new DxfParser();
    registerDxfEntityHandlers(parser);
    const entities = (parser.parseSync(text)!.entities as unknown as DxfEntity[]).filter((e) => !e.inPaperSpace && e.type !== 'ATTRIB');
    const index = entities.findIndex((e) => e.type === 'MULTILEADER' && e.leader?.text?.content.includes('\\P'));
    expect(index).to.be.greaterThan(-1);
    const model = await viewer.loadModel(sampleUrl(DETAIL));
    // Objects count from 2 (the drawing's root is 1), in the file's order.
    const [result] = await model.getBulkProperties([2 + index], ['Type', 'Text']);
    const value = (name: string) => result.properties.find((p) => p.displayName === name)?.displayValue;
    expect(value('Type')).to.equal('MULTILEADER');
    const lines = entities[index].leader!.text!.content.split('\\P');
    expect(value('Text')).to.equal(lines.join('\n'));
  });
});
