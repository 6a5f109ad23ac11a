// Screenshots of the demo and of what issue 28 §7 changed, for docs/screenshots: the API panel open, the
// demo at a phone's width, the settings' language list, and the orientation cube away from the pointer over
// a dark, a light and a busy model (generated here) beside the same cube under the pointer.
// Usage: node demo/screenshots-demo.mjs <demo url> [out dir = docs/screenshots]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';

const [url, outDir = 'docs/screenshots'] = process.argv.slice(2);
if (!url) throw new Error('Usage: node demo/screenshots-demo.mjs <demo url> [out dir]');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });

async function openDemo(width, height) {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
  await page.addInitScript(() => document.addEventListener('geometry-loaded', () => (window.__loaded = true), { capture: true }));
  await page.goto(url);
  await page.waitForFunction(() => window.__loaded === true, null, { timeout: 90000 });
  await page.waitForTimeout(800);
  return page;
}
async function shoot(page, name, options = {}) {
  await page.screenshot({ path: `${outDir}/${name}`, ...options });
  console.log(`wrote ${outDir}/${name}`);
}

// The API panel, after a call.
let page = await openDemo(1280, 800);
await page.click('#api > summary');
await page.click("text=viewer.setViewCube('front')");
await page.waitForTimeout(1500);
await shoot(page, 'demo-api.png');
await page.click('#api > summary');

// The settings panel with the language list open on its footer.
await page.locator('design-viewer [data-item="settings"] button').click();
await page.waitForTimeout(400);
await shoot(page, 'settings-language.png', { clip: { x: 300, y: 160, width: 680, height: 530 } });
await page.close();

// A phone's width.
page = await openDemo(390, 760);
await shoot(page, 'demo-narrow.png');
await page.close();

// The cube over generated walls: black, white, and a chequer of saturated colours.
page = await openDemo(900, 600);
const wall = (colours, tiles) => {
  const size = 100 / tiles;
  const positions = new Float32Array([0, 0, 0, size, 0, 0, size, size, 0, 0, 0, 0, size, size, 0, 0, size, 0]);
  const normals = new Float32Array(18).map((_, i) => (i % 3 === 2 ? 1 : 0));
  const bytes = Buffer.concat([Buffer.from(positions.buffer), Buffer.from(normals.buffer)]);
  const nodes = [];
  for (let i = 0; i < tiles; i++) {
    for (let j = 0; j < tiles; j++) nodes.push({ name: `Tile ${i},${j}`, mesh: (i * 5 + j * 7 + ((i * j) % 3)) % colours.length, translation: [i * size - 50, j * size - 50, 0] });
  }
  return JSON.stringify({
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: nodes.map((_, i) => i) }],
    nodes,
    materials: colours.map((c) => ({ pbrMetallicRoughness: { baseColorFactor: [...c, 1], metallicFactor: 0, roughnessFactor: 1 } })),
    meshes: colours.map((_, i) => ({ primitives: [{ attributes: { POSITION: 0, NORMAL: 1 }, material: i }] })),
    accessors: [
      { bufferView: 0, componentType: 5126, count: 6, type: 'VEC3', min: [0, 0, 0], max: [size, size, 0] },
      { bufferView: 0, byteOffset: 72, componentType: 5126, count: 6, type: 'VEC3' },
    ],
    bufferViews: [{ buffer: 0, byteLength: 144 }],
    buffers: [{ byteLength: 144, uri: `data:application/octet-stream;base64,${bytes.toString('base64')}` }],
  });
};
const busy = [[0, 0, 0], [1, 1, 1], [0.8, 0.05, 0.05], [0.05, 0.3, 0.9], [0.95, 0.8, 0.05], [0.1, 0.6, 0.2]];
const pictures = [];
for (const [name, json] of [['dark', wall([[0, 0, 0]], 1)], ['light', wall([[1, 1, 1]], 1)], ['busy', wall(busy, 66)]]) {
  await page.evaluate(async (gltf) => {
    const viewer = document.querySelector('design-viewer').viewer;
    for (const model of [...viewer.getVisibleModels()]) viewer.unloadModel(model);
    await viewer.loadModel(URL.createObjectURL(new Blob([gltf])), { fileExtension: 'gltf', fileName: 'wall.gltf' });
    const nav = viewer.navigation;
    const V = nav.position.constructor;
    nav.setView(new V(0.3, 0.2, 12), new V(0.3, 0.2, 0));
    nav.setCameraUpVector(new V(0, 1, 0));
    await viewer.waitForCompleteFrame();
  }, json);
  const box = await page.locator('design-viewer .dv-viewcube').boundingBox();
  const clip = { x: box.x - 30, y: box.y, width: box.width + 30, height: box.height + 10 };
  await page.mouse.move(5, 595);
  await page.waitForTimeout(600);
  pictures.push({ name: `${name}, away`, png: (await page.screenshot({ clip })).toString('base64') });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(600);
  pictures.push({ name: `${name}, under the pointer`, png: (await page.screenshot({ clip })).toString('base64') });
}
await page.close();
// Side by side, captioned.
page = await browser.newPage({ viewport: { width: 1500, height: 300 }, deviceScaleFactor: 1 });
await page.setContent(`<body style="margin:0;padding:12px;font:13px system-ui;display:flex;gap:10px;background:#fff">${pictures
  .map((p) => `<figure style="margin:0;text-align:center"><img src="data:image/png;base64,${p.png}" style="display:block"><figcaption style="margin-top:4px;color:#4a5561">${p.name}</figcaption></figure>`)
  .join('')}</body>`);
const size = await page.evaluate(() => ({ width: document.body.scrollWidth, height: document.body.scrollHeight }));
await shoot(page, 'viewcube-contrast.png', { clip: { x: 0, y: 0, width: size.width, height: size.height } });
await browser.close();
