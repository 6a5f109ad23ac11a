import { expect } from '@esm-bundle/chai';
import { Viewer } from '../../../../core/index.js';
import { capture, createContainer } from '../../../support/helpers.js';
import type { Pixels } from '../../../support/inkCompare.js';
import {
  clip,
  concatTransformationMatrix,
  degrees,
  drawObject,
  endPath,
  PDFName,
  PDFOperator,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
} from './pdfLib.js';
import { channelDistance, colourAt, loadFramedPdf, pagePdf, pixelOfPoint, QUADRANTS, quadrantPng, renderFirstPageLikeViewer, type Rgb } from './pdfPicture.js';

const SIZE = 256;
/** The test pages are this many points square. */
const PAGE = 200;

const PAPER: Rgb = [255, 255, 255];
function value(result: { properties: { displayName: string; displayValue: unknown }[] }, name: string): unknown {
  return result.properties.find((p) => p.displayName === name)?.displayValue;
}

describe('PDF images and shadings', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  const warnings: string[] = [];

  beforeEach(() => {
    container = createContainer(SIZE, SIZE);
    viewer = new Viewer(container, { language: 'en', logLevel: 'warning' });
    viewer.start();
    viewer.navigation.transitionDurationMs = 0;
    warnings.length = 0;
    const warn = viewer.logger.warn.bind(viewer.logger);
    viewer.logger.warn = (message: string, ...rest: unknown[]) => {
      warnings.push(message);
      warn(message, ...rest);
    };
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  /** Checks the quadrants' colours where `place` puts each (u, v of the image, 0–1 up from its lower left) on the page. */
  function expectQuadrants(pixels: Pixels, place: (u: number, v: number) => [number, number], what: string): void {
    for (const { name, colour, u, v } of QUADRANTS) {
      const at = pixelOfPoint(viewer, ...place(u, v));
      expect(channelDistance(colourAt(pixels, at), colour), `${what}: the ${name} quadrant at ${at.x}, ${at.y} is ${colourAt(pixels, at).join(',')}`).to.be.at.most(24);
    }
  }

  it('draws a PNG where the page places it, each quadrant in its colour, paper around it; the image is an object with its size in pixels', async () => {
    const png = await quadrantPng();
    const bytes = await pagePdf(PAGE, PAGE, async (doc, page) => page.drawImage(await doc.embedPng(png), { x: 50, y: 40, width: 100, height: 120 }));
    const model = await loadFramedPdf(viewer, bytes, 'image.pdf');
    const ours = capture(viewer);
    const place = (u: number, v: number): [number, number] => [50 + u * 100, 40 + v * 120];
    expectQuadrants(ours, place, 'ours');
    expectQuadrants(await renderFirstPageLikeViewer(viewer, bytes), place, "pdf.js's");
    for (const [x, y] of [
      [30, 100],
      [170, 100],
      [100, 20],
      [100, 180],
    ]) {
      expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, x, y)), PAPER), `paper at ${x}, ${y} pt`).to.be.at.most(8);
    }
    const images = await model.search('Image', ['Type']);
    expect(images.length).to.equal(1);
    const properties = await model.getProperties(images[0]);
    expect(value(properties, 'Width')).to.equal(64);
    expect(value(properties, 'Height')).to.equal(64);
    expect(warnings.filter((w) => /not drawn/.test(w)), 'nothing left out').to.deep.equal([]);
  });

  it('draws an image turned 90° as pdf.js does', async () => {
    const png = await quadrantPng();
    const bytes = await pagePdf(PAGE, PAGE, async (doc, page) => page.drawImage(await doc.embedPng(png), { x: 150, y: 50, width: 100, height: 80, rotate: degrees(90) }));
    await loadFramedPdf(viewer, bytes, 'turned.pdf');
    // Turned a quarter counter-clockwise about its lower left corner: its width goes up the page, its height to the left.
    const place = (u: number, v: number): [number, number] => [150 - v * 80, 50 + u * 100];
    expectQuadrants(capture(viewer), place, 'ours');
    expectQuadrants(await renderFirstPageLikeViewer(viewer, bytes), place, "pdf.js's");
  });

  it('cuts an image to the clipping box', async () => {
    const png = await quadrantPng();
    const bytes = await pagePdf(PAGE, PAGE, async (doc, page) => {
      const image = await doc.embedPng(png);
      page.pushOperators(pushGraphicsState(), rectangle(50, 40, 50, 200), clip(), endPath());
      page.drawImage(image, { x: 50, y: 40, width: 100, height: 120 });
      page.pushOperators(popGraphicsState());
    });
    await loadFramedPdf(viewer, bytes, 'clipped.pdf');
    const ours = capture(viewer);
    const place = (u: number, v: number): [number, number] => [50 + u * 100, 40 + v * 120];
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, ...place(0.25, 0.75))), QUADRANTS[0].colour), 'the left half stays').to.be.at.most(24);
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, ...place(0.25, 0.25))), QUADRANTS[2].colour), 'the left half stays').to.be.at.most(24);
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, ...place(0.75, 0.75))), PAPER), 'the right half is cut away').to.be.at.most(8);
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, ...place(0.75, 0.25))), PAPER), 'the right half is cut away').to.be.at.most(8);
  });

  it('an image hides (its pixels go), shows again, is selected (tinted) and picked like any object', async () => {
    const png = await quadrantPng();
    const bytes = await pagePdf(PAGE, PAGE, async (doc, page) => page.drawImage(await doc.embedPng(png), { x: 50, y: 40, width: 100, height: 120 }));
    const model = await loadFramedPdf(viewer, bytes, 'image.pdf');
    const [image] = await model.search('Image', ['Type']);
    const topLeft = pixelOfPoint(viewer, 75, 130);
    const before = colourAt(capture(viewer), topLeft);
    expect(channelDistance(before, QUADRANTS[0].colour)).to.be.at.most(24);

    viewer.hide([image], model);
    await viewer.waitForCompleteFrame();
    // Hidden objects are ghosted: a faint grey stands where its pixels were.
    expect(channelDistance(colourAt(capture(viewer), topLeft), PAPER), 'hidden').to.be.at.most(16);

    viewer.show([image], model);
    await viewer.waitForCompleteFrame();
    expect(channelDistance(colourAt(capture(viewer), topLeft), before), 'shown again').to.be.at.most(4);

    viewer.select([image], model);
    await viewer.waitForCompleteFrame();
    expect(channelDistance(colourAt(capture(viewer), topLeft), before), 'tinted while selected').to.be.greaterThan(30);
    viewer.select([], model);

    const centre = pixelOfPoint(viewer, 100, 100);
    expect(viewer.hitTestCanvas(centre.x, centre.y)?.dbId, 'picked').to.equal(image);
  });

  it("keeps the page's order: an image over the fill painted before it, under the lines painted after it", async () => {
    const png = await quadrantPng();
    const bytes = await pagePdf(PAGE, PAGE, async (doc, page) => {
      page.drawRectangle({ x: 20, y: 20, width: 160, height: 80, color: rgb(0.6, 0.85, 0.95) });
      page.drawImage(await doc.embedPng(png), { x: 50, y: 40, width: 100, height: 120 });
      page.drawLine({ start: { x: 30, y: 130 }, end: { x: 170, y: 130 }, thickness: 3, color: rgb(0, 0, 0) });
      page.drawLine({ start: { x: 30, y: 70 }, end: { x: 170, y: 70 }, thickness: 3, color: rgb(0, 0, 0) });
    });
    await loadFramedPdf(viewer, bytes, 'order.pdf');
    const ours = capture(viewer);
    const place = (u: number, v: number): [number, number] => [50 + u * 100, 40 + v * 120];
    // The bottom quadrants lie on the fill (u, v clear of the lines).
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, ...place(0.25, 0.1))), QUADRANTS[2].colour), 'over the fill').to.be.at.most(24);
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, ...place(0.75, 0.1))), QUADRANTS[3].colour), 'over the fill').to.be.at.most(24);
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, 30, 50)), [153, 217, 242]), 'the fill beside it').to.be.at.most(24);
    for (const y of [130, 70]) {
      for (const x of [75, 125]) expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, x, y)), [0, 0, 0]), `the line at ${y} pt over the image`).to.be.at.most(40);
    }
  });

  it('paints an image mask in the fill colour, its clear pixels showing the paper', async () => {
    const bytes = await pagePdf(PAGE, PAGE, (doc, page) => {
      // 8 × 8, one bit a pixel: 0 paints. The left half of each row paints.
      const mask = doc.context.stream(new Uint8Array(8).fill(0x0f), { Type: 'XObject', Subtype: 'Image', Width: 8, Height: 8, ImageMask: true, BitsPerComponent: 1 });
      page.node.setXObject(PDFName.of('M0'), doc.context.register(mask));
      page.pushOperators(pushGraphicsState(), setFillingRgbColor(0.1, 0.6, 0.2), concatTransformationMatrix(100, 0, 0, 100, 50, 50), drawObject('M0'), popGraphicsState());
    });
    const model = await loadFramedPdf(viewer, bytes, 'mask.pdf');
    const ours = capture(viewer);
    const green: Rgb = [26, 153, 51];
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, 75, 100)), green), 'the painted half').to.be.at.most(24);
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, 125, 100)), PAPER), 'the clear half').to.be.at.most(8);
    const [mask] = await model.search('Image', ['Type']);
    expect(value(await model.getProperties(mask), 'Color')).to.equal('#1a9933');
  });

  it('fills the clip box with an axial shading (sh): its end colours at its ends, blended between as pdf.js blends them', async () => {
    const bytes = await pagePdf(PAGE, PAGE, (doc, page) => {
      const shading = doc.context.obj({
        ShadingType: 2,
        ColorSpace: 'DeviceRGB',
        Coords: [50, 0, 150, 0],
        Function: { FunctionType: 2, Domain: [0, 1], C0: [1, 0, 0], C1: [0, 0, 1], N: 1 },
        Extend: [true, true],
      });
      page.node.Resources()!.set(PDFName.of('Shading'), doc.context.obj({ Sh0: doc.context.register(shading) }));
      page.pushOperators(pushGraphicsState(), rectangle(40, 60, 120, 80), clip(), endPath(), PDFOperator.of('sh' as never, [PDFName.of('Sh0')]), popGraphicsState());
    });
    const model = await loadFramedPdf(viewer, bytes, 'axial.pdf');
    const ours = capture(viewer);
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, 45, 100)), [255, 0, 0]), 'red on the left (extended)').to.be.at.most(16);
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, 155, 100)), [0, 0, 255]), 'blue on the right (extended)').to.be.at.most(16);
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, 100, 170)), PAPER), 'paper outside the clip box').to.be.at.most(8);
    const theirs = await renderFirstPageLikeViewer(viewer, bytes);
    for (const x of [60, 80, 100, 120, 140]) {
      const at = pixelOfPoint(viewer, x, 100);
      expect(channelDistance(colourAt(ours, at), colourAt(theirs, at)), `at ${x} pt: ours ${colourAt(ours, at).join(',')}, pdf.js ${colourAt(theirs, at).join(',')}`).to.be.at.most(20);
    }
    const [shading] = await model.search('Shading', ['Type']);
    expect(value(await model.getProperties(shading), 'Shading')).to.equal('axial');
    expect(warnings.filter((w) => /not drawn/.test(w)), 'nothing left out').to.deep.equal([]);
  });

  it('fills a path with a radial shading pattern as pdf.js does, and nothing outside the path', async () => {
    const bytes = await pagePdf(PAGE, PAGE, (doc, page) => {
      const shading = doc.context.obj({
        ShadingType: 3,
        ColorSpace: 'DeviceRGB',
        Coords: [100, 100, 0, 100, 100, 60],
        Function: { FunctionType: 2, Domain: [0, 1], C0: [1, 1, 0], C1: [0, 0.4, 0.8], N: 1 },
        Extend: [false, true],
      });
      const pattern = doc.context.obj({ PatternType: 2, Shading: doc.context.register(shading) });
      page.node.Resources()!.set(PDFName.of('Pattern'), doc.context.obj({ P0: doc.context.register(pattern) }));
      // A triangle, filled with the pattern.
      page.pushOperators(
        pushGraphicsState(),
        PDFOperator.of('cs' as never, [PDFName.of('Pattern')]),
        PDFOperator.of('scn' as never, [PDFName.of('P0')]),
        PDFOperator.of('m' as never, [doc.context.obj(30), doc.context.obj(30)]),
        PDFOperator.of('l' as never, [doc.context.obj(170), doc.context.obj(30)]),
        PDFOperator.of('l' as never, [doc.context.obj(100), doc.context.obj(175)]),
        PDFOperator.of('f' as never),
        popGraphicsState(),
      );
    });
    const model = await loadFramedPdf(viewer, bytes, 'radial.pdf');
    const ours = capture(viewer);
    const theirs = await renderFirstPageLikeViewer(viewer, bytes);
    for (const [x, y] of [
      [100, 100],
      [120, 100],
      [100, 130],
      [70, 80],
      [130, 60],
      [45, 40],
      [155, 40],
    ]) {
      const at = pixelOfPoint(viewer, x, y);
      expect(channelDistance(colourAt(ours, at), colourAt(theirs, at)), `at ${x}, ${y} pt: ours ${colourAt(ours, at).join(',')}, pdf.js ${colourAt(theirs, at).join(',')}`).to.be.at.most(20);
    }
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, 100, 100)), [255, 255, 0]), 'the centre').to.be.at.most(20);
    expect(channelDistance(colourAt(ours, pixelOfPoint(viewer, 40, 150)), PAPER), 'outside the path').to.be.at.most(8);
    const [shading] = await model.search('Shading', ['Type']);
    expect(value(await model.getProperties(shading), 'Shading')).to.equal('radial');
  });
});
