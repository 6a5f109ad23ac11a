import { expect } from '@esm-bundle/chai';
import { Viewer } from '../../../../core/index.js';
import { withWarnings } from '../../../support/consoleRecorder.js';
import { capture, createContainer } from '../../../support/helpers.js';
import { imageUrlCandidates } from '../../../../core/loaders/dxf/images/dxfImages.js';
import { colourAt, dxf, near } from './dxfTestSupport.js';

const RED = [255, 0, 0];
const GREEN = [0, 255, 0];
const HALF_SQRT2 = Math.SQRT1_2;

/**
 * A blue MLINE of two elements 5 either side of its vertices (0, 0), (100, 0), (100, 60): each vertex with its
 * segment's direction (12/22), its miter (13/23) and each element's parameters (74, 41: the offset along the
 * miter, 5 / cos 45° at the corner) and fill parameters (75).
 */
function mline(): (string | number)[] {
  const vertex = (x: number, y: number, dx: number, dy: number, mx: number, my: number, offset: number) => [11, x, 21, y, 31, 0, 12, dx, 22, dy, 32, 0, 13, mx, 23, my, 33, 0, 74, 2, 41, offset, 41, 0, 75, 0, 74, 2, 41, -offset, 41, 0, 75, 0];
  return [
    0, 'MLINE', 5, 'E1', 100, 'AcDbEntity', 8, '0', 62, 5, 100, 'AcDbMline', 2, 'STANDARD', 40, 10, 70, 1, 71, 1, 72, 3, 73, 2, 10, 0, 20, 0, 30, 0,
    ...vertex(0, 0, 1, 0, 0, 1, 5),
    ...vertex(100, 0, 0, 1, -HALF_SQRT2, HALF_SQRT2, 5 / HALF_SQRT2),
    ...vertex(100, 60, 0, 1, -1, 0, 5),
  ];
}

/**
 * Polylines with widths, red: an LWPOLYLINE L of constant width 8 (its corner at 80, 0), an old-style POLYLINE
 * tapering from 12 to 0 along y = 100, and one whose vertices take the polyline's default width 4 along
 * y = 130; a green TRACE (0..20 square at x = 100).
 */
const SHEET = dxf([
  [0, 'LWPOLYLINE', 5, 'A1', 8, '0', 62, 1, 90, 3, 70, 0, 43, 8, 10, 0, 20, 0, 10, 80, 20, 0, 10, 80, 20, 60],
  [0, 'POLYLINE', 5, 'B1', 8, '0', 62, 1, 66, 1, 10, 0, 20, 0, 30, 0, 70, 0],
  [0, 'VERTEX', 5, 'B2', 8, '0', 10, 0, 20, 100, 30, 0, 40, 12, 41, 0],
  [0, 'VERTEX', 5, 'B3', 8, '0', 10, 60, 20, 100, 30, 0],
  [0, 'SEQEND', 5, 'B4', 8, '0'],
  [0, 'POLYLINE', 5, 'C1', 8, '0', 62, 1, 66, 1, 10, 0, 20, 0, 30, 0, 70, 0, 40, 4, 41, 4],
  [0, 'VERTEX', 5, 'C2', 8, '0', 10, 0, 20, 130, 30, 0],
  [0, 'VERTEX', 5, 'C3', 8, '0', 10, 60, 20, 130, 30, 0],
  [0, 'SEQEND', 5, 'C4', 8, '0'],
  [0, 'TRACE', 5, 'D1', 8, '0', 62, 3, 10, 100, 20, 0, 30, 0, 11, 120, 21, 0, 31, 0, 12, 100, 22, 20, 32, 0, 13, 120, 23, 20, 33, 0],
]);

type Pixels = ReturnType<typeof capture>;
const RED_INK = 0;
const BLUE_INK = 2;

/** Whether ink of a colour (its channel clearly above the others: a one-pixel line is blended) is at a drawing point. */
function inkAt(viewer: Viewer, pixels: Pixels, channel: number, x: number, y: number): boolean {
  const rgb = colourAt(viewer, pixels, x, y);
  return rgb[channel] - Math.max(...rgb.filter((_, i) => i !== channel)) > 60;
}

