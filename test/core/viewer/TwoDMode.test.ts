import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { DxfParser } from 'dxf-parser';
import { Plane, Vector3 } from 'three';
import { type Model, Viewer } from '../../../core/index.js';
import { HYBRID_FIT_WARNING, MULTIPLE_2D_FIT_WARNING } from '../../../core/viewer/fitToViewBox.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';
import { capture, createContainer, sampleUrl } from '../../support/helpers.js';
import { canvasPoint, mouseDrag, until, wheel } from '../../support/navigationInput.js';
import { createViewerElement, exists, removeViewerElements, toolbarButton, waitFor } from '../../react-panels/guiHelpers.js';

const DETAIL = '2d/dxf-parser_api-cw750-details.dxf';
const VISIBILITY = '2d/ezdxf_visibility.dxf';
const BOX = 'gltf/BoxTextured.glb';
/** The first object's dbId: the drawing's root is 1, then one object per model-space entity in file order. */
const FIRST_ENTITY = 2;
const WIDTH = 400;
const HEIGHT = 300;
/** A line pixel differs from the white sheet by more than this (sum of the channels). */
const INK = 40;

interface FileLine {
  dbId: number;
  a: Vector3;
  b: Vector3;
}

/** The LINEs of a drawing's model space on layers that are on (read with dxf-parser here), with the dbIds the loader gives them. */
async function visibleLines(path: string): Promise<FileLine[]> {
  const text = await fetch(sampleUrl(path)).then((r) => r.text());
  const drawing = new DxfParser().parseSync(text)!;
  const layers = drawing.tables.layer.layers as Record<string, { visible: boolean; frozen?: boolean }>;
  type Entity = { type: string; layer: string; inPaperSpace?: boolean; visible?: boolean; vertices?: { x: number; y: number; z?: number }[] };
  const entities = (drawing.entities as unknown as Entity[]).filter((e) => !e.inPaperSpace);
  const lines: FileLine[] = [];
  entities.forEach((entity, i) => {
    const layer = layers[entity.layer];
    if (entity.type !== 'LINE' || entity.visible === false || !layer?.visible || layer.frozen) return;
    const [a, b] = entity.vertices!;
    lines.push({ dbId: FIRST_ENTITY + i, a: new Vector3(a.x, a.y, a.z ?? 0), b: new Vector3(b.x, b.y, b.z ?? 0) });
  });
  return lines;
}

/** Where a real-coordinate point is drawn, in canvas pixels (not rounded). */
function canvasOf(viewer: Viewer, point: Vector3): { x: number; y: number } {
  const v = point.clone().project(viewer.navigation.getThreeCamera());
  return { x: ((v.x + 1) / 2) * viewer.canvas.clientWidth, y: ((1 - v.y) / 2) * viewer.canvas.clientHeight };
}

/** The point of the sheet (z = 0) under a page point. */
function sheetPointAt(viewer: Viewer, [pageX, pageY]: [number, number]): Vector3 {
  const rect = viewer.canvas.getBoundingClientRect();
  const ray = viewer.rayFromCanvas(pageX - rect.left, pageY - rect.top);
  return ray.intersectPlane(new Plane(new Vector3(0, 0, 1), 0), new Vector3())!;
}

/** The page point where a real-coordinate point is drawn. */
function pageOf(viewer: Viewer, point: Vector3): [number, number] {
  const { x, y } = canvasOf(viewer, point);
  const rect = viewer.canvas.getBoundingClientRect();
  return [rect.left + x, rect.top + y];
}

/** The brightness (r + g + b, 0–765) of the pixels within a pixel of a canvas point. */
function brightnessNear(pixels: { width: number; height: number; data: Uint8Array }, x: number, y: number): number[] {
  const found: number[] = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const px = Math.round(x) + dx, py = Math.round(y) + dy;
      if (px < 0 || py < 0 || px >= pixels.width || py >= pixels.height) continue;
      const o = (py * pixels.width + px) * 4;
      found.push(pixels.data[o] + pixels.data[o + 1] + pixels.data[o + 2]);
    }
  }
  return found;
}

/** The strongest ink (distance from white) within a pixel of a canvas point. */
function inkNear(pixels: { width: number; height: number; data: Uint8Array }, x: number, y: number): number {
  return 765 - Math.min(...brightnessNear(pixels, x, y));
}

