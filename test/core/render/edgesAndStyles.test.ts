import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import type { Model, Viewer } from '../../../core/index.js';
import { capture, luminanceAt, readCanvas } from '../../support/helpers.js';
import { closeHouseCorner, openHouseCorner } from '../../support/houseView.js';

type Pixels = ReturnType<typeof capture>;

/** Pixels darker in `after` than in `before` by more than `levels` of luminance. */
function darkened(before: Pixels, after: Pixels, levels = 8): number[] {
  const found: number[] = [];
  for (let p = 0; p < before.width * before.height; p++) if (luminanceAt(before, p) - luminanceAt(after, p) > levels) found.push(p);
  return found;
}

function brightened(before: Pixels, after: Pixels, levels = 2): number {
  let count = 0;
  for (let p = 0; p < before.width * before.height; p++) if (luminanceAt(after, p) - luminanceAt(before, p) > levels) count++;
  return count;
}

/** Pixels whose colour differs from `background`'s (what is drawn there). */
function drawnMask(frame: Pixels, background: Pixels): Uint8Array {
  const mask = new Uint8Array(frame.width * frame.height);
  for (let p = 0; p < mask.length; p++) {
    const i = p * 4;
    mask[p] = Math.abs(frame.data[i] - background.data[i]) + Math.abs(frame.data[i + 1] - background.data[i + 1]) + Math.abs(frame.data[i + 2] - background.data[i + 2]) > 6 ? 1 : 0;
  }
  return mask;
}

function differing(a: Pixels, b: Pixels): number {
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]) > 6) count++;
  return count;
}