/** Whether ink of a colour is at a drawing point or `reach` drawing units from it (about a pixel). */
function inkNear(viewer: Viewer, pixels: Pixels, channel: number, x: number, y: number, reach = 0.3): boolean {
  return [[0, 0], [reach, 0], [-reach, 0], [0, reach], [0, -reach]].some(([dx, dy]) => inkAt(viewer, pixels, channel, x + dx, y + dy));
}

/**
 * Blue meshes: a polyface pyramid over the square 0..40 (apex 5 at 20, 20, 10), the edge from corner 1 to the
 * apex hidden in both its faces; a polygon mesh of 2 by 3 vertices over 60..100 × 0..40.
 */
function meshes(): (string | number)[][] {
  const vertex = (x: number, y: number, z: number, flags: number) => [0, 'VERTEX', 8, '0', 10, x, 20, y, 30, z, 70, flags];
  const face = (a: number, b: number, c: number) => [0, 'VERTEX', 8, '0', 10, 0, 20, 0, 30, 0, 70, 128, 71, a, 72, b, 73, c];
  const polyface = [
    [0, 'POLYLINE', 8, '0', 62, 5, 66, 1, 10, 0, 20, 0, 30, 0, 70, 64, 71, 5, 72, 4],
    vertex(0, 0, 0, 192), vertex(40, 0, 0, 192), vertex(40, 40, 0, 192), vertex(0, 40, 0, 192), vertex(20, 20, 10, 192),
    face(1, 2, -5), face(2, 3, 5), face(3, 4, 5), face(4, -1, 5),
    [0, 'SEQEND', 8, '0'],
  ];
  const grid = [
    [0, 'POLYLINE', 8, '0', 62, 5, 66, 1, 10, 0, 20, 0, 30, 0, 70, 16, 71, 2, 72, 3],
    ...[0, 40].flatMap((y) => [60, 80, 100].map((x) => vertex(x, y, 0, 64))),
    [0, 'SEQEND', 8, '0'],
  ];
  return [...polyface, ...grid];
}

/**
 * A table and an arc dimension, each drawn from its anonymous block: *T1 (a red 40 × 20 frame and its two cell
 * texts) placed at 100, 50; *D1 (a red line from 0, 0 to 40, 0) where it is.
 */
function tableAndDimension(): string {
  const blocks = [
    [0, 'BLOCK', 8, '0', 2, '*T1', 70, 1, 10, 0, 20, 0, 30, 0],
    [0, 'LWPOLYLINE', 8, '0', 62, 1, 90, 4, 70, 1, 10, 0, 20, 0, 10, 40, 20, 0, 10, 40, 20, 20, 10, 0, 20, 20],
    [0, 'MTEXT', 8, '0', 10, 2, 20, 18, 30, 0, 40, 3, 1, 'Door'],
    [0, 'MTEXT', 8, '0', 10, 2, 20, 8, 30, 0, 40, 3, 1, 'Window'],
    [0, 'ENDBLK', 8, '0'],
    [0, 'BLOCK', 8, '0', 2, '*D1', 70, 1, 10, 0, 20, 0, 30, 0],
    [0, 'LINE', 8, '0', 62, 1, 10, 0, 20, 0, 30, 0, 11, 40, 21, 0, 31, 0],
    [0, 'ENDBLK', 8, '0'],
  ];
  const entities = [
    [0, 'ACAD_TABLE', 5, 'T', 100, 'AcDbEntity', 8, '0', 100, 'AcDbBlockReference', 2, '*T1', 10, 100, 20, 50, 30, 0, 100, 'AcDbTable', 280, 0, 11, 1, 21, 0, 31, 0, 91, 2, 92, 1, 171, 1, 1, '{\\fArial|b0;Door}', 171, 1, 1, 'Window'],
    [0, 'ARC_DIMENSION', 5, 'D', 100, 'AcDbEntity', 8, '0', 100, 'AcDbDimension', 2, '*D1', 10, 0, 20, 0, 30, 0, 70, 5],
  ];
  const groups = blocks.flat();
  const lines: string[] = [];
  for (let i = 0; i < groups.length; i += 2) lines.push(`${groups[i]}`, `${groups[i + 1]}`);
  return dxf(entities).replace('0\nSECTION\n2\nENTITIES', `0\nSECTION\n2\nBLOCKS\n${lines.join('\n')}\n0\nENDSEC\n0\nSECTION\n2\nENTITIES`);
}

