import { gpuFinishedFrame, measureMemory } from './contract.ts';
import { type Bench2dPage, describeDrawing, type Frame2dFigures, inkShare, type Load2dFigures } from './contract2d.ts';

// The design-viewer 2D page: the production CDN build, headless element, loading the sheet from ?model= at once.
const milestones: Record<string, number> = { pageScript: performance.now() };
const params = new URLSearchParams(location.search);
const element = document.querySelector('design-viewer') as HTMLElement & { viewer: any; load(url: string): Promise<any> };

await customElements.whenDefined('design-viewer');
if (!element.viewer) await new Promise((r) => element.addEventListener('viewer-ready', r, { once: true }));
milestones.viewerReady = performance.now();
const viewer = element.viewer;
for (const name of ['model-added', 'geometry-loaded']) element.addEventListener(name, () => (milestones[name] ??= performance.now()), { once: true });
const gl: WebGL2RenderingContext = viewer.renderContext.renderer.getContext();
const pixel = new Uint8Array(4);
const sync = () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);

const firstFramePromise = gpuFinishedFrame(gl, () => viewer.getFrameStats().triangles > 0);
const geometryLoaded = new Promise<number>((r) => element.addEventListener('geometry-loaded', () => r(performance.now()), { once: true }));
const loadRequested = performance.now();
const model = await element.load(params.get('model')!);
await geometryLoaded;
const firstFrame = await firstFramePromise;
const result: Load2dFigures = { firstFrame, loadRequested, milestones };
(window as any).bench2dResult = result;

const nav = viewer.navigation;
const home = { position: nav.position.clone(), target: nav.target.clone(), orthoScale: nav.orthoScale };

/** Runs `move` then times the render call alone, `steps` times. */
function frames(steps: number, move: () => void): Frame2dFigures {
  const ms: number[] = [];
  const frameMs: number[] = [];
  let drawCalls = 0;
  for (let i = 0; i < steps; i++) {
    move();
    const start = performance.now();
    const stats = viewer.renderNow();
    ms.push(performance.now() - start);
    sync();
    frameMs.push(performance.now() - start);
    drawCalls = Math.max(drawCalls, stats.drawCalls);
  }
  return { ms, frameMs, drawCalls };
}

const bench: Bench2dPage = {
  pan: (steps, dx, dy) => frames(steps, () => nav.pan(dx, dy)),
  zoom(steps, factor, x, y) {
    // The wheel zooms at the cursor: about the point of the sheet (z = 0) under it.
    const ray = viewer.rayFromCanvas(x, y);
    const point = ray.origin.clone().addScaledVector(ray.direction, -ray.origin.z / ray.direction.z);
    return frames(steps, () => nav.dolly(factor, point));
  },
  settled: () => viewer.getFrameStats().final === true,
  fit() {
    nav.position.copy(home.position);
    nav.target.copy(home.target);
    nav.orthoScale = home.orthoScale;
    nav.setView(home.position.clone(), home.target.clone());
    viewer.renderNow();
    sync();
  },
  ink() {
    bench.fit();
    viewer.renderNow();
    return inkShare(gl);
  },
  picks(points) {
    const ms: number[] = [];
    let hits = 0;
    for (const [x, y] of points) {
      const start = performance.now();
      const hit = viewer.hitTestCanvas(x, y);
      ms.push(performance.now() - start);
      if (hit) hits++;
    }
    return { ms, hits };
  },
  memory: () => measureMemory(),
  describe: () => describeDrawing(model),
};
(window as any).bench2d = bench;