describe('edges and post-process styles: the 3D picture drawn from its colours and depth (issue 33 §3, §6)', () => {
  let viewer: Viewer;
  let model: Model;
  let empty: Pixels;

  before(async () => {
    ({ viewer, model, empty } = await openHouseCorner());
  });

  after(() => closeHouseCorner(viewer));

  afterEach(() => {
    viewer.prefs.set('edgeRendering', false);
    viewer.prefs.set('ghosting', true);
    viewer.renderContext!.setPostProcess({ style: 'none', brightness: 0, contrast: 0, levels: 3, repeats: 3, rotation: 0.25 });
    viewer.showAll();
    viewer.setCutPlanes([]);
  });

  it('edgeRendering draws dark outlines and creases on the house, not over it whole nor on the background; off gives the exact frame back', () => {
    const plain = capture(viewer);
    viewer.prefs.set('edgeRendering', true);
    const edged = capture(viewer);
    const lines = darkened(plain, edged);
    const footprint = drawnMask(plain, empty).reduce((sum, v) => sum + v, 0);
    expect(footprint, 'the house is in view').to.be.greaterThan(3000);
    expect(lines.length, 'edge pixels').to.be.greaterThan(400);
    // Lines, not a darker house: most of its pixels keep their colour.
    expect(lines.length).to.be.lessThan(footprint * 0.35);
    expect(brightened(plain, edged)).to.equal(0);
    const onBackground = lines.filter((p) => !drawnMask(plain, empty)[p]).length;
    expect(onBackground, 'no edge on the background').to.equal(0);
    viewer.prefs.set('edgeRendering', false);
    expect(capture(viewer).data).to.deep.equal(plain.data);
  });

  it('edges follow isolation and ghosting: none on the ghosts of hidden objects, and an isolated object has its own', () => {
    viewer.prefs.set('ghosting', false);
    const ids = largestObjects(model);
    viewer.isolate(ids);
    const alone = capture(viewer);
    const mask = drawnMask(alone, empty);
    viewer.prefs.set('ghosting', true);
    const ghosted = capture(viewer);
    viewer.prefs.set('edgeRendering', true);
    const edged = capture(viewer);
    const lines = darkened(ghosted, edged);
    expect(lines.length, 'the isolated objects have edges').to.be.greaterThan(50);
    // Within the isolated objects (a pixel of slack for the ghosts' blending at their rims).
    const outside = lines.filter((p) => !nearMask(mask, alone.width, p)).length;
    expect(outside, 'edges on ghosts').to.be.lessThan(lines.length * 0.02);
  });

  it('edges follow a cut plane: the cut house has other edges, on what is left of it only', () => {
    viewer.prefs.set('edgeRendering', true);
    const whole = capture(viewer);
    const box = model.getBoundingBox();
    const centre = box.getCenter(new Vector3());
    viewer.setCutPlanes([[0, 0, -1, centre.z]]);
    viewer.prefs.set('edgeRendering', false);
    const cut = capture(viewer);
    viewer.prefs.set('edgeRendering', true);
    const cutEdged = capture(viewer);
    expect(differing(whole, cutEdged), 'the cut changed the picture').to.be.greaterThan(500);
    const lines = darkened(cut, cutEdged);
    expect(lines.length).to.be.greaterThan(100);
    const mask = drawnMask(cut, empty);
    expect(lines.filter((p) => !mask[p]).length, 'no edge where the cut removed the house').to.equal(0);
  });

  it('edges are drawn on a frame drawn while the camera moves too', () => {
    const camera = viewer.navigation.getThreeCamera();
    viewer.renderContext!.renderFrame(camera, { kind: 'moving', fraction: 1, scale: 1 });
    const plain = readCanvas(viewer);
    viewer.prefs.set('edgeRendering', true);
    viewer.renderContext!.renderFrame(camera, { kind: 'moving', fraction: 1, scale: 1 });
    expect(darkened(plain, readCanvas(viewer)).length).to.be.greaterThan(400);
  });

  it('each post-process style changes the picture its own way, and none gives the exact frame back', () => {
    const plain = capture(viewer);
    const pictures: Record<string, Pixels> = {};
    for (const style of ['edging', 'cel', 'graphite', 'pencil'] as const) {
      viewer.renderContext!.setPostProcess({ style });
      pictures[style] = capture(viewer);
      expect(differing(plain, pictures[style]), style).to.be.greaterThan(400);
    }
    expect(differing(pictures.edging, pictures.cel)).to.be.greaterThan(400);
    expect(differing(pictures.graphite, pictures.pencil)).to.be.greaterThan(400);
    // Graphite and pencil draw on paper: the background becomes one flat colour (grey paper, white paper).
    const corner = (frame: Pixels) => [...frame.data.subarray(0, 3)];
    expect(corner(pictures.graphite)).to.deep.equal([235, 235, 230]);
    expect(corner(pictures.pencil)).to.deep.equal([255, 255, 255]);
    // Edging and cel keep the background.
    expect(corner(pictures.cel)).to.deep.equal(corner(plain));
    viewer.renderContext!.setPostProcess({ style: 'none' });
    expect(capture(viewer).data).to.deep.equal(plain.data);
  });

  it('follows the controls: brightness and contrast, cel levels, hatching repeats and rotation; out-of-bounds values are clamped', () => {
    viewer.renderContext!.setPostProcess({ style: 'cel', levels: 1 });
    const twoBands = capture(viewer);
    viewer.renderContext!.setPostProcess({ levels: 5 });
    const sixBands = capture(viewer);
    expect(differing(twoBands, sixBands), 'levels').to.be.greaterThan(200);
    // Two bands of light: most of the house's pixels have one of two luminances (the rest: edges, the blend of glass).
    expect(shareOfTopLuminances(twoBands, empty, 2), 'two bands').to.be.greaterThan(0.6);
    expect(shareOfTopLuminances(twoBands, empty, 2)).to.be.greaterThan(shareOfTopLuminances(sixBands, empty, 2));
    const mean = (frame: Pixels) => {
      const mask = drawnMask(frame, empty);
      let sum = 0;
      let n = 0;
      for (let p = 0; p < mask.length; p++) if (mask[p]) (sum += luminanceAt(frame, p)), n++;
      return sum / n;
    };
    viewer.renderContext!.setPostProcess({ style: 'edging', brightness: 0 });
    const base = capture(viewer);
    viewer.renderContext!.setPostProcess({ brightness: 0.3 });
    expect(mean(capture(viewer)), 'brightness').to.be.greaterThan(mean(base) + 20);
    viewer.renderContext!.setPostProcess({ brightness: 0, contrast: -0.8 });
    expect(differing(base, capture(viewer)), 'contrast').to.be.greaterThan(400);
    viewer.renderContext!.setPostProcess({ style: 'graphite', contrast: 0, repeats: 1, rotation: 0 });
    const oneLayer = capture(viewer);
    viewer.renderContext!.setPostProcess({ repeats: 4 });
    const fourLayers = capture(viewer);
    expect(darkened(oneLayer, fourLayers, 30).length, 'more hatching with more repeats').to.be.greaterThan(300);
    viewer.renderContext!.setPostProcess({ rotation: 0.5 });
    expect(differing(fourLayers, capture(viewer)), 'rotation').to.be.greaterThan(300);
    viewer.renderContext!.setPostProcess({ brightness: 7, contrast: -3, levels: 9.4, repeats: 0, rotation: 2 });
    expect(viewer.renderContext!.getPostProcess()).to.deep.equal({ style: 'graphite', brightness: 1, contrast: -1, levels: 5, repeats: 1, rotation: 1 });
  });
});

/** The second and third largest objects by box (the largest is the terrain the house stands on). */
function largestObjects(model: Model): number[] {
  const fragments = model.getFragmentList();
  const sizes = new Map<number, number>();
  for (let f = 0; f < fragments.count; f++) {
    const size = fragments.getWorldBox(f).getSize(new Vector3()).length();
    const dbId = fragments.getDbId(f);
    sizes.set(dbId, Math.max(sizes.get(dbId) ?? 0, size));
  }
  return [...sizes].sort((a, b) => b[1] - a[1]).slice(1, 3).map(([id]) => id);
}

function nearMask(mask: Uint8Array, width: number, p: number): boolean {
  const x = p % width;
  const y = Math.floor(p / width);
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (mask[(y + dy) * width + x + dx]) return true;
  return false;
}

/** The share of the drawn pixels whose luminance (in buckets of 8 levels) is one of the `count` commonest. */
function shareOfTopLuminances(frame: Pixels, background: Pixels, count: number): number {
  const mask = drawnMask(frame, background);
  const buckets = new Map<number, number>();
  let drawn = 0;
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    const bucket = Math.round(luminanceAt(frame, p) / 8);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
    drawn++;
  }
  const top = [...buckets.values()].sort((a, b) => b - a).slice(0, count);
  return top.reduce((sum, n) => sum + n, 0) / drawn;
}
