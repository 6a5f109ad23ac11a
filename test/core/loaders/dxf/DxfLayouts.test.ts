import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import { Viewer } from '../../../../core/index.js';
import { viewportMatrix } from '../../../../core/loaders/dxf/layouts/drawLayout.js';
import type { DxfViewport } from '../../../../core/loaders/dxf/layouts/readViewport.js';
import { capture, createContainer, sampleUrl } from '../../../support/helpers.js';

const FROZEN = '2d/ezdxf_viewport_frozen_layers.dxf';

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The file's VIEWPORTs (group 10/20 centre, 40/41 size, 12/22 view centre, 45 view height, 69 id, 331 frozen layers), read here from its text. */
function fileViewports(text: string): (DxfViewport & { handle: string })[] {
  const lines = text.split(/\r?\n/);
  const found: (DxfViewport & { handle: string })[] = [];
  for (let i = 0; i + 1 < lines.length; i += 2) {
    if (lines[i].trim() !== '0' || lines[i + 1].trim() !== 'VIEWPORT') continue;
    const groups: [number, string][] = [];
    for (let j = i + 2; j + 1 < lines.length && lines[j].trim() !== '0'; j += 2) groups.push([Number(lines[j]), lines[j + 1].trim()]);
    const n = (code: number) => Number(groups.find(([c]) => c === code)?.[1] ?? 0);
    found.push({
      handle: groups.find(([c]) => c === 5)?.[1] ?? '',
      center: { x: n(10), y: n(20) }, width: n(40), height: n(41), status: n(68), id: n(69),
      viewCenter: { x: n(12), y: n(22) }, viewHeight: n(45), twist: 0,
      frozenLayers: groups.filter(([c]) => c === 331).map(([, v]) => v),
    });
  }
  return found;
}

/** Dark pixels (ink on the white paper) inside a box of the sheet. */
function inkIn(viewer: Viewer, pixels: { width: number; height: number; data: Uint8Array }, box: Box): number {
  const camera = viewer.navigation.getThreeCamera();
  const a = new Vector3(box.minX, box.minY, 0).project(camera);
  const b = new Vector3(box.maxX, box.maxY, 0).project(camera);
  const x0 = Math.round(((Math.min(a.x, b.x) + 1) / 2) * pixels.width), x1 = Math.round(((Math.max(a.x, b.x) + 1) / 2) * pixels.width);
  const y0 = Math.round(((1 - Math.max(a.y, b.y)) / 2) * pixels.height), y1 = Math.round(((1 - Math.min(a.y, b.y)) / 2) * pixels.height);
  let ink = 0;
  for (let y = Math.max(0, y0); y <= Math.min(pixels.height - 1, y1); y++) {
    for (let x = Math.max(0, x0); x <= Math.min(pixels.width - 1, x1); x++) {
      const o = (y * pixels.width + x) * 4;
      if (pixels.data[o] + pixels.data[o + 1] + pixels.data[o + 2] < 600) ink++;
    }
  }
  return ink;
}

/** A model-space box as it lands on the paper through a viewport. */
function throughViewport(viewport: DxfViewport, box: Box): Box {
  // (The sample's viewports are not twisted: x and y scale alone.)
  const [a, , , d, e, f] = viewportMatrix(viewport);
  return { minX: a * box.minX + e, minY: d * box.minY + f, maxX: a * box.maxX + e, maxY: d * box.maxY + f };
}

describe('DXF layouts', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(480, 320);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('lists the layouts; a layout is a sheet showing model space through its viewports, without the layers each freezes', async () => {
    const text = await fetch(sampleUrl(FROZEN)).then((r) => r.text());
    const model = await viewer.loadModel(sampleUrl(FROZEN));
    expect(model.getData().metadata.layouts).to.deep.equal({ names: ['Model', 'Layout1'], current: 'Model' });
    viewer.unloadModel(model);

    const sheet = await viewer.loadModel(sampleUrl(FROZEN), { layout: 'Layout1' });
    expect(sheet.getData().metadata.layouts?.current).to.equal('Layout1');
    expect(sheet.is2d()).to.equal(true);
    viewer.layers.showAll();
    expect(await viewer.fitToView(null, null, true)).to.equal(true);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);

    // The model's texts "Layer 1" and "Layer 2" (35 high, left-aligned at x ≈ 20) on Layer1 and Layer2.
    const layerText = (y: number): Box => ({ minX: 20, minY: y, maxX: 20 + 35 * 4, maxY: y + 35 });
    const layer1 = layerText(79.45), layer2 = layerText(217.95);
    const viewports = fileViewports(text).filter((vp) => vp.id > 1);
    const handles = new Map([['9F', 'Layer1'], ['A2', 'Layer2']]);
    expect(viewports.length).to.equal(3);
    for (const vp of viewports) {
      const frozen = new Set(vp.frozenLayers.map((h) => handles.get(h)));
      for (const [layer, box] of [['Layer1', layer1], ['Layer2', layer2]] as const) {
        const ink = inkIn(viewer, pixels, throughViewport(vp, box));
        if (frozen.has(layer)) expect(ink, `${layer} in viewport ${vp.id}, which freezes it`).to.equal(0);
        else expect(ink, `${layer} in viewport ${vp.id}`).to.be.greaterThan(3);
      }
    }
    expect(viewports.some((vp) => vp.frozenLayers.length > 0), 'the file freezes a layer in a viewport').to.equal(true);
  });

  it("opens the layout a URL's fragment names", async () => {
    const sheet = await viewer.loadModel(`${sampleUrl(FROZEN)}#layout=Layout1`);
    expect(sheet.getData().metadata.layouts?.current).to.equal('Layout1');
  });

  it('warns about a layout the file does not have, and shows model space', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    viewer.logger.setLevel('warning');
    try {
      const model = await viewer.loadModel(sampleUrl(FROZEN), { layout: 'Nowhere' });
      expect(model.getData().metadata.layouts?.current).to.equal('Model');
    } finally {
      console.warn = warn;
      viewer.logger.setLevel(undefined);
    }
    expect(warnings.some((w) => /no layout "Nowhere"/.test(w)), warnings.join('\n')).to.equal(true);
  });
});
