import { expect } from '@esm-bundle/chai';
import { clip, endPath, PDFDocument, PDFHexString, PDFOperator, popGraphicsState, pushGraphicsState, rectangle, rgb, setTextRenderingMode, StandardFonts, TextRenderingMode } from './pdfLib.js';
import * as pdfjs from 'pdfjs-dist';
import { ErrorCode, type Model, Viewer, type ViewerError } from '../../../../core/index.js';
import { capture, createContainer, nextEvent, sampleUrl } from '../../../support/helpers.js';
import { until } from '../../../support/navigationInput.js';
import { compareInk, INK, inkAt, inkCount, inkNear } from '../../../support/inkCompare.js';
import { MM, sheetToCanvas } from './pdfPicture.js';

const SAMPLE = '2d/pdfjs_Test-plusminus_ocg.pdf';
const WIDTH = 400;
const HEIGHT = 300;

async function sampleBytes(): Promise<Uint8Array> {
  const response = await fetch(sampleUrl(SAMPLE));
  return new Uint8Array((await response.arrayBuffer()) as ArrayBuffer);
}

async function openWithPdfjs(data: Uint8Array) {
  return pdfjs.getDocument({ data: data.slice() }).promise;
}

/**
 * pdf.js's own picture of a page where the viewer draws it (same scale and place), on white, annotations off;
 * a mask of its text items' boxes (2 px around), whose glyphs the viewer draws in another font; and the boxes.
 */
async function pdfjsPicture(viewer: Viewer, page: pdfjs.PDFPageProxy) {
  const [, , , pageHeight] = page.view;
  const topLeft = sheetToCanvas(viewer, 0, pageHeight * MM);
  const bottomRight = sheetToCanvas(viewer, page.view[2] * MM, 0);
  const scale = (bottomRight.x - topLeft.x) / page.view[2];
  const viewport = page.getViewport({ scale, offsetX: topLeft.x, offsetY: topLeft.y });
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  await page.render({ canvas, canvasContext: context, viewport, annotationMode: pdfjs.AnnotationMode.DISABLE }).promise;
  const mask = new Uint8Array(WIDTH * HEIGHT);
  const boxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
  const text = await page.getTextContent();
  for (const item of text.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const [a, b, c, d, e, f] = item.transform as number[];
    const size = Math.hypot(c, d), along = Math.hypot(a, b);
    const ux = a / along, uy = b / along, vx = c / size, vy = d / size;
    const corners = [
      [0, -0.3 * size],
      [item.width, -0.3 * size],
      [item.width, size],
      [0, size],
    ].map(([s, t]) => viewport.convertToViewportPoint(e + ux * s + vx * t, f + uy * s + vy * t));
    const xs = corners.map((p) => p[0]), ys = corners.map((p) => p[1]);
    boxes.push({ x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) });
    for (let y = Math.max(0, Math.floor(Math.min(...ys)) - 2); y <= Math.min(HEIGHT - 1, Math.ceil(Math.max(...ys)) + 2); y++) {
      for (let x = Math.max(0, Math.floor(Math.min(...xs)) - 2); x <= Math.min(WIDTH - 1, Math.ceil(Math.max(...xs)) + 2); x++) mask[y * WIDTH + x] = 1;
    }
  }
  return { pixels: context.getImageData(0, 0, WIDTH, HEIGHT), mask, boxes };
}

/** A PDF of `count` pages (pdf-lib), page n holding one filled square n × 40 pt from the lower left corner and its label. */
async function pagesPdf(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= count; n++) {
    const page = doc.addPage([300, 200]);
    page.drawRectangle({ x: n * 40, y: n * 20, width: 30, height: 30, color: rgb(0, 0, 0.8) });
    page.drawText(`Sheet number ${n}`, { x: 20, y: 170, size: 12, font });
  }
  return doc.save();
}

function blobUrl(bytes: Uint8Array | string): string {
  return URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
}

function value(result: { properties: { displayName: string; displayValue: unknown }[] }, name: string): unknown {
  return result.properties.find((p) => p.displayName === name)?.displayValue;
}

