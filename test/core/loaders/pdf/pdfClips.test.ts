import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import { Viewer } from '../../../../core/index.js';
import { capture, createContainer } from '../../../support/helpers.js';
import { compareInk, INK, inkAt, type Pixels } from '../../../support/inkCompare.js';
import { PDFDocument, PDFName, PDFOperator, popGraphicsState, pushGraphicsState, rgb, StandardFonts } from './pdfLib.js';
import { channelDistance, colourAt, loadFramedPdf, MM, pagePdf, type PdfDocument, pixelOfPoint, QUADRANTS, quadrantPng, renderFirstPageLikeViewer, type Rgb } from './pdfPicture.js';

/** The canvas, and the test pages (in points): the page fills the canvas's height. */
const WIDTH = 300;
const HEIGHT = 200;
const PAGE_WIDTH = 300;
const PAGE_HEIGHT = 200;

type Point = [number, number];
const PAPER: Rgb = [255, 255, 255];
const BLUE: Rgb = [51, 102, 230];
const RED: Rgb = [230, 38, 26];
const GREEN: Rgb = [26, 166, 51];
/** Circular clips' centre and radius (points). */
const CX = 150;
const CY = 100;
const R = 70;
/** The Bézier circle's control distance (a quarter arc). */
const KAPPA = 0.5523;


/** Raw operators with number operands: `q`, `re 10 20 30 40`, `W*`. */
function ops(doc: PdfDocument, ...lines: (string | number)[][]): ReturnType<typeof PDFOperator.of>[] {
  return lines.map(([name, ...values]) => PDFOperator.of(name as never, values.map((v) => doc.context.obj(v as number))));
}

/** A circle's path (four Bézier arcs), counter-clockwise, or clockwise when `clockwise`. */
function circle(cx: number, cy: number, r: number, clockwise = false): (string | number)[][] {
  const k = r * KAPPA;
  const s = clockwise ? -1 : 1;
  return [
    ['m', cx + r, cy],
    ['c', cx + r, cy + s * k, cx + k, cy + s * r, cx, cy + s * r],
    ['c', cx - k, cy + s * r, cx - r, cy + s * k, cx - r, cy],
    ['c', cx - r, cy - s * k, cx - k, cy - s * r, cx, cy - s * r],
    ['c', cx + k, cy - s * r, cx + r, cy - s * k, cx + r, cy],
    ['h'],
  ];
}

function fillColour([r, g, b]: Rgb): (string | number)[] {
  return ['rg', r / 255, g / 255, b / 255];
}

/** The page point (in points) a canvas pixel shows. */
function pageOf(viewer: Viewer, x: number, y: number): Point {
  const v = new Vector3(((x + 0.5) / viewer.canvas.clientWidth) * 2 - 1, 1 - ((y + 0.5) / viewer.canvas.clientHeight) * 2, 0).unproject(viewer.navigation.getThreeCamera());
  return [v.x / MM, v.y / MM];
}