function distanceToSegment(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x, dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

describe('2D mode', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let recorder: ConsoleRecorder;

  beforeEach(() => {
    container = createContainer(WIDTH, HEIGHT);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    viewer.navigation.transitionDurationMs = 0;
    recorder = new ConsoleRecorder().start();
  });
  afterEach(() => {
    recorder.stop();
    viewer.finish();
    container.remove();
  });

  it('opens a DXF flat: orthographic from above with +Y up, the sheet framed, pan the default tool, no walk, no turning', async () => {
    await viewer.loadModel(sampleUrl(DETAIL));
    const nav = viewer.navigation;
    expect(viewer.stores.$is2d.get()).to.equal(true);
    expect(nav.isPerspective).to.equal(false);
    expect(nav.getDirection().distanceTo(new Vector3(0, 0, -1))).to.be.lessThan(1e-6);
    expect(nav.up.distanceTo(new Vector3(0, 1, 0))).to.be.lessThan(1e-6);
    // Framed: every corner of what is drawn is on the canvas, and the sheet spans most of it one way.
    const box = viewer.getVisibleBounds();
    const corners = [box.min, box.max, new Vector3(box.min.x, box.max.y, 0), new Vector3(box.max.x, box.min.y, 0)].map((c) => canvasOf(viewer, c));
    for (const c of corners) {
      expect(c.x).to.be.within(0, WIDTH);
      expect(c.y).to.be.within(0, HEIGHT);
    }
    const spanX = Math.max(...corners.map((c) => c.x)) - Math.min(...corners.map((c) => c.x));
    const spanY = Math.max(...corners.map((c) => c.y)) - Math.min(...corners.map((c) => c.y));
    expect(Math.max(spanX / WIDTH, spanY / HEIGHT)).to.be.greaterThan(0.85);

    const tools = viewer.toolController;
    expect(tools.getDefaultToolName()).to.equal('pan');
    expect(tools.isToolActive('pan')).to.equal(true);
    expect(tools.getTool('walk')).to.equal(undefined);

    // Orbits and the view cube's views do nothing on a sheet; the cube's warns.
    nav.orbit(0.6, 0.4);
    nav.freeOrbit(0.3, 0.2);
    expect(nav.getDirection().distanceTo(new Vector3(0, 0, -1))).to.be.lessThan(1e-6);
    expect(await viewer.setViewCube('front top', { immediate: true })).to.equal(false);
    expect(nav.getDirection().distanceTo(new Vector3(0, 0, -1))).to.be.lessThan(1e-6);
    expect(recorder.warnings.some((w) => w.includes('setViewCube'))).to.equal(true);
    // The orbit tool chosen says once that it does nothing here; a drag with it leaves the view from above.
    tools.activateTool('orbit');
    expect(recorder.warnings.filter((w) => w.startsWith('orbit:'))).to.have.length(1);
    await mouseDrag(canvasPoint(viewer, 0.5, 0.5), [60, 30]);
    expect(nav.getDirection().distanceTo(new Vector3(0, 0, -1))).to.be.lessThan(1e-6);
  });

  it('draws on the white 2D background, lines where the file puts them; a 3D light preset warns and changes nothing', async () => {
    const lines = await visibleLines(DETAIL);
    await viewer.loadModel(sampleUrl(DETAIL));
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);
    const corner = [pixels.data[0], pixels.data[1], pixels.data[2]];
    expect(corner, 'the 2D background').to.deep.equal([255, 255, 255]);
    const drawn = lines.filter((line) => {
      const a = canvasOf(viewer, line.a), b = canvasOf(viewer, line.b);
      return Math.hypot(a.x - b.x, a.y - b.y) >= 4;
    });
    expect(drawn.length, 'lines long enough to see').to.be.greaterThan(50);
    for (const line of drawn) {
      const mid = canvasOf(viewer, line.a.clone().lerp(line.b, 0.5));
      expect(inkNear(pixels, mid.x, mid.y), `line ${line.dbId} at ${mid.x.toFixed(1)}, ${mid.y.toFixed(1)}`).to.be.greaterThan(INK);
    }

    viewer.setLightPreset(2); // "Dark sky": a dark background in 3D
    expect(recorder.warnings.some((w) => w.includes('lightPreset') && w.includes('3D'))).to.equal(true);
    const after = capture(viewer);
    expect([after.data[0], after.data[1], after.data[2]]).to.deep.equal([255, 255, 255]);
  });

  it('swaps black and white on a sheet: the paper turns black and the black lines white', async () => {
    const lines = await visibleLines(DETAIL);
    await viewer.loadModel(sampleUrl(DETAIL));
    await viewer.waitForCompleteFrame();
    const before = capture(viewer);
    const middles = lines.map((line) => canvasOf(viewer, line.a.clone().lerp(line.b, 0.5)));
    const black = middles.filter((m) => m.x > 1 && m.y > 1 && m.x < WIDTH - 1 && m.y < HEIGHT - 1 && Math.min(...brightnessNear(before, m.x, m.y)) < 150);
    expect(black.length, 'lines drawn black (ACI 7)').to.be.greaterThan(10);

    viewer.setSwapBlackAndWhite(true);
    await viewer.waitForCompleteFrame();
    const after = capture(viewer);
    expect([after.data[0], after.data[1], after.data[2]], 'the paper').to.deep.equal([0, 0, 0]);
    for (const m of black) expect(Math.max(...brightnessNear(after, m.x, m.y)), `${m.x.toFixed(1)}, ${m.y.toFixed(1)}`).to.be.greaterThan(600);

    viewer.setSwapBlackAndWhite(false);
    await viewer.waitForCompleteFrame();
    const back = capture(viewer);
    expect([back.data[0], back.data[1], back.data[2]]).to.deep.equal([255, 255, 255]);
  });

  it('pans with a left drag: the sheet follows the pointer', async () => {
    await viewer.loadModel(sampleUrl(DETAIL));
    await viewer.waitForCompleteFrame();
    const before = capture(viewer);
    const from = canvasPoint(viewer, 0.5, 0.5);
    const grabbed = sheetPointAt(viewer, from);
    await mouseDrag(from, [40, 25]);
    const [x, y] = pageOf(viewer, grabbed);
    expect(x - from[0]).to.be.closeTo(40, 1);
    expect(y - from[1]).to.be.closeTo(25, 1);
    expect(viewer.navigation.getDirection().distanceTo(new Vector3(0, 0, -1)), 'still from above').to.be.lessThan(1e-6);
    const after = capture(viewer);
    let moved = 0;
    for (let i = 0; i < before.data.length; i += 4) if (Math.abs(before.data[i] - after.data[i]) > 40) moved++;
    expect(moved, 'pixels that changed').to.be.greaterThan(200);
  });

  it('zooms with the wheel about the cursor: the point under it stays within a pixel', async () => {
    await viewer.loadModel(sampleUrl(DETAIL));
    const nav = viewer.navigation;
    for (const [fx, fy, delta] of [
      [0.3, 0.35, -100],
      [0.7, 0.6, -100],
      [0.25, 0.7, 100],
    ] as const) {
      const at = canvasPoint(viewer, fx, fy);
      const under = sheetPointAt(viewer, at);
      const height = nav.orthoScale;
      await wheel(at, delta);
      await until(() => nav.orthoScale !== height);
      expect(nav.orthoScale < height, 'closer for a wheel up').to.equal(delta < 0);
      const [x, y] = pageOf(viewer, under);
      expect(Math.hypot(x - at[0], y - at[1])).to.be.lessThan(1);
      expect(nav.isPerspective).to.equal(false);
    }
  });

  it('selects a LINE clicked on, or within the 5 px hit-test radius of it, and nothing farther off', async () => {
    const lines = await visibleLines(DETAIL);
    await viewer.loadModel(sampleUrl(DETAIL));
    await viewer.waitForCompleteFrame();
    // The line whose middle is farthest on screen from every other line: a click there can only mean it.
    const screen = lines.map((line) => ({ line, a: canvasOf(viewer, line.a), b: canvasOf(viewer, line.b) }));
    const inside = (p: { x: number; y: number }) => p.x > 20 && p.y > 20 && p.x < WIDTH - 20 && p.y < HEIGHT - 20;
    let best = { clearance: 0, index: -1 };
    screen.forEach((s, i) => {
      const mid = { x: (s.a.x + s.b.x) / 2, y: (s.a.y + s.b.y) / 2 };
      if (Math.hypot(s.a.x - s.b.x, s.a.y - s.b.y) < 20 || !inside(mid)) return;
      const clearance = Math.min(...screen.filter((_, j) => j !== i).map((o) => distanceToSegment(mid, o.a, o.b)));
      if (clearance > best.clearance) best = { clearance, index: i };
    });
    expect(best.clearance, 'a line apart from the others').to.be.greaterThan(14);
    const { line, a, b } = screen[best.index];
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const normal = { x: -(b.y - a.y) / length, y: (b.x - a.x) / length };
    const rect = viewer.canvas.getBoundingClientRect();
    const page = (offset: number): [number, number] => [Math.round(rect.left + mid.x + normal.x * offset), Math.round(rect.top + mid.y + normal.y * offset)];
    // Empty paper first: the pixel there is background, and a click selects nothing.
    const away = page(12);
    expect(inkNear(capture(viewer), away[0] - rect.left, away[1] - rect.top), 'nothing drawn 12 px off').to.be.lessThan(INK);
    await sendMouse({ type: 'click', position: away });
    expect(viewer.getSelection()).to.deep.equal([]);
    await sendMouse({ type: 'click', position: page(3) });
    await until(() => viewer.getSelection().length > 0);
    expect(viewer.getSelection()).to.deep.equal([line.dbId]);
    viewer.clearSelection();
    const hit = viewer.hitTestCanvas(mid.x, mid.y);
    expect(hit?.dbId).to.equal(line.dbId);
    expect(hit!.face).to.equal(null);
  });

  it('fit to view: warns and does nothing with 2D and 3D together; with two sheets, warns and frames the first', async () => {
    const first = await viewer.loadModel(sampleUrl(VISIBILITY));
    const second = await viewer.loadModel(sampleUrl(DETAIL));
    expect(await viewer.fitToView(null, null, true)).to.equal(true);
    expect(recorder.warnings).to.include(MULTIPLE_2D_FIT_WARNING);
    const centreOf = (model: Model) => canvasOf(viewer, model.getBoundingBox().getCenter(new Vector3()));
    const c = centreOf(first);
    expect(Math.hypot(c.x - WIDTH / 2, c.y - HEIGHT / 2), 'the first sheet in the middle').to.be.lessThan(WIDTH * 0.1);
    const other = centreOf(second);
    expect(other.x < 0 || other.x > WIDTH || other.y < 0 || other.y > HEIGHT, 'the second sheet off the view').to.equal(true);

    await viewer.loadModel(sampleUrl(BOX));
    expect(viewer.stores.$is2d.get(), 'a 3D model ends 2D mode').to.equal(false);
    const view = viewer.navigation.getView();
    expect(await viewer.fitToView(null, null, true)).to.equal(false);
    expect(recorder.warnings).to.include(HYBRID_FIT_WARNING);
    expect(viewer.navigation.getView().position.distanceTo(view.position)).to.equal(0);
  });
});

