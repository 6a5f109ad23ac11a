import { DxfViewer } from 'dxf-viewer';
import { Color, type OrthographicCamera, Vector3 } from 'three';
import { measureMemory } from './contract.ts';
import { type Bench2dPage, type Frame2dFigures, inkShare, type Load2dFigures } from './contract2d.ts';

// The dxf-viewer page (npm dxf-viewer, over the project's three; bundled by bench/dxf2d.ts): its
// DxfViewer on a canvas of the bench's size, white like design-viewer's 2D background, parsing and
// building the scene in its web worker as its documentation recommends, DejaVu Sans for the text.
const milestones: Record<string, number> = { pageScript: performance.now() };
const params = new URLSearchParams(location.search);
const width = Number(params.get('width') ?? 400);
const height = Number(params.get('height') ?? 300);
const container = document.getElementById('viewer') as HTMLDivElement;
container.style.cssText = `width:${width}px;height:${height}px`;
const viewer = new DxfViewer(container, {
  canvasWidth: width, canvasHeight: height, autoResize: false, // dxf-viewer's types name its own copy of three's; at run time it is the project's three (see the bundle).
  clearColor: new Color('#fff') as any, antialias: true });
milestones.viewerReady = performance.now();
const renderer = viewer.GetRenderer()!;
const gl = renderer.getContext() as WebGL2RenderingContext;
const pixel = new Uint8Array(4);
const sync = () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);

const loadRequested = performance.now();
await viewer.Load({
  url: params.get('model')!,
  fonts: [params.get('font')!],
  progressCbk: (phase: string) => (milestones[phase] ??= performance.now()),
  workerFactory: () => new Worker(new URL('./dxfviewer2d.worker.js', import.meta.url), { type: 'module' }),
});
// Load renders the fitted drawing before it resolves: the GPU finishing that frame is the first one.
sync();
const firstFrame = performance.now();
const result: Load2dFigures = { firstFrame, loadRequested, milestones };
(window as any).bench2dResult = result;

const camera = viewer.GetCamera() as OrthographicCamera;
const home = { position: camera.position.clone(), left: camera.left, right: camera.right, top: camera.top, bottom: camera.bottom, zoom: camera.zoom };

function frames(steps: number, move: () => void): Frame2dFigures {
  const ms: number[] = [];
  const frameMs: number[] = [];
  let drawCalls = 0;
  for (let i = 0; i < steps; i++) {
    move();
    camera.updateMatrixWorld();
    camera.updateProjectionMatrix();
    const start = performance.now();
    viewer.Render();
    ms.push(performance.now() - start);
    sync();
    frameMs.push(performance.now() - start);
    drawCalls = Math.max(drawCalls, renderer.info.render.calls);
  }
  return { ms, frameMs, drawCalls };
}

/** Drawing units per canvas pixel at the current zoom. */
const unitsPerPixel = () => (camera.right - camera.left) / camera.zoom / width;

const bench: Bench2dPage = {
  pan(steps, dx, dy) {
    return frames(steps, () => {
      const scale = unitsPerPixel();
      camera.position.x -= dx * scale;
      camera.position.y += dy * scale;
    });
  },
  zoom(steps, factor, x, y) {
    // As its OrbitControls zoom an orthographic camera at the cursor: the zoom changes and the camera
    // slides so that the point under the cursor stays put.
    return frames(steps, () => {
      const ndc = new Vector3((x / width) * 2 - 1, 1 - (y / height) * 2, 0);
      const before = ndc.clone().unproject(camera);
      camera.zoom /= factor;
      camera.updateProjectionMatrix();
      camera.updateMatrixWorld();
      const after = ndc.clone().unproject(camera);
      camera.position.x += before.x - after.x;
      camera.position.y += before.y - after.y;
    });
  },
  // It draws every frame whole.
  settled: () => true,
  fit() {
    camera.position.copy(home.position);
    Object.assign(camera, { left: home.left, right: home.right, top: home.top, bottom: home.bottom, zoom: home.zoom });
    camera.updateProjectionMatrix();
    camera.updateMatrixWorld();
    viewer.Render();
    sync();
  },
  ink() {
    bench.fit();
    return inkShare(gl);
  },
  picks: () => null,
  memory: () => measureMemory(),
  describe() {
    let objects = 0;
    viewer.GetScene().traverse(() => objects++);
    return { sceneObjects: objects - 1, layers: [...viewer.GetLayers()].length };
  },
};
(window as any).bench2d = bench;