describe('DXF entity kinds: wide polylines, TRACE, MLINE, meshes', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(300, 300);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('fills a wide polyline as a band (mitered at its corner, tapering, or at the default width) and a TRACE as a quadrilateral', async () => {
    const url = URL.createObjectURL(new Blob([SHEET]));
    const model = await viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'widths.dxf' });
    URL.revokeObjectURL(url);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);
    const at = (x: number, y: number) => colourAt(viewer, pixels, x, y);
    // Constant width 8: 4 either side of the line, the outer corner mitered (a bevel would miss 83, -3).
    expect(near(at(40, 3), RED), 'inside the band').to.equal(true);
    expect(near(at(40, -3), RED), 'inside, the other side').to.equal(true);
    expect(near(at(40, 7), RED), 'past its edge').to.equal(false);
    expect(near(at(83, -3), RED), 'the miter').to.equal(true);
    expect(near(at(83, 40), RED), 'the second leg').to.equal(true);
    // 12 wide at x = 0, nothing at x = 60.
    expect(near(at(6, 104.5), RED), 'the wide end').to.equal(true);
    expect(near(at(54, 102), RED), 'the narrow end, 2 off its line').to.equal(false);
    expect(near(at(40, 100), RED), 'two thirds along, on its line').to.equal(true);
    // The polyline's default width, 4.
    expect(near(at(30, 131.5), RED), 'the default width').to.equal(true);
    expect(near(at(30, 133.5), RED), 'past it').to.equal(false);
    expect(near(at(110, 10), GREEN), 'the TRACE').to.equal(true);
    const types = await model.getBulkProperties([2, 3, 4, 5], ['Type']);
    expect(types.map((r) => r.properties[0]?.displayValue)).to.deep.equal(['LWPOLYLINE', 'POLYLINE', 'POLYLINE', 'TRACE']);
  });

  it("draws an MLINE's elements at their offsets, meeting at the miter", async () => {
    const url = URL.createObjectURL(new Blob([dxf([mline()])]));
    const model = await viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'mline.dxf' });
    URL.revokeObjectURL(url);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);
    const blueNear = (x: number, y: number) => inkNear(viewer, pixels, BLUE_INK, x, y, 0.4);
    expect([blueNear(50, 5), blueNear(50, -5), blueNear(50, 0)], 'the first leg: its two elements, nothing between').to.deep.equal([true, true, false]);
    expect([blueNear(95, 30), blueNear(105, 30), blueNear(100, 30)], 'the second leg').to.deep.equal([true, true, false]);
    expect([blueNear(105, -5), blueNear(95, 5)], 'the corners, outer and inner').to.deep.equal([true, true]);
    const [type] = await model.getBulkProperties([2], ['Type']);
    expect(type.properties[0]?.displayValue).to.equal('MLINE');
  });

  it('draws a table and an arc dimension from their blocks; the table\'s cell texts are its Text, found by search', async () => {
    const url = URL.createObjectURL(new Blob([tableAndDimension()]));
    const model = await viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'table.dxf' });
    URL.revokeObjectURL(url);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);
    const redNear = (x: number, y: number) => inkNear(viewer, pixels, RED_INK, x, y, 0.4);
    expect([redNear(120, 50), redNear(140, 60), redNear(120, 70)], "the table's frame where it is placed").to.deep.equal([true, true, true]);
    expect([redNear(20, 20), redNear(0, 10)], "no frame at the block's own origin").to.deep.equal([false, false]);
    expect(redNear(20, 0), "the dimension's line").to.equal(true);
    const [table, dimension] = await model.getBulkProperties([2, 3], ['Type', 'Text', 'Block']);
    const values = (r: typeof table) => Object.fromEntries(r.properties.map((p) => [p.displayName, p.displayValue]));
    expect(values(table)).to.deep.equal({ Type: 'ACAD_TABLE', Text: 'Door\nWindow' });
    expect(values(dimension)).to.deep.equal({ Type: 'ARC_DIMENSION', Block: '*D1' });
    expect(await model.search('window')).to.deep.equal([2]);
  });

  it('draws a rational spline with its weights (an exact quarter circle) and a spline given by fit points as a smooth curve through them', async () => {
    const sheet = dxf([
      [0, 'SPLINE', 8, '0', 62, 1, 70, 12, 71, 2, 72, 6, 73, 3, 40, 0, 40, 0, 40, 0, 40, 1, 40, 1, 40, 1, 10, 40, 20, 0, 30, 0, 41, 1, 10, 40, 20, 40, 30, 0, 41, Math.SQRT1_2, 10, 0, 20, 40, 30, 0, 41, 1],
      [0, 'SPLINE', 8, '0', 62, 1, 70, 8, 71, 3, 74, 3, 11, 0, 21, -60, 31, 0, 11, 40, 21, -20, 31, 0, 11, 80, 21, -60, 31, 0],
    ]);
    const url = URL.createObjectURL(new Blob([sheet]));
    await viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'splines.dxf' });
    URL.revokeObjectURL(url);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);
    const red = (x: number, y: number) => inkAt(viewer, pixels, RED_INK, x, y);
    const redNear = (x: number, y: number) => inkNear(viewer, pixels, RED_INK, x, y);
    // On the circle at 45°, not where the same control points without weights would pass (30, 30).
    expect(redNear(40 * Math.SQRT1_2, 40 * Math.SQRT1_2), 'on the circle').to.equal(true);
    expect(redNear(30, 30), 'off it').to.equal(false);
    // Through the fit points, rounded between them: at x = 20 well above the straight line's -40.
    expect([redNear(0, -60), redNear(40, -20), redNear(80, -60)], 'the fit points').to.deep.equal([true, true, true]);
    expect(redNear(20, -40), 'not the straight line between them').to.equal(false);
    let above = false;
    for (let y = -37; y <= -22; y += 0.2) above ||= red(20, y);
    expect(above, 'the curve at x = 20').to.equal(true);
  });

  it('leaves out the segments of a point that is not a number, and nothing else', async () => {
    const sheet = dxf([
      [0, 'LWPOLYLINE', 8, '0', 62, 1, 90, 4, 70, 0, 10, 0, 20, 0, 10, 'nan', 20, 5, 10, 10, 20, 0, 10, 20, 20, 0],
      [0, 'LINE', 8, '0', 62, 1, 10, 0, 20, 10, 30, 0, 11, '1e400', 21, 10, 31, 0],
      [0, 'LINE', 8, '0', 62, 1, 10, 0, 20, 20, 30, 0, 11, 20, 21, 20, 31, 0],
    ]);
    const url = URL.createObjectURL(new Blob([sheet]));
    const model = await viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'nan.dxf' });
    URL.revokeObjectURL(url);
    const box = model.getBoundingBox();
    expect([box.min.x, box.min.y, box.max.x, box.max.y]).to.deep.equal([0, 0, 20, 20]);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);
    const red = (x: number, y: number) => inkNear(viewer, pixels, RED_INK, x, y);
    expect([red(15, 0), red(10, 20)], 'the segment between two good points, the good line').to.deep.equal([true, true]);
    expect([red(5, 0), red(5, 10)], 'no segment from the point before the bad one to the one after it, no line to infinity').to.deep.equal([false, false]);
  });

  it('draws a dimension that has no block from its definition, and gives its measurement as a property', async () => {
    const sheet = dxf(
      [
        // Rotated (horizontal), 40 long, its line at y = 10; its measurement left for the reader to work out.
        [0, 'DIMENSION', 5, 'D1', 8, '0', 62, 1, 10, 0, 20, 10, 30, 0, 70, 32, 13, 0, 23, 0, 33, 0, 14, 40, 24, 0, 34, 0, 50, 0],
        // Radius 10 about (70, 5), with AutoCAD's measurement (42) and a text override around it.
        [0, 'DIMENSION', 5, 'D2', 8, '0', 62, 1, 10, 70, 20, 5, 30, 0, 70, 36, 42, 10, 1, 'Fillet <>', 15, 80, 25, 5, 35, 0],
      ],
      [],
      [9, '$DIMTXT', 40, 4, 9, '$DIMASZ', 40, 2, 9, '$DIMDEC', 70, 1],
    );
    const url = URL.createObjectURL(new Blob([sheet]));
    const model = await viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'dimensions.dxf' });
    URL.revokeObjectURL(url);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);
    const red = (x: number, y: number) => inkAt(viewer, pixels, RED_INK, x, y);
    const redNear = (x: number, y: number) => inkNear(viewer, pixels, RED_INK, x, y);
    expect([redNear(0, 5), redNear(40, 5), redNear(20, 10)], 'its extension lines and dimension line').to.deep.equal([true, true, true]);
    expect(redNear(1, 10.2), 'an arrowhead at the first end').to.equal(true);
    let glyphs = 0;
    for (let x = 14; x <= 26; x += 0.5) for (let y = 10.8; y <= 14; y += 0.5) if (red(x, y)) glyphs++;
    expect(glyphs, 'its text over the line').to.be.greaterThan(5);
    expect(redNear(75, 5), "the radius's line").to.equal(true);
    const results = await model.getBulkProperties([2, 3], ['Measurement', 'Text']);
    const values = results.map((r) => Object.fromEntries(r.properties.map((p) => [p.displayName, p.displayValue])));
    expect(values).to.deep.equal([{ Measurement: 40 }, { Measurement: 10, Text: 'Fillet <>' }]);
  });

  it('warns of an external reference, which it does not draw, and draws the rest', async () => {
    const blocks = ['0', 'SECTION', '2', 'BLOCKS', '0', 'BLOCK', '8', '0', '2', 'SITE', '70', '4', '10', '0', '20', '0', '30', '0', '3', 'SITE', '1', 'C:\\xrefs\\site.dxf', '0', 'ENDBLK', '8', '0', '0', 'ENDSEC'];
    const sheet = dxf([
      [0, 'INSERT', 8, '0', 2, 'SITE', 10, 0, 20, 0, 30, 0],
      [0, 'LINE', 8, '0', 62, 1, 10, 0, 20, 0, 30, 0, 11, 10, 21, 0, 31, 0],
    ]).replace('0\nSECTION\n2\nENTITIES', `${blocks.join('\n')}\n0\nSECTION\n2\nENTITIES`);
    const url = URL.createObjectURL(new Blob([sheet]));
    const { result: model, warnings } = await withWarnings(viewer, () => viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'xref.dxf' }));
    URL.revokeObjectURL(url);
    expect(warnings).to.include('xref.dxf: not drawn yet: external reference SITE (C:\\xrefs\\site.dxf) ×1.');
    const box = model.getBoundingBox();
    expect([box.min.x, box.max.x]).to.deep.equal([0, 10]);
  });

  it("draws an IMAGE's picture where it is placed, found beside the drawing or at its URL; a missing one is warned about", async () => {
    // A 4 × 2 picture: its left half red, its right half blue.
    const canvas = new OffscreenCanvas(4, 2);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ff0000';
    context.fillRect(0, 0, 2, 2);
    context.fillStyle = '#0000ff';
    context.fillRect(2, 0, 2, 2);
    const picture = URL.createObjectURL(await canvas.convertToBlob({ type: 'image/png' }));
    const image = (x: number, definition: string) => [0, 'IMAGE', 100, 'AcDbEntity', 8, '0', 100, 'AcDbRasterImage', 90, 0, 10, x, 20, 0, 30, 0, 11, 10, 21, 0, 31, 0, 12, 0, 22, 10, 32, 0, 13, 4, 23, 2, 340, definition];
    const objects = ['0', 'SECTION', '2', 'OBJECTS', '0', 'IMAGEDEF', '5', 'A1', '100', 'AcDbRasterImageDef', '1', picture, '0', 'IMAGEDEF', '5', 'A2', '100', 'AcDbRasterImageDef', '1', 'C:\\scans\\missing.png', '0', 'ENDSEC'];
    const sheet = dxf([image(0, 'A1'), image(60, 'A2'), [0, 'LINE', 8, '0', 62, 3, 10, 0, 20, -10, 30, 0, 11, 100, 21, -10, 31, 0]]).replace('0\nEOF', `${objects.join('\n')}\n0\nEOF`);
    const url = URL.createObjectURL(new Blob([sheet]));
    const { result: model, warnings } = await withWarnings(viewer, () => viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'images.dxf' }));
    URL.revokeObjectURL(url);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);
    const at = (x: number, y: number) => colourAt(viewer, pixels, x, y);
    expect(near(at(8, 10), RED), 'the left half, red').to.equal(true);
    expect(near(at(32, 10), [0, 0, 255]), 'the right half, blue').to.equal(true);
    expect(near(at(70, 10), RED) || near(at(70, 10), [0, 0, 255]), 'nothing for the missing picture').to.equal(false);
    expect(warnings.some((w) => w.includes('images.dxf: images not found or not pictures, not drawn: C:\\scans\\missing.png.'))).to.equal(true);
    const [type] = await model.getBulkProperties([2], ['Type']);
    expect(type.properties[0].displayValue).to.equal('IMAGE');
    URL.revokeObjectURL(picture);
  });

  it('looks for a picture at its path relative to the drawing, then by its name beside it', () => {
    const drawing = 'http://host/sheets/plan.dxf';
    expect(imageUrlCandidates('C:\\Projects\\plan\\scan.png', drawing)).to.deep.equal(['http://host/sheets/scan.png']);
    expect(imageUrlCandidates('images\\scan.png', drawing)).to.deep.equal(['http://host/sheets/images/scan.png', 'http://host/sheets/scan.png']);
    expect(imageUrlCandidates('/home/me/scan.png', drawing)).to.deep.equal(['http://host/sheets/scan.png']);
    expect(imageUrlCandidates('https://cdn.example/scan.png', drawing)).to.deep.equal(['https://cdn.example/scan.png']);
    expect(imageUrlCandidates('scan.png', 'blob:http://host/0b7c'), 'no folder to look in').to.deep.equal([]);
  });

  it('fills a gradient hatch in the mean of its colours, not in the entity\'s colour', async () => {
    const edge = (x0: number, y0: number, x1: number, y1: number) => [72, 1, 10, x0, 20, y0, 11, x1, 21, y1];
    const hatch = [
      0, 'HATCH', 100, 'AcDbEntity', 8, '0', 62, 7, 100, 'AcDbHatch', 10, 0, 20, 0, 30, 0, 210, 0, 220, 0, 230, 1, 2, 'SOLID', 70, 1, 71, 0, 91, 1, 92, 1, 93, 4,
      ...edge(0, 0, 40, 0), ...edge(40, 0, 40, 40), ...edge(40, 40, 0, 40), ...edge(0, 40, 0, 0),
      97, 0, 75, 0, 76, 1, 98, 0, 450, 1, 451, 0, 452, 0, 453, 2, 460, 0, 461, 0, 462, 1, 463, 0, 63, 1, 421, 0xff0000, 463, 1, 63, 5, 421, 0x0000ff, 470, 'LINEAR',
    ];
    const url = URL.createObjectURL(new Blob([dxf([hatch])]));
    await viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'gradient.dxf' });
    URL.revokeObjectURL(url);
    await viewer.waitForCompleteFrame();
    expect(near(colourAt(viewer, capture(viewer), 20, 20), [128, 0, 128])).to.equal(true);
  });

  it("draws a polyface mesh's visible edges and a polygon mesh's grid, seen from above", async () => {
    const url = URL.createObjectURL(new Blob([dxf(meshes())]));
    await viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'meshes.dxf' });
    URL.revokeObjectURL(url);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);
    const blueNear = (x: number, y: number) => inkNear(viewer, pixels, BLUE_INK, x, y, 0.4);
    expect([blueNear(20, 0), blueNear(30, 30), blueNear(30, 10), blueNear(10, 30)], 'a base edge and three edges to the apex').to.deep.equal([true, true, true, true]);
    expect(blueNear(10, 10), 'the hidden edge').to.equal(false);
    expect([blueNear(80, 20), blueNear(70, 40), blueNear(90, 0)], "the grid's column and rows").to.deep.equal([true, true, true]);
    expect(blueNear(70, 20), 'inside a cell').to.equal(false);
  });
});
