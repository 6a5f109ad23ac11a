import { expect } from '@esm-bundle/chai';
import * as pdfjs from 'pdfjs-dist';
import { Box3, Vector3 } from 'three';
import { type Model, Viewer } from '../../../../core/index.js';
import { capture, createContainer, sampleUrl } from '../../../support/helpers.js';
import { until } from '../../../support/navigationInput.js';
import { INK, inkAt, inkNear } from '../../../support/inkCompare.js';
import { MM, renderLikeViewer, sheetToCanvas } from './pdfPicture.js';

const SAMPLE = '2d/pdfjs_Test-plusminus_ocg.pdf';
const WIDTH = 320;
const HEIGHT = 240;
describe('PDF glyphs with no readable text (a subset font without ToUnicode)', () => {
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

  it("draws the plot's ± from its outline where pdf.js draws it, in its colour, and gives it no unreadable text", async () => {
    const bytes = new Uint8Array(await (await fetch(sampleUrl(SAMPLE))).arrayBuffer());
    const file = await pdfjs.getDocument({ data: bytes }).promise;
    const page = await file.getPage(1);
    // The ± is a text item of one control character (U+0093): its font has no ToUnicode map.
    const items = (await page.getTextContent()).items.filter((item) => 'str' in item && /[\u0080-\u009f]/.test(item.str)) as { transform: number[]; width: number }[];
    expect(items).to.have.length(1);
    const [, , , size, x, y] = items[0].transform;
    const width = items[0].width;

    const model: Model = await viewer.loadModel(sampleUrl(SAMPLE));
    // Framed on the glyph, with room around it.
    viewer.navigation.fitBounds(new Box3(new Vector3((x - size) * MM, (y - size) * MM, 0), new Vector3((x + width + size) * MM, (y + 1.5 * size) * MM, 0)));
    const text = viewer.renderContext!.getModelRenderer(model)!.text;
    if (text) await until(() => text.isReady, 30000);
    await viewer.waitForCompleteFrame();
    const ours = capture(viewer);
    const theirs = await renderLikeViewer(viewer, page);

    // Inside the glyph's box: our ink where pdf.js has ink, and the other way round.
    const from = sheetToCanvas(viewer, x * MM, (y + size) * MM);
    const to = sheetToCanvas(viewer, (x + width) * MM, (y - 0.3 * size) * MM);
    let inked = 0, matched = 0, strong = 0, covered = 0;
    // The colours where both are inked full: the text's colour on both.
    const oursSum = [0, 0, 0], theirsSum = [0, 0, 0];
    let both = 0;
    for (let py = Math.floor(from.y); py <= Math.ceil(to.y); py++) {
      for (let px = Math.floor(from.x); px <= Math.ceil(to.x); px++) {
        if (inkAt(ours, px, py) > INK) {
          inked++;
          if (inkNear(theirs, px, py, 1, 20)) matched++;
          const o = (py * WIDTH + px) * 4;
          if (inkAt(ours, px, py) > 600 && inkAt(theirs, px, py) > 600) {
            both++;
            for (let c = 0; c < 3; c++) (oursSum[c] += ours.data[o + c]), (theirsSum[c] += theirs.data[o + c]);
          }
        }
        if (inkAt(theirs, px, py) > 250) {
          strong++;
          if (inkNear(ours, px, py, 1, 20)) covered++;
        }
      }
    }
    expect(strong, "pdf.js's ± is big enough to compare").to.be.greaterThan(150);
    expect(inked, 'our ±').to.be.greaterThan(150);
    expect(matched / inked, 'our ink where pdf.js has ink').to.be.greaterThan(0.9);
    expect(covered / strong, "pdf.js's ink where we have ink").to.be.greaterThan(0.9);
    expect(both).to.be.greaterThan(50);
    for (let c = 0; c < 3; c++) expect(Math.abs(oursSum[c] - theirsSum[c]) / both, 'channel ' + c).to.be.lessThan(30);
    // Its object holds no control character; search and the properties show the text that can be read.
    const texts = await model.search('\u0093');
    expect(texts).to.have.length(0);
    await file.loadingTask.destroy();
  });
});
