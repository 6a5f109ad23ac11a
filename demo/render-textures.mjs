// Renders the orientation cube's and the transform gizmo's textures (res/textures/*.png) from the SVG
// drawings below, with Chromium (transparent PNGs, drawn at 3x for crisp edges on high-density screens).
// Usage: node demo/render-textures.mjs [out dir = res/textures]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../test/support/chromium.mjs';

const outDir = process.argv[2] ?? 'res/textures';
mkdirSync(outDir, { recursive: true });

const ACCENT = '#0696d7';
const INK = '#6b7785';

const arrow = (fill) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
  <path d="M12 5.5 L20 17.5 Q20.6 18.5 19.4 18.5 L4.6 18.5 Q3.4 18.5 4 17.5 Z" fill="${fill}" stroke="#ffffff" stroke-width="1.4" stroke-linejoin="round"/>
</svg>`;

const roll = (stroke) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <g fill="none" stroke-linecap="round">
    <path d="M6.6 21.4 A10 10 0 0 1 19.4 8.6" stroke="#ffffff" stroke-width="5.4"/>
    <path d="M6.6 21.4 A10 10 0 0 1 19.4 8.6" stroke="${stroke}" stroke-width="2.8"/>
  </g>
  <path d="M24.1 10.3 L17.4 12.75 L20.5 4.1 Z" fill="${stroke}" stroke="#ffffff" stroke-width="1.2" stroke-linejoin="round"/>
</svg>`;

const home = (fill) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
  <path d="M3.5 11.2 L12 4 L20.5 11.2" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M6 10.5 V19.5 H10 V14.5 H14 V19.5 H18 V10.5" fill="#ffffff" stroke="#ffffff" stroke-width="3" stroke-linejoin="round"/>
  <path d="M3.5 11.2 L12 4 L20.5 11.2" fill="none" stroke="${fill}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M6 10.5 V19.5 H10 V14.5 H14 V19.5 H18 V10.5" fill="${fill}"/>
</svg>`;

const context = (fill) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
  <rect x="2.5" y="2.5" width="19" height="19" rx="5" fill="#ffffff" stroke="${fill}" stroke-width="1.5"/>
  <path d="M7.5 10 L12 15 L16.5 10 Z" fill="${fill}" stroke="${fill}" stroke-width="1.2" stroke-linejoin="round"/>
</svg>`;

// The cube map: the faces' surface, a soft light from the upper left.
const face = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256">
  <defs>
    <radialGradient id="g" cx="38%" cy="30%" r="85%">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="0.6" stop-color="#f1f3f6"/>
      <stop offset="1" stop-color="#dde2e8"/>
    </radialGradient>
  </defs>
  <rect width="256" height="256" fill="url(#g)"/>
</svg>`;

// The edges: a bevelled rim drawn over each face (transparent inside).
const edge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256">
  <defs>
    <linearGradient id="t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.95"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
    <linearGradient id="b" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#5d6873" stop-opacity="0.35"/><stop offset="1" stop-color="#5d6873" stop-opacity="0"/></linearGradient>
    <linearGradient id="l" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.8"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
    <linearGradient id="r" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="#5d6873" stop-opacity="0.3"/><stop offset="1" stop-color="#5d6873" stop-opacity="0"/></linearGradient>
  </defs>
  <rect x="0" y="0" width="256" height="14" fill="url(#t)"/>
  <rect x="0" y="242" width="256" height="14" fill="url(#b)"/>
  <rect x="0" y="0" width="14" height="256" fill="url(#l)"/>
  <rect x="242" y="0" width="14" height="256" fill="url(#r)"/>
  <rect x="2" y="2" width="252" height="252" fill="none" stroke="#8a96a3" stroke-width="4" rx="6"/>
</svg>`;

// Transform gizmo (spec 000 §2): the centre marker and the cardinal points (white: tinted per axis).
const centerMarker = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <circle cx="16" cy="16" r="13" fill="#ffffff" fill-opacity="0.92" stroke="#26303a" stroke-width="2"/>
  <path d="M10.5 10.5 L21.5 21.5 M21.5 10.5 L10.5 21.5" stroke="#26303a" stroke-width="3" stroke-linecap="round"/>
</svg>`;
const cardinalPoint = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">
  <path d="M8 1.5 L14.5 8 L8 14.5 L1.5 8 Z" fill="#ffffff" stroke="#1b2430" stroke-width="1.5" stroke-linejoin="round"/>
</svg>`;

const textures = [
  ['viewcube-arrow.png', arrow(INK), 24],
  ['viewcube-arrow-hover.png', arrow(ACCENT), 24],
  ['viewcube-roll.png', roll(INK), 32],
  ['viewcube-roll-hover.png', roll(ACCENT), 32],
  ['viewcube-home.png', home(INK), 24],
  ['viewcube-home-hover.png', home(ACCENT), 24],
  ['viewcube-context.png', context(INK), 24],
  ['viewcube-context-hover.png', context(ACCENT), 24],
  ['viewcube-face.png', face, 256, 1],
  ['viewcube-edge.png', edge, 256, 1],
  ['centerMarker_X.png', centerMarker, 32],
  ['cardinalPoint.png', cardinalPoint, 16],
];

// SVG only: no WebGL needed.
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
for (const [name, svg, size, scale = 3] of textures) {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: scale });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" style="display:block" `)}</body></html>`);
  await page.locator('svg').screenshot({ path: `${outDir}/${name}`, omitBackground: true });
  await page.close();
  console.log(`wrote ${outDir}/${name} (${size * scale} px)`);
}
await browser.close();
