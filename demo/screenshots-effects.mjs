// The rendering effects gallery (docs/screenshots/effects-*.png): the IFC house and the car, each with every
// effect off, then ambient occlusion, the ground shadow, the ground reflection, all three, edges, and each
// post-process style, taken with the element's screenshot() (the complete frame with the effects that are on);
// and the house under each light preset, its environment behind it (effects-house-preset-*.png).
// Usage: node demo/screenshots-effects.mjs <demo url> [out dir = docs/screenshots]
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';

const [url, outDir = 'docs/screenshots'] = process.argv.slice(2);
if (!url) throw new Error('Usage: node demo/screenshots-effects.mjs <demo url> [out dir]');
mkdirSync(outDir, { recursive: true });
const PREFS = ['ambientShadows', 'groundShadow', 'groundReflection', 'edgeRendering', 'envMapBackground'];
const PRESETS = ['Simple grey', 'Sharp highlights', 'Dark sky', 'Grey room', 'Photo booth', 'Tranquility', 'Infinity pool', 'Simple white', 'Boardwalk'];
const VARIANTS = {
  off: { on: [] },
  ao: { on: ['ambientShadows'] },
  shadow: { on: ['groundShadow'] },
  reflection: { on: ['groundReflection'] },
  all: { on: ['ambientShadows', 'groundShadow', 'groundReflection'] },
  edges: { on: ['edgeRendering'] },
  'ao-edges': { on: ['ambientShadows', 'groundShadow', 'edgeRendering'] },
  edging: { on: ['ambientShadows'], style: 'edging' },
  cel: { on: ['ambientShadows'], style: 'cel' },
  graphite: { on: [], style: 'graphite' },
  pencil: { on: [], style: 'pencil' },
};
const MODELS = { house: 'samples/ifc/IfcOpenHouse_IFC4.ifc', car: 'samples/gltf/car.glb' };
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
for (const [name, model] of Object.entries(MODELS)) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && console.log(`[console] ${m.text().slice(0, 400)}`));
  await page.addInitScript(() => document.addEventListener('geometry-loaded', () => (window.__loaded = true), { capture: true }));
  const target = new URL(url);
  target.searchParams.set('model', model);
  target.searchParams.set('setLng', 'en');
  await page.goto(target.href);
  await page.waitForFunction(() => window.__loaded === true, null, { timeout: 180000 });
  if (name === 'house') {
    // From above a corner of the house, as the occlusion test looks at it.
    await page.evaluate(() => {
      const viewer = document.querySelector('design-viewer').viewer;
      const box = viewer.model.getBoundingBox();
      const centre = box.getCenter(box.min.clone());
      const size = box.getSize(box.min.clone()).length();
      const eye = centre.clone().add(box.min.clone().set(0.3, -0.42, 0.25).multiplyScalar(size));
      viewer.navigation.setView(eye, centre);
    });
  }
  const variants = Object.entries(VARIANTS);
  if (name === 'house') {
    for (const [index, preset] of PRESETS.entries()) variants.push([`preset-${preset.toLowerCase().replace(/\s+/g, '-')}`, { on: ['ambientShadows', 'groundShadow', 'envMapBackground'], preset: index }]);
  }
  for (const [variant, { on, style = 'none', preset = name === 'house' ? 8 : 0 }] of variants) {
    const png = await page.evaluate(async ({ prefs, on, style, preset, presetName }) => {
      const element = document.querySelector('design-viewer');
      for (const pref of prefs) element.viewer.prefs.set(pref, on.includes(pref));
      element.viewer.renderContext.setPostProcess({ style });
      element.viewer.setLightPreset(preset);
      await element.viewer.environments.use(presetName);
      const blob = await element.screenshot(800, 500);
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    }, { prefs: PREFS, on, style, preset, presetName: PRESETS[preset] });
    const file = `${outDir}/effects-${name}-${variant}.png`;
    writeFileSync(file, Buffer.from(png, 'base64'));
    console.log(`wrote ${file}`);
  }
  await page.close();
}
await browser.close();