describe('2D mode in the element', () => {
  afterEach(removeViewerElements);

  it('hides the view cube, orbit and walk for a DXF; unloading it and loading a glTF brings back orbit, perspective, walk and the cube', async () => {
    // Wide enough for the toolbar's orbit, pan and walk (hidden below 740 px).
    const element = await createViewerElement({ src: sampleUrl(DETAIL), width: 760, height: 240 });
    const viewer = element.viewer!;
    const item = (name: string) => exists(element, `.dv-toolbar [data-item="${name}"]`);
    await waitFor(() => viewer.stores.$is2d.get() && item('pan'));
    await waitFor(() => !exists(element, '.dv-viewcube'));
    expect(viewer.navigation.isPerspective).to.equal(false);
    expect([item('orbit'), item('walk')], 'orbit and walk on a sheet').to.deep.equal([false, false]);
    expect(toolbarButton(element, 'pan').getAttribute('aria-pressed'), 'pan is on').to.equal('true');

    viewer.unloadModel(viewer.model!);
    expect(viewer.stores.$is2d.get()).to.equal(false);
    await viewer.loadModel(sampleUrl(BOX));
    await waitFor(() => exists(element, '.dv-viewcube') && item('orbit') && item('walk'));
    expect(viewer.navigation.isPerspective).to.equal(true);
    expect(viewer.toolController.getDefaultToolName()).to.equal('orbit');
    expect(viewer.toolController.isToolActive('orbit')).to.equal(true);
    expect(viewer.toolController.getTool('walk')).to.not.equal(undefined);
    // The glTF's home view is the usual one from the front-right-top, not a view from above.
    expect(Math.abs(viewer.navigation.getDirection().z)).to.be.lessThan(0.99);
  });
});
