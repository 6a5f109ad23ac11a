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
 * the ground reflection, with all three, with edges, with the graphite style; the first complete frame after
 * the ground shadow is switched on (it is made then) and after occlusion and edges are; the orbit frame's
 * script time with all of them on, and its whole time (GPU finished) with every effect off and with edges (the
 * only one drawn while moving); the memory edges take (screen targets) against the geometry's.
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
  edges: number;
  graphite: number;
  firstWithShadow: number;
  firstWithOcclusionAndEdges: number;
  orbitScript: number;
  orbitOff: number;
  orbitEdges: number;
  geometryBytes: number;
  edgeBytes: number;
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
        const set = (on) => {
          for (const name of ['ambientShadows', 'groundShadow', 'groundReflection', 'edgeRendering']) viewer.prefs.set(name, on.includes(name));
          viewer.renderContext.setPostProcess({ style: on.includes('graphite') ? 'graphite' : 'none' });
        };
        const measure = (on) => { set(on); complete(); return median([0, 1, 2, 3, 4].map(complete)); };
        // Software GL builds its routines at the first frames: those are left out.
        measure([]);
        const off = measure([]);
        set(['groundShadow']);
        const firstWithShadow = complete();
        measure([]);
        set(['ambientShadows', 'edgeRendering']);
        const firstWithOcclusionAndEdges = complete();
        const figures = {
          objects: viewer.model.getInstanceTree().getNodeCountInTree(),
          off,
          occlusion: measure(['ambientShadows']),
          shadow: measure(['groundShadow']),
          reflection: measure(['groundReflection']),
          all: measure(['ambientShadows', 'groundShadow', 'groundReflection']),
          edges: measure(['edgeRendering']),
          graphite: measure(['graphite']),
          firstWithShadow,
          firstWithOcclusionAndEdges,
        };
        // Orbit frames (all of a model drawn, at full resolution): their script time, and their whole time.
        const orbit = () => {
          const scripts = [];
          const wholes = [];
          for (let i = 0; i < 10; i++) {
            viewer.navigation.orbit(0.02, 0);
            const start = performance.now();
            viewer.renderContext.renderFrame(viewer.navigation.getThreeCamera(), { kind: 'moving', fraction: 1, scale: 1 });
            scripts.push(performance.now() - start);
            gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
            wholes.push(performance.now() - start);
          }
          return { script: median(scripts), whole: median(wholes) };
        };
        set([]);
        figures.orbitOff = orbit().whole;
        set(['edgeRendering']);
        figures.orbitEdges = orbit().whole;
        set(['ambientShadows', 'groundShadow', 'groundReflection', 'edgeRendering']);
        figures.orbitScript = orbit().script;
        figures.geometryBytes = viewer.renderContext.getModelRenderer(viewer.model).uploadedBytes;
        // Edges keep nothing per object: the frame's depth copy (4 bytes a pixel) and the composed picture (4).
        figures.edgeBytes = gl.drawingBufferWidth * gl.drawingBufferHeight * 8;
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
const extra = (v: number, base: number) => `${ms(v)} (${v >= base ? '+' : '−'}${ms(Math.abs(v - base))})`;
const lines = [
  `## 3D effects: the complete frame (${chromium}, SwiftShader, ${width}×${height}, commit ${commit}, ${new Date().toISOString().slice(0, 10)})`,
  '',
  '| model | objects | all off | ambient occlusion | ground shadow | ground reflection | all three | edges | graphite style | first frame with the shadow | first frame with occlusion and edges | orbit frame script, all on | orbit frame, off / edges | edge memory / geometry |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    ([size, f]) =>
      `| ${size} | ${f.objects} | ${ms(f.off)} | ${extra(f.occlusion, f.off)} | ${extra(f.shadow, f.off)} | ${extra(f.reflection, f.off)} | ${extra(f.all, f.off)} | ${extra(f.edges, f.off)} | ${extra(f.graphite, f.off)} | ${ms(f.firstWithShadow)} | ${ms(f.firstWithOcclusionAndEdges)} | ${f.orbitScript.toFixed(2)} ms | ${ms(f.orbitOff)} / ${ms(f.orbitEdges)} | ${(f.edgeBytes / 2 ** 20).toFixed(2)} MiB / ${(f.geometryBytes / 2 ** 20).toFixed(1)} MiB (${((100 * f.edgeBytes) / f.geometryBytes).toFixed(1)}%) |`,
  ),
  '',
  'Complete frame: a small orbit, then renderNow() until the GPU finished (a 1-pixel readPixels), median of 5, after 6 frames to warm up. The shadow is made once, in the first frame after it is switched on; the reflection again whenever the view moved. Orbit frame: the whole model drawn while moving, median of 10; edges are the one effect drawn then. Edge memory: edges are found on the frame\'s depth, so they keep nothing per object: a depth copy and a composed picture the size of the canvas.',
];
writeFileSync(join(benchRoot, 'bench/results/latest-effects.md'), `${lines.join('\n')}\n`);
console.log(`\n${lines.join('\n')}`);