describe('PDF clipping paths of any shape', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(WIDTH, HEIGHT);
    viewer = new Viewer(container, { language: 'en', logLevel: 'warning' });
    viewer.start();
    viewer.navigation.transitionDurationMs = 0;
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  /** Our picture and pdf.js's of the same page, the same colour (within `tolerance`) at each page point, as `expected` says if given. */
  function expectColours(ours: Pixels, theirs: Pixels, points: { at: Point; expected: Rgb; what: string }[], tolerance = 28): void {
    for (const { at, expected, what } of points) {
      const pixel = pixelOfPoint(viewer, ...at);
      const [o, t] = [colourAt(ours, pixel), colourAt(theirs, pixel)];
      expect(channelDistance(t, expected), `pdf.js at ${at.join(', ')} pt (${what}): ${t.join(',')}`).to.be.at.most(tolerance);
      expect(channelDistance(o, expected), `ours at ${at.join(', ')} pt (${what}): ${o.join(',')}, pdf.js ${t.join(',')}`).to.be.at.most(tolerance);
    }
  }

  /** Ink pixels of a picture where `where` holds for the page point they show, the page's frame aside. */
  function inkWhere(pixels: Pixels, where: (p: Point) => boolean): number {
    let n = 0;
    for (let y = 0; y < pixels.height; y++) {
      for (let x = 0; x < pixels.width; x++) {
        const p = pageOf(viewer, x, y);
        const onFrame = p[0] < 6 || p[1] < 6 || p[0] > PAGE_WIDTH - 6 || p[1] > PAGE_HEIGHT - 6;
        if (!onFrame && where(p) && inkAt(pixels, x, y) > INK) n++;
      }
    }
    return n;
  }

  const fromCentre = ([x, y]: Point) => Math.hypot(x - CX, y - CY);

  it('cuts lines and fills to a circle: nothing outside it, all inside drawn as pdf.js draws it; what is cut away is not picked there', async () => {
    const bytes = await pagePdf(PAGE_WIDTH, PAGE_HEIGHT, (doc, page) => {
      const grid: (string | number)[][] = [];
      for (let x = 20; x <= 280; x += 20) grid.push(['m', x, 15], ['l', x, 185]);
      for (let y = 20; y <= 180; y += 20) grid.push(['m', 15, y], ['l', 285, y]);
      page.pushOperators(
        ...ops(doc, ['q'], ...circle(CX, CY, R), ['W'], ['n']),
        // A filled rectangle wider and taller than the circle, then the grid over it.
        ...ops(doc, fillColour(BLUE), ['re', 50, 45, 200, 110], ['f']),
        ...ops(doc, ['RG', 0, 0, 0], ['w', 1], ...grid, ['S'], ['Q']),
      );
    });
    const model = await loadFramedPdf(viewer, bytes, 'circle.pdf');
    const ours = capture(viewer);
    const theirs = await renderFirstPageLikeViewer(viewer, bytes);
    // The rectangle's corners are outside the circle; its middle and the parts the circle crosses inside it (points clear of the grid).
    expectColours(ours, theirs, [
      { at: [90, 50], expected: PAPER, what: "the rectangle's lower left, outside the circle (inside its box)" },
      { at: [210, 150], expected: PAPER, what: "the rectangle's upper right, outside the circle (inside its box)" },
      { at: [205, 110], expected: BLUE, what: 'inside the circle, near its edge' },
      { at: [130, 90], expected: BLUE, what: 'inside the circle' },
      { at: [110, 148], expected: BLUE, what: 'inside the circle, near its edge' },
      { at: [150, 100 + R + 4], expected: PAPER, what: 'above the circle' },
    ]);
    const outside = (p: Point) => fromCentre(p) > R + 2;
    expect(inkWhere(theirs, outside), "pdf.js's ink outside the circle").to.equal(0);
    expect(inkWhere(ours, outside), 'our ink outside the circle').to.equal(0);
    // Inside, the grid lines are where pdf.js draws them (the fill aside: compare where it is not).
    const inkInside = compareInk(ours, theirs, 2, 2);
    expect(inkInside.matched / inkInside.inked, `our ink matched by pdf.js's (${inkInside.matched} of ${inkInside.inked})`).to.be.at.least(0.97);
    expect(inkInside.covered / inkInside.theirs, `pdf.js's ink covered by ours (${inkInside.covered} of ${inkInside.theirs})`).to.be.at.least(0.95);

    // Picking follows the cut geometry: the rectangle's corner outside the circle picks nothing of it.
    const [fill] = await model.search('Fill', ['Type']);
    expect(fill, 'the rectangle').to.be.a('number');
    const inside = pixelOfPoint(viewer, 130, 90);
    expect(viewer.hitTestCanvas(inside.x, inside.y)?.dbId, 'picked inside the circle').to.equal(fill);
    const corner = pixelOfPoint(viewer, 90, 50);
    expect(viewer.hitTestCanvas(corner.x, corner.y)?.dbId ?? null, 'not picked where it is cut away').to.not.equal(fill);
  });

  it('leaves out text anchored outside a circular clip, keeps the text anchored inside it', async () => {
    const bytes = await pagePdf(PAGE_WIDTH, PAGE_HEIGHT, async (doc, page) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      page.pushOperators(...ops(doc, ['q'], ...circle(CX, CY, R), ['W'], ['n']));
      page.drawText('Inside', { x: 120, y: 95, size: 12, font });
      // Outside the circle, inside its box.
      page.drawText('Outside', { x: 85, y: 40, size: 12, font });
      page.pushOperators(popGraphicsState());
    });
    const model = await loadFramedPdf(viewer, bytes, 'text.pdf');
    const texts = await model.search('Text', ['Type']);
    const strings = await Promise.all(texts.map(async (dbId) => (await model.getProperties(dbId)).properties.find((p) => p.displayName === 'Text')?.displayValue));
    expect(strings).to.deep.equal(['Inside']);
  });

  it('cuts to an even-odd ring (W*): the hole stays empty; non-zero (W) fills it unless the inner circle turns the other way', async () => {
    const bytes = await pagePdf(PAGE_WIDTH, PAGE_HEIGHT, (doc, page) => {
      const ring = (cx: number, clockwiseHole: boolean, rule: string) =>
        ops(doc, ['q'], ...circle(cx, CY, 45), ...circle(cx, CY, 22, clockwiseHole), [rule], ['n'], fillColour(RED), ['re', cx - 60, CY - 60, 120, 120], ['f'], ['Q']);
      page.pushOperators(...ring(55, false, 'W*'), ...ring(150, false, 'W'), ...ring(245, true, 'W'));
    });
    await loadFramedPdf(viewer, bytes, 'ring.pdf');
    const ours = capture(viewer);
    const theirs = await renderFirstPageLikeViewer(viewer, bytes);
    expectColours(ours, theirs, [
      { at: [55, CY], expected: PAPER, what: "the even-odd ring's hole" },
      { at: [55 + 33, CY], expected: RED, what: 'the even-odd ring' },
      { at: [55, CY + 50], expected: PAPER, what: 'outside the even-odd ring' },
      { at: [150, CY], expected: RED, what: 'non-zero, both circles the same way: no hole' },
      { at: [150 + 33, CY], expected: RED, what: 'the non-zero ring' },
      { at: [150 + 40, CY + 40], expected: PAPER, what: 'outside the non-zero ring' },
      { at: [245, CY], expected: PAPER, what: 'non-zero, the inner circle the other way: a hole' },
      { at: [245, CY - 33], expected: RED, what: 'the non-zero ring with its hole' },
    ]);
  });

  it('restores the outer clip with Q: a nested clip cuts only until its Q, the page clip comes back after the last', async () => {
    const bytes = await pagePdf(PAGE_WIDTH, PAGE_HEIGHT, (doc, page) => {
      page.pushOperators(
        ...ops(doc, ['q'], ...circle(CX, CY, R), ['W'], ['n']),
        // A diamond inside the circle: the red fill shows only within it.
        ...ops(doc, ['q'], ['m', CX - 40, CY], ['l', CX, CY - 40], ['l', CX + 40, CY], ['l', CX, CY + 40], ['h'], ['W'], ['n'], fillColour(RED), ['re', 0, 0, PAGE_WIDTH, PAGE_HEIGHT], ['f'], ['Q']),
        // Back to the circle: a green band across the page shows within it.
        ...ops(doc, fillColour(GREEN), ['re', 0, CY - 55, PAGE_WIDTH, 15], ['f'], ['Q']),
        // Back to the page: a blue band shows across it.
        ...ops(doc, fillColour(BLUE), ['re', 0, CY + 45, PAGE_WIDTH, 15], ['f']),
      );
    });
    await loadFramedPdf(viewer, bytes, 'nested.pdf');
    const ours = capture(viewer);
    const theirs = await renderFirstPageLikeViewer(viewer, bytes);
    expectColours(ours, theirs, [
      { at: [CX, CY + 20], expected: RED, what: 'inside the diamond' },
      { at: [CX + 30, CY + 30], expected: PAPER, what: 'inside the circle, outside the diamond' },
      { at: [CX - 30, CY - 30], expected: PAPER, what: 'inside the circle, outside the diamond' },
      { at: [CX, CY - 48], expected: GREEN, what: 'the green band inside the circle' },
      { at: [CX + 60, CY - 48], expected: PAPER, what: 'the green band outside the circle' },
      { at: [20, CY + 52], expected: BLUE, what: 'the blue band, after the last Q, far outside the circle' },
      { at: [CX, CY + 52], expected: BLUE, what: 'the blue band inside the circle' },
    ]);
  });

  it("cuts a form XObject's content to its BBox: a page embedded cropped to its middle", async () => {
    const bytes = await pagePdf(PAGE_WIDTH, PAGE_HEIGHT, async (doc, page) => {
      // A source page red all over, with a blue square in its middle; embedded cropped to 60..140 × 40..120.
      const source = await PDFDocument.create();
      const sheet = source.addPage([200, 160]);
      sheet.drawRectangle({ x: 0, y: 0, width: 200, height: 160, color: rgb(RED[0] / 255, RED[1] / 255, RED[2] / 255) });
      sheet.drawRectangle({ x: 80, y: 60, width: 40, height: 40, color: rgb(BLUE[0] / 255, BLUE[1] / 255, BLUE[2] / 255) });
      const cropped = await doc.embedPage(sheet, { left: 60, bottom: 40, right: 140, top: 120 });
      page.drawPage(cropped, { x: 110, y: 60 });
    });
    await loadFramedPdf(viewer, bytes, 'cropped.pdf');
    const ours = capture(viewer);
    const theirs = await renderFirstPageLikeViewer(viewer, bytes);
    // The crop's 80 × 80 lands at 110..190 × 60..140: red round a blue middle; the rest of the source page is cut away.
    expectColours(ours, theirs, [
      { at: [150, 100], expected: BLUE, what: 'the blue square, in the middle of the crop' },
      { at: [118, 68], expected: RED, what: 'the red inside the crop' },
      { at: [100, 100], expected: PAPER, what: 'left of the crop, where the source page went on' },
      { at: [150, 150], expected: PAPER, what: 'above the crop' },
      { at: [195, 55], expected: PAPER, what: 'below right of the crop' },
    ]);
  });

  it('places a clipping path by the CTM: a square turned and scaled, a circle stretched into an ellipse', async () => {
    const angle = Math.PI / 6;
    const [cos, sin] = [1.5 * Math.cos(angle), 1.5 * Math.sin(angle)];
    const bytes = await pagePdf(PAGE_WIDTH, PAGE_HEIGHT, (doc, page) => {
      page.pushOperators(
        // A 60 pt square turned 30° and scaled 1.5 about (80, 100), then filled over its box.
        ...ops(doc, ['q'], ['cm', cos, sin, -sin, cos, 80, 100], ['re', -30, -30, 60, 60], ['W'], ['n'], fillColour(BLUE), ['re', -60, -60, 120, 120], ['f'], ['Q']),
        // A circle of 30 pt stretched 2 × 1 about (220, 100).
        ...ops(doc, ['q'], ['cm', 2, 0, 0, 1, 220, 100], ...circle(0, 0, 30), ['W'], ['n'], ['cm', 0.5, 0, 0, 1, 0, 0], fillColour(GREEN), ['re', -70, -40, 140, 80], ['f'], ['Q']),
      );
    });
    await loadFramedPdf(viewer, bytes, 'ctm.pdf');
    const ours = capture(viewer);
    const theirs = await renderFirstPageLikeViewer(viewer, bytes);
    // The turned square's corners: 45·√2 pt from its centre at 30° + 45° + k·90°; its box's corners are out.
    const corner = (k: number, reach: number): Point => [80 + reach * Math.cos(angle + Math.PI / 4 + (k * Math.PI) / 2), 100 + reach * Math.sin(angle + Math.PI / 4 + (k * Math.PI) / 2)];
    const half = 45 * Math.SQRT2;
    expectColours(ours, theirs, [
      { at: [80, 100], expected: BLUE, what: "the turned square's centre" },
      ...[0, 1, 2, 3].map((k) => ({ at: corner(k, half - 8), expected: BLUE, what: `near the turned square's corner ${k}` })),
      { at: [80 + 55, 100 + 55], expected: PAPER, what: "the turned square's box, outside it" },
      { at: [80 - 55, 100 - 55], expected: PAPER, what: "the turned square's box, outside it" },
      { at: [220 + 52, 100], expected: GREEN, what: "the ellipse's right end" },
      { at: [220, 100 + 25], expected: GREEN, what: "the ellipse's top" },
      { at: [220 + 45, 100 + 22], expected: PAPER, what: "the ellipse's box, outside it" },
      { at: [220 - 45, 100 - 22], expected: PAPER, what: "the ellipse's box, outside it" },
    ]);
  });

  it('cuts an image to a triangle, and an axial shading (sh) to a circle', async () => {
    const png = await quadrantPng();
    const bytes = await pagePdf(PAGE_WIDTH, PAGE_HEIGHT, async (doc, page) => {
      const image = await doc.embedPng(png);
      page.pushOperators(...ops(doc, ['q'], ['m', 20, 30], ['l', 140, 30], ['l', 80, 170], ['h'], ['W'], ['n']));
      page.drawImage(image, { x: 20, y: 30, width: 120, height: 140 });
      page.pushOperators(popGraphicsState());
      const shading = doc.context.obj({ ShadingType: 2, ColorSpace: 'DeviceRGB', Coords: [180, 0, 280, 0], Function: { FunctionType: 2, Domain: [0, 1], C0: [1, 0, 0], C1: [0, 0, 1], N: 1 }, Extend: [true, true] });
      page.node.Resources()!.set(PDFName.of('Shading'), doc.context.obj({ Sh0: doc.context.register(shading) }));
      page.pushOperators(pushGraphicsState(), ...ops(doc, ...circle(230, 100, 45), ['W'], ['n']), PDFOperator.of('sh' as never, [PDFName.of('Sh0')]), popGraphicsState());
    });
    await loadFramedPdf(viewer, bytes, 'image.pdf');
    const ours = capture(viewer);
    const theirs = await renderFirstPageLikeViewer(viewer, bytes);
    expectColours(ours, theirs, [
      { at: [75, 140], expected: QUADRANTS[0].colour, what: "the image's top, inside the triangle" },
      { at: [45, 50], expected: QUADRANTS[2].colour, what: "the image's lower left, inside the triangle" },
      { at: [115, 50], expected: QUADRANTS[3].colour, what: "the image's lower right, inside the triangle" },
      { at: [30, 150], expected: PAPER, what: "the image's upper left corner, outside the triangle" },
      { at: [130, 150], expected: PAPER, what: "the image's upper right corner, outside the triangle" },
      { at: [230 + 40, 140], expected: PAPER, what: "the shading's clip box, outside the circle" },
      { at: [230 - 40, 60], expected: PAPER, what: "the shading's clip box, outside the circle" },
    ]);
    for (const [x, y] of [
      [200, 100],
      [230, 100],
      [260, 120],
    ] as Point[]) {
      const at = pixelOfPoint(viewer, x, y);
      const [o, t] = [colourAt(ours, at), colourAt(theirs, at)];
      expect(channelDistance(o, t), `the shading at ${x}, ${y} pt: ours ${o.join(',')}, pdf.js ${t.join(',')}`).to.be.at.most(24);
      expect(channelDistance(o, PAPER), `the shading at ${x}, ${y} pt is drawn`).to.be.greaterThan(60);
    }
  });
});
