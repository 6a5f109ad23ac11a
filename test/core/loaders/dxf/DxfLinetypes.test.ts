import { expect } from '@esm-bundle/chai';
import { Viewer } from '../../../../core/index.js';
import { capture, createContainer } from '../../../support/helpers.js';
import { dxf, runsAlong } from './dxfTestSupport.js';

/** DASHED: 10 drawn, 10 gap, in drawing units. */
const LTYPE = [0, 'LTYPE', 2, 'DASHED', 70, 0, 3, 'Dashed __ __', 72, 65, 73, 2, 40, 20, 49, 10, 74, 0, 49, -10, 74, 0];
const LAYERS = [
  [0, 'LAYER', 2, 'Hidden', 70, 0, 62, 1, 6, 'DASHED'],
  [0, 'LAYER', 2, 'Plain', 70, 0, 62, 5, 6, 'CONTINUOUS'],
];

function line(handle: string, layer: string, y: number, extra: (string | number)[] = []): (string | number)[] {
  return [0, 'LINE', 5, handle, 8, layer, ...extra, 10, 0, 20, y, 11, 100, 21, y];
}

/**
 * Lines 100 long, one above the other: on the dashed layer (BYLAYER), the same with its own linetype scale
 * 2, on the dashed layer but Continuous, on the plain layer but DASHED, and a block whose BYBLOCK line takes
 * the reference's DASHED. $LTSCALE is 1.
 */
const SHEET = dxf(
  [
    line('L1', 'Hidden', 0),
    line('L2', 'Hidden', 20, [48, 2]),
    line('L3', 'Hidden', 40, [6, 'Continuous']),
    line('L4', 'Plain', 60, [6, 'DASHED']),
    [0, 'INSERT', 5, 'I1', 8, 'Plain', 6, 'DASHED', 2, 'BAR', 10, 0, 20, 80],
  ],
  [{ name: 'LTYPE', records: [LTYPE] }, { name: 'LAYER', records: LAYERS }],
  [9, '$LTSCALE', 40, 1],
).replace('0\nSECTION\n2\nENTITIES', '0\nSECTION\n2\nBLOCKS\n0\nBLOCK\n8\n0\n2\nBAR\n70\n0\n10\n0\n20\n0\n0\nLINE\n8\nPlain\n6\nByBlock\n10\n0\n20\n0\n11\n100\n21\n0\n0\nENDBLK\n0\nENDSEC\n0\nSECTION\n2\nENTITIES');

describe('DXF linetypes', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(400, 400);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('dashes lines by their linetype in drawing units: BYLAYER, their own, BYBLOCK, and their own scale', async () => {
    const url = URL.createObjectURL(new Blob([SHEET]));
    await viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'linetypes.dxf' });
    URL.revokeObjectURL(url);
    expect(await viewer.fitToView(null, null, true)).to.equal(true);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);
    const red = (y: number) => runsAlong(viewer, pixels, y, 0.5, 99.5, 0, 0.75);
    const blue = (y: number) => runsAlong(viewer, pixels, y, 0.5, 99.5, 2, 0.75);
    // 10 on, 10 off over 100: five dashes.
    expect(red(0), 'BYLAYER: the layer is DASHED').to.equal(5);
    // Its own scale 2: 20 on, 20 off: three dashes (0–20, 40–60, 80–100).
    expect(red(20), 'linetype scale 2').to.equal(3);
    expect(red(40), 'Continuous on the dashed layer').to.equal(1);
    expect(blue(60), 'DASHED on the plain layer').to.equal(5);
    expect(blue(80), 'BYBLOCK inside a DASHED reference').to.equal(5);
  });
});