describe('PDF loader', () => {
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
    localStorage.clear();
  });

  /** Loads a sheet, frames it and waits for its text's glyphs (where it has text). */
  async function loadFramed(url: string, options = {}): Promise<Model> {
    const model = await viewer.loadModel(url, options);
    expect(await viewer.fitToView(null, null, true)).to.equal(true);
    const text = viewer.renderContext!.getModelRenderer(model)!.text;
    if (text) await until(() => text.isReady, 30000);
    await viewer.waitForCompleteFrame();
    return model;
  }

  /** A generated PDF loaded and framed as `fileName`: our picture of it, and pdf.js's of the same page where we draw it (its document, to destroy). */
  async function besidePdfjs(bytes: Uint8Array, fileName: string) {
    const url = blobUrl(bytes);
    let model: Model;
    try {
      model = await loadFramed(url, { fileExtension: 'pdf', fileName });
    } finally {
      URL.revokeObjectURL(url);
    }
    const ours = capture(viewer);
    const file = await openWithPdfjs(bytes);
    const reference = await pdfjsPicture(viewer, await file.getPage(1));
    return { model, ours, file, reference };
  }

  it("loads page 1 as a 2D sheet in millimetres; the optional content groups are the layers, visible as the file's default says; hiding one removes its ink", async () => {
    const bytes = await sampleBytes();
    const file = await openWithPdfjs(bytes);
    const config = await file.getOptionalContentConfig();
    expect((await (await file.getPage(1)).getTextContent()).items.length, 'the sample has text').to.be.greaterThan(0);
    const groups = [...config].map(([, group]) => ({ name: group.name as string, visible: group.visible as boolean }));
    const model = await loadFramed(sampleUrl(SAMPLE));
    expect(model.is2d()).to.equal(true);
    const metadata = model.metadata;
    expect(metadata['distance unit']?.value).to.equal('mm');
    expect(metadata.pages).to.deep.equal({ count: file.numPages, page: 1 });
    const page = await file.getPage(1);
    const box = model.getBoundingBox();
    expect(box.max.x, 'within the page').to.be.at.most(page.view[2] * MM + 1);
    expect(box.max.y, 'within the page').to.be.at.most(page.view[3] * MM + 1);
    expect(box.min.x).to.be.at.least(-1);

    const layers = viewer.layers.getLayers();
    expect(layers.map((l) => ({ name: l.name, visible: l.visible }))).to.deep.equal(groups);
    expect(groups.length).to.equal(3);

    const before = inkCount(capture(viewer));
    expect(before, 'ink on the sheet').to.be.greaterThan(500);
    // A layer with paths loses their ink when hidden (text glyphs may be too small to count); none adds ink.
    let withPaths = 0;
    for (const group of groups) {
      const onLayer = await model.search(group.name, ['Layer']);
      const kinds = (await model.getBulkProperties(onLayer, ['Type'])).map((r) => value(r, 'Type'));
      viewer.layers.setVisible(group.name, false);
      await viewer.waitForCompleteFrame();
      const without = inkCount(capture(viewer));
      if (kinds.some((kind) => kind === 'Path' || kind === 'Fill')) {
        withPaths++;
        expect(without, `${group.name} hidden`).to.be.lessThan(before - 20);
      } else {
        expect(without, `${group.name} hidden`).to.be.at.most(before);
      }
      viewer.layers.setVisible(group.name, true);
    }
    expect(withPaths, 'layers with paths').to.be.at.least(2);
    await viewer.waitForCompleteFrame();
    expect(inkCount(capture(viewer)), 'every layer back').to.equal(before);
    await file.loadingTask.destroy();
  });

  it('draws ink where pdf.js draws it, at the same scale (text in its own font, inside the boxes pdf.js gives its text)', async () => {
    const bytes = await sampleBytes();
    const file = await openWithPdfjs(bytes);
    await loadFramed(sampleUrl(SAMPLE));
    const ours = capture(viewer);
    const reference = await pdfjsPicture(viewer, await file.getPage(1));
    const { inked, matched, theirs, covered } = compareInk(ours, reference.pixels, 2, 2, reference.mask);
    expect(inked, 'our ink outside text').to.be.greaterThan(300);
    expect(theirs, "pdf.js's strong ink outside text").to.be.greaterThan(300);
    expect(matched / inked, 'our ink where pdf.js has ink').to.be.greaterThan(0.9);
    expect(covered / theirs, "pdf.js's ink where we have ink").to.be.greaterThan(0.85);
    // Text: glyphs in most of pdf.js's text boxes that are big enough to show a letter.
    const readable = reference.boxes.filter((b) => b.y1 - b.y0 >= 6 && b.x1 - b.x0 >= 3);
    const withGlyphs = readable.filter((b) => {
      for (let y = Math.max(0, Math.floor(b.y0)); y <= Math.min(HEIGHT - 1, Math.ceil(b.y1)); y++) for (let x = Math.max(0, Math.floor(b.x0)); x <= Math.min(WIDTH - 1, Math.ceil(b.x1)); x++) if (inkAt(ours, x, y) > INK) return true;
      return false;
    });
    expect(readable.length, 'text big enough to read').to.be.greaterThan(0);
    expect(withGlyphs.length / readable.length, 'text boxes with glyphs').to.be.greaterThan(0.8);
    await file.loadingTask.destroy();
  });

  it('a path picked gives its properties: type, layer, colour', async () => {
    await loadFramed(sampleUrl(SAMPLE));
    const model = viewer.getVisibleModels()[0];
    const pixels = capture(viewer);
    const names = viewer.layers.getLayers().map((l) => l.name);
    let picked: number | null = null;
    for (let y = 20; y < HEIGHT - 20 && picked === null; y += 3) {
      for (let x = 20; x < WIDTH - 20 && picked === null; x += 3) {
        if (inkAt(pixels, x, y) <= 200) continue;
        const hit = viewer.hitTestCanvas(x, y);
        if (hit) picked = hit.dbId;
      }
    }
    expect(picked, 'an object under ink').to.not.equal(null);
    const result = await model.getProperties(picked!);
    expect(['Path', 'Fill']).to.include(value(result, 'Type'));
    expect(String(value(result, 'Color'))).to.match(/^#[0-9a-f]{6}$/);
    expect(names).to.include(value(result, 'Layer'));
  });

  it('search finds a text string of the page', async () => {
    const bytes = await sampleBytes();
    const file = await openWithPdfjs(bytes);
    const text = await (await file.getPage(1)).getTextContent();
    const strings = text.items.map((item) => ('str' in item ? item.str.trim() : '')).filter((s) => /[a-z]{3}/i.test(s));
    expect(strings.length, 'words on the page').to.be.greaterThan(0);
    const word = strings.sort((a, b) => b.length - a.length)[0];
    const model = await viewer.loadModel(sampleUrl(SAMPLE));
    const found = await model.search(word);
    expect(found.length, `"${word}" found`).to.be.greaterThan(0);
    const result = await model.getProperties(found[0]);
    expect(value(result, 'Type')).to.equal('Text');
    expect(String(value(result, 'Text'))).to.contain(word);
    await file.loadingTask.destroy();
  });

  it('loads another page of a document: the `page` option or #page=N; the metadata counts the pages', async () => {
    const url = blobUrl(await pagesPdf(3));
    try {
      const second = await viewer.loadModel(url, { fileExtension: 'pdf', fileName: 'pages.pdf', page: 2 });
      expect(second.metadata.pages).to.deep.equal({ count: 3, page: 2 });
      const fills = (await second.search('Fill', ['Type'])).length;
      expect(fills, 'the square').to.equal(1);
      const box = second.getBoundingBox();
      // The square of page 2: 80 pt to 110 pt across, 40 pt to 70 pt up (the label reaches further).
      expect(box.min.x).to.be.closeTo(Math.min(80, 20) * MM, 0.5);
      expect(box.min.y).to.be.closeTo(40 * MM, 0.5);
      const label = await second.search('Sheet number 2');
      expect(label.length).to.equal(1);
      viewer.unloadModel(second);
      const third = await viewer.loadModel(`${url}#page=3`, { fileExtension: 'pdf', fileName: 'pages.pdf' });
      expect((await third.search('Sheet number 3')).length).to.equal(1);
      expect((await third.search('Sheet number 2')).length).to.equal(0);
    } finally {
      URL.revokeObjectURL(url);
    }
  });

  it('cuts dashed strokes where pdf.js does', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 200]);
    page.drawLine({ start: { x: 20, y: 150 }, end: { x: 280, y: 150 }, thickness: 1, dashArray: [12, 8] });
    page.drawRectangle({ x: 40, y: 30, width: 220, height: 80, borderWidth: 1, borderColor: rgb(0, 0, 0), borderDashArray: [20, 6, 3, 6], borderDashPhase: 5 });
    const { ours, file, reference } = await besidePdfjs(await doc.save(), 'dashes.pdf');
    const { inked, matched, theirs, covered } = compareInk(ours, reference.pixels, 1, 1);
    expect(inked, 'dashes drawn').to.be.greaterThan(200);
    expect(matched / inked, 'our dashes on pdf.js dashes').to.be.greaterThan(0.9);
    expect(covered / theirs, "pdf.js's dashes on ours").to.be.greaterThan(0.85);
    // The gaps: along the dashed line's row, a good share of the line's length is paper.
    const left = sheetToCanvas(viewer, 20 * MM, 150 * MM), right = sheetToCanvas(viewer, 280 * MM, 150 * MM);
    let gaps = 0;
    for (let x = Math.ceil(left.x) + 1; x < Math.floor(right.x) - 1; x++) if (!inkNear(ours, x, Math.round(left.y), 1)) gaps++;
    expect(gaps / (right.x - left.x), 'gaps along the dashed line').to.be.within(0.2, 0.6);
    await file.loadingTask.destroy();
  });

  it('clips to the clipping path (by its box) as pdf.js does, and to the page', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 200]);
    page.pushOperators(pushGraphicsState(), rectangle(60, 40, 150, 100), clip(), endPath());
    page.drawLine({ start: { x: 10, y: 10 }, end: { x: 290, y: 190 }, thickness: 1 });
    page.drawCircle({ x: 200, y: 120, size: 40, color: rgb(0.1, 0.1, 0.1) });
    page.pushOperators(popGraphicsState());
    // Beyond the page's right edge: pdf.js shows none of it.
    page.drawLine({ start: { x: 250, y: 20 }, end: { x: 400, y: 20 }, thickness: 1 });
    const { model, ours, file, reference } = await besidePdfjs(await doc.save(), 'clipped.pdf');
    const box = model.getBoundingBox();
    expect(box.max.x, 'the page edge').to.be.closeTo(300 * MM, 0.1);
    expect(box.max.y, 'the clip').to.be.closeTo(140 * MM, 0.1);
    expect(box.min.x, 'the clip, below the page-wide line').to.be.closeTo(60 * MM, 0.1);
    const { inked, matched } = compareInk(ours, reference.pixels, 1, 0);
    expect(inked).to.be.greaterThan(200);
    expect(matched / inked, 'no ink where pdf.js clips').to.be.greaterThan(0.97);
    await file.loadingTask.destroy();
  });

  it('draws a wide line with its width (a thin one a pixel wide), as pdf.js does', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 200]);
    page.drawLine({ start: { x: 30, y: 150 }, end: { x: 270, y: 150 }, thickness: 8 });
    page.drawRectangle({ x: 60, y: 30, width: 180, height: 70, borderWidth: 6, borderColor: rgb(0, 0, 0) });
    page.drawLine({ start: { x: 30, y: 120 }, end: { x: 270, y: 120 }, thickness: 0.25 });
    const { ours, file, reference } = await besidePdfjs(await doc.save(), 'wide.pdf');
    const { inked, matched, theirs, covered } = compareInk(ours, reference.pixels, 1, 0);
    expect(theirs, "pdf.js's wide lines").to.be.greaterThan(2000);
    expect(matched / inked, 'our ink on pdf.js ink').to.be.greaterThan(0.95);
    expect(covered / theirs, "pdf.js's wide lines as wide in ours").to.be.greaterThan(0.9);
    // The thin line stays: a pixel wide.
    const thin = sheetToCanvas(viewer, 150 * MM, 120 * MM);
    expect(inkNear(ours, Math.round(thin.x), Math.round(thin.y), 1), 'the thin line').to.equal(true);
    // With the lineWeights preference off, every line is a pixel wide: the wide ones keep their centre line only.
    viewer.prefs.set('lineWeights', false);
    await viewer.waitForCompleteFrame();
    const thinOnly = capture(viewer);
    const off = compareInk(thinOnly, reference.pixels, 1, 0);
    expect(off.covered / theirs, 'a pixel of the wide lines').to.be.lessThan(0.5);
    expect(inkNear(thinOnly, Math.round(sheetToCanvas(viewer, 150 * MM, 150 * MM).x), Math.round(sheetToCanvas(viewer, 150 * MM, 150 * MM).y), 1), 'the wide line, thin').to.equal(true);
    viewer.prefs.set('lineWeights', true);
    await file.loadingTask.destroy();
  });

  it("draws a wide line's caps and joins as pdf.js does: round and square caps, round and bevelled joints", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 200]);
    const op = (name: string, ...values: number[]) => PDFOperator.of(name as never, values.map((v) => doc.context.obj(v)));
    page.pushOperators(
      op('w', 16),
      ...[1, 2].flatMap((cap, i) => [op('J', cap), op('m', 40 + i * 140, 150), op('l', 120 + i * 140, 150), op('S')]),
      op('J', 0),
      ...[1, 2].flatMap((join, i) => [op('j', join), op('m', 30 + i * 140, 30), op('l', 110 + i * 140, 30), op('l', 110 + i * 140, 100), op('S')]),
    );
    const { ours, file, reference } = await besidePdfjs(await doc.save(), 'caps.pdf');
    const points: { at: [number, number]; inked: boolean; what: string }[] = [
      { at: [35, 150], inked: true, what: 'the round cap, before the first line' },
      { at: [125, 150], inked: true, what: 'the round cap, after it' },
      { at: [126, 157], inked: false, what: "beyond the round cap's curve" },
      { at: [175, 150], inked: true, what: 'the square cap, before the second line' },
      { at: [265, 155], inked: true, what: "the square cap's corner" },
      { at: [117, 23], inked: false, what: "the round joint's miter corner" },
      { at: [115, 25], inked: true, what: 'inside the round joint' },
      { at: [256, 24], inked: false, what: "the bevelled joint's miter corner" },
      { at: [253, 27], inked: true, what: 'the bevel' },
    ];
    for (const { at, inked, what } of points) {
      const pixel = sheetToCanvas(viewer, at[0] * MM, at[1] * MM);
      const [x, y] = [Math.round(pixel.x), Math.round(pixel.y)];
      expect(inkAt(reference.pixels, x, y) > INK, `pdf.js, ${what}`).to.equal(inked);
      expect(inkAt(ours, x, y) > INK, `ours, ${what}`).to.equal(inked);
    }
    const { inked, matched, theirs, covered } = compareInk(ours, reference.pixels, 1, 1);
    expect(matched / inked, 'our ink on pdf.js ink').to.be.greaterThan(0.97);
    expect(covered / theirs, "pdf.js's ink covered by ours").to.be.greaterThan(0.97);
    await file.loadingTask.destroy();
  });

  it('reads text shown invisibly (a scan\'s recognised text, rendering mode 3) for search, but does not draw it, as pdf.js', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([300, 200]);
    page.drawText('Shown words', { x: 40, y: 140, size: 20, font });
    page.pushOperators(setTextRenderingMode(TextRenderingMode.Invisible));
    page.drawText('Hidden words', { x: 40, y: 60, size: 20, font });
    page.pushOperators(setTextRenderingMode(TextRenderingMode.Fill));
    const { model, ours, file, reference } = await besidePdfjs(await doc.save(), 'ocr.pdf');
    /** Ink pixels in the box of a line of text 20 pt high from (40, y) to (200, y). */
    const inkOfLine = (pixels: Parameters<typeof inkAt>[0], y: number) => {
      const [from, to] = [sheetToCanvas(viewer, 40 * MM, (y + 15) * MM), sheetToCanvas(viewer, 200 * MM, (y - 3) * MM)];
      let count = 0;
      for (let py = Math.round(from.y); py <= Math.round(to.y); py++) for (let px = Math.round(from.x); px <= Math.round(to.x); px++) if (inkAt(pixels, px, py) > INK) count++;
      return count;
    };
    expect(inkOfLine(reference.pixels, 140), "pdf.js's shown words").to.be.greaterThan(100);
    expect(inkOfLine(ours, 140), 'our shown words').to.be.greaterThan(100);
    expect(inkOfLine(reference.pixels, 60), "pdf.js's hidden words").to.equal(0);
    expect(inkOfLine(ours, 60), 'our hidden words').to.equal(0);
    const [hidden] = await model.search('Hidden words');
    expect(hidden, 'search finds the hidden words').to.be.a('number');
    expect((await model.search('Shown words')).length).to.equal(1);
    await file.loadingTask.destroy();
  });

  it('a PDF at a URL without an extension (a download endpoint) is told by its first bytes', async () => {
    const url = blobUrl(await pagesPdf(1));
    try {
      const model = await viewer.loadModel(url);
      expect(model.is2d()).to.equal(true);
      expect((await model.search('Sheet number 1')).length).to.equal(1);
    } finally {
      URL.revokeObjectURL(url);
    }
  });

  describe('bad input: bad data (code 2); the loaded sheet stays', () => {
    async function rejects(bytes: Uint8Array | string, fileName: string): Promise<ViewerError> {
      const url = blobUrl(bytes);
      const reported = nextEvent(viewer, 'error');
      try {
        await viewer.loadModel(url, { fileExtension: 'pdf', fileName });
      } catch (reason) {
        const error = reason as ViewerError;
        expect((await reported).code).to.equal(error.code);
        return error;
      } finally {
        URL.revokeObjectURL(url);
      }
      throw new Error(`${fileName} loaded`);
    }

    it('a truncated file, a file that is not a PDF, an encrypted one, a page that does not exist', async () => {
      const model = await viewer.loadModel(sampleUrl(SAMPLE));
      const bytes = await sampleBytes();
      const truncated = await rejects(bytes.slice(0, bytes.length / 2), 'half.pdf');
      expect(truncated.code).to.equal(ErrorCode.BAD_DATA);
      expect(truncated.message).to.match(/^half\.pdf could not be read as PDF: /);

      const text = await rejects('this is plain text, not a drawing\n', 'text.pdf');
      expect(text.code).to.equal(ErrorCode.BAD_DATA);
      expect(text.message).to.match(/^text\.pdf could not be read as PDF: it is not a PDF/);

      const doc = await PDFDocument.create();
      doc.addPage([100, 100]).drawRectangle({ x: 10, y: 10, width: 50, height: 50 });
      // A standard security handler whose password is not empty: the file cannot be opened without it.
      doc.context.trailerInfo.Encrypt = doc.context.register(doc.context.obj({ Filter: 'Standard', V: 1, R: 2, O: PDFHexString.of('3a'.repeat(32)), U: PDFHexString.of('c5'.repeat(32)), P: -4 }));
      doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of('ab'.repeat(16)), PDFHexString.of('ab'.repeat(16))]);
      const encrypted = await rejects(await doc.save({ useObjectStreams: false }), 'locked.pdf');
      expect(encrypted.code).to.equal(ErrorCode.BAD_DATA);
      expect(encrypted.message).to.equal('locked.pdf could not be read as PDF: it is encrypted and needs a password.');

      const url = blobUrl(bytes);
      let missing: ViewerError | null = null;
      try {
        await viewer.loadModel(url, { fileExtension: 'pdf', fileName: 'one.pdf', page: 4 });
      } catch (reason) {
        missing = reason as ViewerError;
      } finally {
        URL.revokeObjectURL(url);
      }
      expect(missing?.code).to.equal(ErrorCode.BAD_DATA);
      expect(missing?.message).to.equal('one.pdf could not be read as PDF: it has 1 page: page 4 does not exist.');

      expect(viewer.getVisibleModels()).to.deep.equal([model]);
    });
  });
});
