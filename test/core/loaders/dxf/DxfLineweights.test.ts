import { expect } from '@esm-bundle/chai';
import { Box3, Vector3 } from 'three';
import { Viewer } from '../../../../core/index.js';
import { capture, createContainer } from '../../../support/helpers.js';
import { dxf } from './dxfTestSupport.js';

/** Layers: Heavy at 2 mm (group 370 = 200), Plain at the default; both red. */
const LAYERS = [
  [0, 'LAYER', 2, 'Heavy', 70, 0, 62, 1, 6, 'CONTINUOUS', 370, 200],
  [0, 'LAYER', 2, 'Plain', 70, 0, 62, 1, 6, 'CONTINUOUS', 370, -3],
];

function line(handle: string, layer: string, y: number, extra: (string | number)[] = []): (string | number)[] {
  return [0, 'LINE', 5, handle, 8, layer, ...extra, 10, 0, 20, y, 11, 100, 21, y];
}

/**
 * Lines 100 mm long ($INSUNITS 4, $LWDEFAULT 0.25 mm), one above the other: BYLAYER on the 2 mm layer, its
 * own 1 mm on the plain layer, the default on the plain layer, 0.13 mm (thinner than the default) and, in a
 * block, a BYBLOCK line under a reference of 2 mm.
 */
const SHEET = dxf(
  [
    line('L1', 'Heavy', 0),
    line('L2', 'Plain', 20, [370, 100]),
    line('L3', 'Plain', 40),
    line('L4', 'Plain', 60, [370, 13]),
    [0, 'INSERT', 5, 'I1', 8, 'Plain', 370, 200, 2, 'BAR', 10, 0, 20, 80],
  ],
  [{ name: 'LAYER', records: LAYERS }],
  [9, '$INSUNITS', 70, 4, 9, '$LWDEFAULT', 370, 25],
).replace('0\nSECTION\n2\nENTITIES', '0\nSECTION\n2\nBLOCKS\n0\nBLOCK\n8\n0\n2\nBAR\n70\n0\n10\n0\n20\n0\n0\nLINE\n8\nPlain\n62\n1\n370\n-2\n10\n0\n20\n0\n11\n100\n21\n0\n0\nENDBLK\n0\nENDSEC\n0\nSECTION\n2\nENTITIES');

/** How many pixel rows of red ink (red clearly above green and blue) cross the column of drawing point (x, y), within 30 pixels of it. */
function redRowsAt(viewer: Viewer, pixels: { width: number; data: Uint8Array }, x: number, y: number): number {
  const v = new Vector3(x, y, 0).project(viewer.navigation.getThreeCamera());
  const px = Math.round(((v.x + 1) / 2) * viewer.canvas.clientWidth);
  const py = Math.round(((1 - v.y) / 2) * viewer.canvas.clientHeight);
  let rows = 0;
  for (let row = py - 30; row <= py + 30; row++) {
    const o = (row * pixels.width + px) * 4;
    if (pixels.data[o] - Math.max(pixels.data[o + 1], pixels.data[o + 2]) > 60) rows++;
  }
  return rows;
}

describe('DXF lineweights', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(300, 300);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    viewer.prefs.reset();
    container.remove();
  });

  it('draws lines heavier than the default at their weight, scaling with the zoom, and every line one pixel with the preference off', async () => {
    const url = URL.createObjectURL(new Blob([SHEET]));
    const model = await viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'lineweights.dxf' });
    URL.revokeObjectURL(url);
    expect(model.batches.some((batch) => batch.lineWeights), 'a batch of bands').to.equal(true);
    expect(viewer.prefs.get('lineWeights')).to.equal(true);
    // A view 20 mm high over the middle of the lines: 15 pixels a millimetre.
    const zoomTo = async (y: number) => {
      viewer.navigation.fitBounds(new Box3(new Vector3(40, y - 10, 0), new Vector3(60, y + 10, 0)));
      await viewer.waitForCompleteFrame();
      return redRowsAt(viewer, capture(viewer), 50, y);
    };
    const pixelsPerMm = 300 / 20 / 1.1;
    const heavy = await zoomTo(0);
    expect(heavy, '2 mm BYLAYER').to.be.within(2 * pixelsPerMm * 0.8, 2 * pixelsPerMm * 1.25);
    const own = await zoomTo(20);
    expect(own, 'its own 1 mm').to.be.within(pixelsPerMm * 0.8, pixelsPerMm * 1.25);
    expect(await zoomTo(40), 'the default weight').to.be.within(1, 2);
    expect(await zoomTo(60), 'thinner than the default').to.be.within(1, 2);
    expect(await zoomTo(80), 'BYBLOCK in a 2 mm reference').to.be.within(2 * pixelsPerMm * 0.8, 2 * pixelsPerMm * 1.25);
    // The weight is a width on the drawing: zoomed out twice as far, the band is half as many pixels.
    viewer.navigation.fitBounds(new Box3(new Vector3(30, -20, 0), new Vector3(70, 20, 0)));
    await viewer.waitForCompleteFrame();
    expect(redRowsAt(viewer, capture(viewer), 50, 0), 'zoomed out').to.be.within(heavy / 2 - 3, heavy / 2 + 3);
    // Off: one pixel at any zoom, without reloading.
    viewer.prefs.set('lineWeights', false);
    expect(await zoomTo(0), 'heavy line, weights off').to.be.within(1, 2);
    expect(await zoomTo(80), 'BYBLOCK line, weights off').to.be.within(1, 2);
    viewer.prefs.set('lineWeights', true);
    expect(await zoomTo(0), 'on again').to.equal(heavy);
  });
});
