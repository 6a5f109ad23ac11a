import { expect } from '@esm-bundle/chai';
import { Viewer } from '../../../core/index.js';
import { capture, createContainer } from '../../support/helpers.js';

/**
 * A GLB made here: a blue triangle (mode 4), red lines (mode 1) and green points (mode 0), each on a node of
 * its own, side by side in the XY plane.
 */
function linesAndPointsGlb(): Uint8Array {
  const triangle = [-3, -1, 0, -1, -1, 0, -2, 1, 0];
  const lines: number[] = [];
  for (let i = 0; i < 6; i++) lines.push(-0.8, -1 + i * 0.4, 0, 0.8, -1 + i * 0.4, 0); // six horizontal segments
  const points: number[] = [];
  for (let x = 0; x < 5; x++) for (let y = 0; y < 5; y++) points.push(1.2 + x * 0.4, -1 + y * 0.5, 0);
  const arrays = [triangle, lines, points].map((a) => new Float32Array(a));
  const bin = new Uint8Array(arrays.reduce((n, a) => n + a.byteLength, 0));
  let offset = 0;
  const bufferViews = arrays.map((a) => {
    bin.set(new Uint8Array(a.buffer), offset);
    const view = { buffer: 0, byteOffset: offset, byteLength: a.byteLength };
    offset += a.byteLength;
    return view;
  });
  const accessors = arrays.map((a, i) => {
    const min = [0, 1, 2].map((c) => Math.min(...a.filter((_, k) => k % 3 === c)));
    const max = [0, 1, 2].map((c) => Math.max(...a.filter((_, k) => k % 3 === c)));
    return { bufferView: i, componentType: 5126, count: a.length / 3, type: 'VEC3', min, max };
  });
  const material = (rgb: number[]) => ({ pbrMetallicRoughness: { baseColorFactor: [...rgb, 1], metallicFactor: 0, roughnessFactor: 1 } });
  const json = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0, 1, 2] }],
    nodes: [
      { name: 'triangle', mesh: 0 },
      { name: 'lines', mesh: 1 },
      { name: 'points', mesh: 2 },
    ],
    meshes: [4, 1, 0].map((mode, i) => ({ primitives: [{ attributes: { POSITION: i }, mode, material: i }] })),
    materials: [material([0, 0, 1]), material([1, 0, 0]), material([0, 1, 0])],
    accessors,
    bufferViews,
    buffers: [{ byteLength: bin.byteLength }],
  };
  let text = JSON.stringify(json);
  while (text.length % 4) text += ' ';
  const jsonBytes = new TextEncoder().encode(text);
  const glb = new Uint8Array(12 + 8 + jsonBytes.length + 8 + bin.length);
  const view = new DataView(glb.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, glb.length, true);
  view.setUint32(12, jsonBytes.length, true);
  view.setUint32(16, 0x4e4f534a, true);
  glb.set(jsonBytes, 20);
  view.setUint32(20 + jsonBytes.length, bin.length, true);
  view.setUint32(24 + jsonBytes.length, 0x004e4942, true);
  glb.set(bin, 28 + jsonBytes.length);
  return glb;
}

/** Pixels where one channel clearly dominates: [blue, red, green]. */
function dominantPixels(pixels: { data: Uint8Array }): { blue: number; red: number; green: number } {
  const count = { blue: 0, red: 0, green: 0 };
  for (let i = 0; i < pixels.data.length; i += 4) {
    const [r, g, b] = [pixels.data[i], pixels.data[i + 1], pixels.data[i + 2]];
    if (b > r + 60 && b > g + 60) count.blue++;
    if (r > g + 60 && r > b + 60) count.red++;
    if (g > r + 60 && g > b + 60) count.green++;
  }
  return count;
}

describe('display lines and display points (preferences lineRendering, pointRendering)', () => {
  it('leave out every line, or every point, and draw them again when turned back on', async () => {
    const container = createContainer(240, 120);
    const viewer = new Viewer(container, { language: 'en' });
    try {
      viewer.start();
      const url = URL.createObjectURL(new Blob([linesAndPointsGlb() as BlobPart], { type: 'model/gltf-binary' }));
      const model = await viewer.loadModel(url, { fileExtension: 'glb', fileName: 'lines-and-points.glb' });
      expect(model.batches.map((b) => b.kind).sort()).to.deep.equal(['lines', 'points', 'triangles']);
      const all = dominantPixels(capture(viewer));
      expect(all.blue, 'triangle').to.be.greaterThan(50);
      expect(all.red, 'lines').to.be.greaterThan(20);
      expect(all.green, 'points').to.be.greaterThan(10);

      viewer.prefs.set('lineRendering', false);
      const noLines = dominantPixels(capture(viewer));
      expect(noLines.red).to.equal(0);
      expect(noLines.blue).to.equal(all.blue);
      expect(noLines.green).to.equal(all.green);

      viewer.prefs.set('pointRendering', false);
      const neither = dominantPixels(capture(viewer));
      expect(neither).to.deep.equal({ blue: all.blue, red: 0, green: 0 });

      viewer.prefs.set('lineRendering', true);
      viewer.prefs.set('pointRendering', true);
      expect(dominantPixels(capture(viewer))).to.deep.equal(all);
    } finally {
      viewer.prefs.reset();
      viewer.finish();
      container.remove();
    }
  });
});
