import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch, openBenchPage } from './browser.js';
import { benchRoot, startBenchServer } from './server.js';
import { benchVersions } from './writeResults.js';

/**
 * `npm run bench:effects [-- --sizes S,M --width 400 --height 300 --no-build]`: the cost of the 3D picture's
 * effects (issue 33) on the generated models, design-viewer's CDN build: the complete frame (drawn and the
 * GPU finished, median of 5) with every effect off, with ambient occlusion, with the ground shadow, with
 * the ground reflection and with all three; the first complete frame after the ground shadow is switched on
 * (it is made then); and the orbit frame's script time with all of them on (they are not drawn while moving).
 * Prints a table and writes bench/results/latest-effects.md.
 */
const args = Object.fromEntries(process.argv.slice(2).map((a, i, all) => (a.startsWith('--') ? [a.slice(2), all[i + 1]?.startsWith('--') ? 'true' : (all[i + 1] ?? 'true')] : null)).filter((e): e is [string, string] => e !== null));
const sizes = (args.sizes ?? 'S,M').split(',');
const width = Number(args.width ?? 400);
const height = Number(args.height ?? 300);
if (!args['no-build']) execFileSync('npx', ['vite', 'build', '--mode', 'cdn', '--logLevel', 'warn'], { cwd: benchRoot, stdio: 'inherit' });

interface Figures {
  objects: number;
  off: number;
  occlusion: number;
  shadow: number;
  reflection: number;
  all: number;
  firstWithShadow: number;
  orbitScript: number;
}

const { server, url } = await startBenchServer(benchRoot);
const rows: [string, Figures][] = [];
try {
  for (const size of sizes) {
    const browser = await launch(`effects-${size}-${Date.now()}`);
    try {
      const { page } = await openBenchPage(browser, `${url}/bench/pages/viewer.html?model=${encodeURIComponent(`/models/${size}.glb`)}&width=${width}&height=${height}`, { width, height, timeoutMs: 600_000, ready: 'benchLoaded' });
      await page.evaluate(() => ((window as unknown as { benchProceed: boolean }).benchProceed = true));
      await page.waitForFunction(() => (window as unknown as { benchResult?: unknown }).benchResult !== undefined, null, { timeout: 600_000 });
      const figures: Figures = await page.evaluate(`(() => {
        const viewer = document.querySelector('design-viewer').viewer;
        const gl = viewer.renderContext.renderer.getContext();
        const pixel = new Uint8Array(4);
        // Each complete frame follows a small orbit, as the frame at rest after a move does (the reflection
        // is made again for the new view; the shadow is not).
        const complete = () => {
          viewer.navigation.orbit(0.002, 0);
          const start = performance.now();
          viewer.renderNow();
          gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
          return performance.now() - start;
        };
        const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
        const set = (on) => { for (const name of ['ambientShadows', 'groundShadow', 'groundReflection']) viewer.prefs.set(name, on.includes(name)); };
        const measure = (on) => { set(on); complete(); return median([0, 1, 2, 3, 4].map(complete)); };
        // Software GL builds its routines at the first frames: those are left out.
        measure([]);
        const off = measure([]);
        set(['groundShadow']);
        const firstWithShadow = complete();
        const figures = {
          objects: viewer.model.getInstanceTree().getNodeCountInTree(),
          off,
          occlusion: measure(['ambientShadows']),
          shadow: measure(['groundShadow']),
          reflection: measure(['groundReflection']),
          all: measure(['ambientShadows', 'groundShadow', 'groundReflection']),
          firstWithShadow,
        };
        const camera = viewer.navigation.getThreeCamera();
        const scripts = [];
        for (let i = 0; i < 10; i++) {
          viewer.navigation.orbit(0.02, 0);
          const start = performance.now();
          viewer.renderContext.renderFrame(viewer.navigation.getThreeCamera(), { kind: 'moving', fraction: 1, scale: 1 });
          scripts.push(performance.now() - start);
          gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
        }
        figures.orbitScript = median(scripts);
        return figures;
      })()`);
      rows.push([size, figures]);
      console.log(size, JSON.stringify(figures));
    } finally {
      await browser.close();
    }
  }
} finally {
  server.close();
}

const { chromium, commit } = benchVersions();
const ms = (v: number) => `${v.toFixed(0)} ms`;
const extra = (v: number, base: number) => `${ms(v)} (+${ms(v - base)})`;
const lines = [
  `## 3D effects: the complete frame (Chromium ${chromium}, SwiftShader, ${width}×${height}, commit ${commit}, ${new Date().toISOString().slice(0, 10)})`,
  '',
  '| model | objects | all off | ambient occlusion | ground shadow | ground reflection | all three | first frame with the shadow | orbit frame script, all on |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows.map(([size, f]) => `| ${size} | ${f.objects} | ${ms(f.off)} | ${extra(f.occlusion, f.off)} | ${extra(f.shadow, f.off)} | ${extra(f.reflection, f.off)} | ${extra(f.all, f.off)} | ${ms(f.firstWithShadow)} | ${f.orbitScript.toFixed(2)} ms |`),
  '',
  'Complete frame: a small orbit, then renderNow() until the GPU finished (a 1-pixel readPixels), median of 5, after 6 frames to warm up. The shadow is made once, in the first frame after it is switched on; the reflection again whenever the view moved.',
];
writeFileSync(join(benchRoot, 'bench/results/latest-effects.md'), `${lines.join('\n')}\n`);
console.log(`\n${lines.join('\n')}`);
