import { expect } from '@esm-bundle/chai';
import { DxfViewer } from 'dxf-viewer';
import { Color, Vector3 } from 'three';
import { Viewer } from '../../../../core/index.js';
import { capture, createContainer, sampleUrl } from '../../../support/helpers.js';
import { compareInk, inkCount, type Pixels } from '../../../support/inkCompare.js';

const WIDTH = 400;
const HEIGHT = 300;

/**
 * The reference picture of a DXF: dxf-viewer (issue 32's DXF anchor, npm dxf-viewer) draws the same file on a
 * canvas of the same size, every layer on, looking at the same part of the drawing. Top row first.
 */
async function dxfViewerPicture(url: string, view: { x0: number; y0: number; x1: number; y1: number }): Promise<Pixels> {
  const host = createContainer(WIDTH, HEIGHT);
  // dxf-viewer's types name its own copy of three; at run time it draws with it too.
  const reference = new DxfViewer(host, { canvasWidth: WIDTH, canvasHeight: HEIGHT, autoResize: false, clearColor: new Color('#fff') as never, antialias: false });
  try {
    await reference.Load({ url, fonts: [new URL('/res/fonts/DejaVuSans.ttf', location.origin).href], progressCbk: null, workerFactory: null });
    for (const layer of reference.GetLayers()) reference.ShowLayer(layer.name, true);
    const origin = reference.GetOrigin();
    reference.SetView({ x: (view.x0 + view.x1) / 2 - origin.x, y: (view.y0 + view.y1) / 2 - origin.y } as never, view.x1 - view.x0);
    reference.Render();
    const gl = reference.GetRenderer()!.getContext();
    const flipped = new Uint8Array(WIDTH * HEIGHT * 4);
    gl.readPixels(0, 0, WIDTH, HEIGHT, gl.RGBA, gl.UNSIGNED_BYTE, flipped);
    const data = new Uint8Array(WIDTH * HEIGHT * 4);
    for (let y = 0; y < HEIGHT; y++) data.set(flipped.subarray((HEIGHT - 1 - y) * WIDTH * 4, (HEIGHT - y) * WIDTH * 4), y * WIDTH * 4);
    return { width: WIDTH, height: HEIGHT, data };
  } finally {
    reference.Destroy();
    host.remove();
  }
}

describe('DXF samples against their reference picture (dxf-viewer)', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(WIDTH, HEIGHT);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  // Not the viewport sample: dxf-viewer keeps its frozen layer off whatever it is told, and draws its
  // paper-space texts over model space (it has no layouts), so its picture is not that file's model space.
  for (const sample of ['2d/dxf-parser_api-cw750-details.dxf', '2d/ezdxf_visibility.dxf']) {
    it(`draws ${sample.split('/')[1]} where dxf-viewer draws it`, async () => {
      const url = sampleUrl(sample);
      await viewer.loadModel(url);
      viewer.layers.showAll();
      expect(await viewer.fitToView(null, null, true)).to.equal(true);
      await viewer.waitForCompleteFrame();
      const ours = capture(viewer);
      // The part of the drawing our canvas shows: the same for the reference.
      const camera = viewer.navigation.getThreeCamera();
      const bottomLeft = new Vector3(-1, -1, 0).unproject(camera);
      const topRight = new Vector3(1, 1, 0).unproject(camera);
      const theirs = await dxfViewerPicture(url, { x0: bottomLeft.x, y0: bottomLeft.y, x1: topRight.x, y1: topRight.y });
      // Within 3 pixels of the reference's ink, and the reference's within 2 of ours: the glyphs of the two
      // text renderers differ in weight by a pixel or so (our distance field against its triangulated outlines).
      const { inked, matched, theirs: strong, covered } = compareInk(ours, theirs, 3, 2);
      expect(inkCount(theirs), 'the reference drew the sheet').to.be.greaterThan(500);
      expect(matched / inked, 'our ink where the reference has ink').to.be.greaterThan(0.9);
      expect(covered / strong, "the reference's ink drawn by us").to.be.greaterThan(0.9);
    });
  }
});
