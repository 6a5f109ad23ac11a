import { type BenchPage, gpuFinishedFrame, gpuTimer, type LoadFigures, measureMemory } from './contract.ts';

// The design-viewer page: the production CDN build, headless element, loading from ?model= at once.
/** Milestones, ms from navigation start, for reading where load time goes. */
const milestones: Record<string, number> = { pageScript: performance.now() };
const params = new URLSearchParams(location.search);
// viewer.html sizes the element before the viewer starts.
const element = document.querySelector('design-viewer') as HTMLElement & { viewer: any; load(url: string): Promise<any> };

await customElements.whenDefined('design-viewer');
if (!element.viewer) await new Promise((r) => element.addEventListener('viewer-ready', r, { once: true }));
milestones.viewerReady = performance.now();
const viewer = element.viewer;
// antialias=0: no multisampling (the 1280×720 runs, as every page there).
if (params.get('antialias') === '0') viewer.prefs.set('antialiasing', false);
for (const name of ['model-added', 'geometry-loaded']) element.addEventListener(name, () => (milestones[name] ??= performance.now()), { once: true });
element.addEventListener('progress', (e) => {
  const detail = (e as unknown as CustomEvent<{ state: number; percent: number }>).detail;
  if (detail.state === 1 && detail.percent > 0) milestones.firstChunk ??= performance.now();
});
const gl: WebGL2RenderingContext = viewer.renderContext.renderer.getContext();
const pixel = new Uint8Array(4);
const sync = () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);

const firstFramePromise = gpuFinishedFrame(gl, () => viewer.getFrameStats().triangles > 0);
const geometryLoaded = new Promise<number>((r) => element.addEventListener('geometry-loaded', () => r(performance.now()), { once: true }));
const loadRequested = performance.now();
const model = await element.load(params.get('model')!);
const loadedAt = await geometryLoaded;
const firstFrame = await firstFramePromise;
// Loading is over: the harness stops probing input, and only then lets this page block on the GPU to
// measure (a probe caught behind that block would time the measurement, not the viewer).
(window as any).benchLoaded = true;
while (!(window as any).benchProceed) await new Promise((r) => setTimeout(r, 10));
viewer.renderNow();
sync();
const fullyDrawn = performance.now();

const tree = model.getInstanceTree();
let triangles = 0;
for (const batch of model.batches) if (batch.kind === 'triangles') triangles += batch.indexCount / 3;
const script = performance.getEntriesByType('resource').find((e) => e.name.includes('design-viewer.js')) as PerformanceResourceTiming | undefined;
if (script) milestones.cdnScriptLoaded = script.responseEnd;
const result: LoadFigures = { firstFrame, geometryLoaded: loadedAt, fullyDrawn, loadRequested, objects: tree.getNodeCountInTree(), triangles, milestones };
(window as any).benchResult = result;

const bench: BenchPage = {
  getCamera() {
    const nav = viewer.navigation;
    return { position: nav.position.toArray(), target: nav.target.toArray(), up: nav.up.toArray(), fov: nav.fov };
  },
  setCamera(pose) {
    const nav = viewer.navigation;
    nav.up.fromArray(pose.up);
    nav.setView(nav.position.clone().fromArray(pose.position), nav.target.clone().fromArray(pose.target));
    nav.setFov(pose.fov);
  },
  async orbit(steps) {
    const frameMs: number[] = [];
    const cpuMs: number[] = [];
    const timer = gpuTimer(gl);
    let drawCalls = 0;
    viewer.navigation.setPivotPoint(viewer.navigation.target);
    for (let i = 0; i < steps; i++) {
      viewer.navigation.orbit((2 * Math.PI) / steps, 0);
      const start = performance.now();
      const stats = timer.time(() => viewer.renderNow());
      const cpu = performance.now();
      sync();
      const end = performance.now();
      cpuMs.push(cpu - start);
      frameMs.push(end - start);
      drawCalls = Math.max(drawCalls, stats.drawCalls);
    }
    return { frameMs, cpuMs, gpuMs: await timer.results(), drawCalls };
  },
  picks(points) {
    const ms: number[] = [];
    const names: (string | null)[] = [];
    for (const [x, y] of points) {
      const start = performance.now();
      const hit = viewer.hitTestCanvas(x, y);
      ms.push(performance.now() - start);
      names.push(hit ? tree.getNodeName(hit.dbId) : null);
    }
    return { ms, names };
  },
  modelTools(points) {
    const time = (action: () => void) => {
      const start = performance.now();
      action();
      return performance.now() - start;
    };
    const frame = () => time(() => (viewer.renderNow(), sync()));
    const saved = viewer.getState();
    const explode = time(() => viewer.explode(1));
    const explodeFrame = frame();
    const explodeStep = time(() => viewer.explode(0.5));
    frame();
    const unexplode = time(() => viewer.explode(0));
    frame();
    const box = viewer.getVisibleBounds();
    const up = viewer.navigation.worldUp;
    const middle = box.getCenter(up.clone()).dot(up);
    const cut = time(() => viewer.setCutPlanes([[up.x, up.y, up.z, -middle]]));
    const cutFrame = frame();
    const cutPicks = points.map(([x, y]) => time(() => viewer.hitTestCanvas(x, y)));
    viewer.setCutPlanes([]);
    const getState = time(() => viewer.getState());
    const restoreState = time(() => viewer.restoreState(saved, undefined, true));
    frame();
    return { explode, explodeFrame, explodeStep, unexplode, cut, cutFrame, cutPicks, getState, restoreState };
  },
  async snaps(points) {
    // The measure tool's hover query, as a pointer moving over the model asks it (the 10 px mouse radius).
    const measure = viewer.getExtension('measure') ?? (await viewer.loadExtension('measure'));
    measure.setMode('distance');
    const tool = measure.getTool();
    const ms: number[] = [];
    const kinds: (number | null)[] = [];
    for (const [x, y] of points) {
      const start = performance.now();
      const snap = tool.snapAt(x, y);
      ms.push(performance.now() - start);
      kinds.push(snap ? snap.geomType : null);
    }
    const edges = tool.snapper.edges;
    return { ms, kinds, edgeCacheBytes: edges.byteLengthFor(model), edgeCacheFragments: edges.countFor(model) };
  },
  async memory() {
    const { jsHeap, pageMemory } = await measureMemory();
    let cpuBytes = 0;
    let gpuBytes = 0;
    for (const batch of model.batches) {
      cpuBytes += batch.byteLength;
      // GPU: packed position 8 B + packed normal 4 B per vertex (+ uv 8 B), 4 B per index.
      gpuBytes += batch.vertexCount * (12 + (batch.hasUvs ? 8 : 0)) + batch.indexCount * 4;
    }
    return { jsHeap, pageMemory, cpuBytesPerTriangle: cpuBytes / triangles, gpuBytesPerTriangle: gpuBytes / triangles };
  },
};
(window as any).bench = bench;
