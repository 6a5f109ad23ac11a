import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { DxfParser } from 'dxf-parser';
import { Plane, Vector3 } from 'three';
import { ZOOM_IN_LIMIT_FACTOR } from '../../../core/camera/cameraConstants.js';
import { type Model, Viewer } from '../../../core/index.js';
import { HYBRID_FIT_WARNING, MULTIPLE_2D_FIT_WARNING } from '../../../core/viewer/fitToViewBox.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';
import { capture, createContainer, sampleUrl } from '../../support/helpers.js';
import { canvasPoint, mouseDrag, until, wheel } from '../../support/navigationInput.js';
import { createViewerElement, exists, removeViewerElements, toolbarButton, waitFor } from '../../react-panels/guiHelpers.js';
import { registerDxfEntityHandlers } from '../../../core/loaders/dxf/entityHandlers.js';

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

/** The LINEs of a drawing's model space (read with dxf-parser here), with the dbIds the loader gives them. */
async function fileLines(path: string): Promise<FileLine[]> {
  const text = await fetch(sampleUrl(path)).then((r) => r.text());
  const parser = new DxfParser();
  // HATCH, LEADER, MULTILEADER and ATTRIB are entities (and objects) too: dxf-parser alone skips them.
  registerDxfEntityHandlers(parser);
  const drawing = parser.parseSync(text)!;
  type Entity = { type: string; inPaperSpace?: boolean; visible?: boolean; vertices?: { x: number; y: number; z?: number }[] };
  const entities = (drawing.entities as unknown as Entity[]).filter((e) => !e.inPaperSpace && e.type !== 'ATTRIB');
  const lines: FileLine[] = [];
  entities.forEach((entity, i) => {
    if (entity.type !== 'LINE' || entity.visible === false) return;
    const [a, b] = entity.vertices!;
    lines.push({ dbId: FIRST_ENTITY + i, a: new Vector3(a.x, a.y, a.z ?? 0), b: new Vector3(b.x, b.y, b.z ?? 0) });
  });
  return lines;
}

/** The curtain-wall detail with every layer on (most start off), framed. */
async function loadWholeDetail(viewer: Viewer): Promise<void> {
  await viewer.loadModel(sampleUrl(DETAIL));
  viewer.layers.showAll();
  expect(await viewer.fitToView(null, null, true)).to.equal(true);
  await viewer.waitForCompleteFrame();
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
    viewer = new Viewer(container, { language: 'en', logLevel: 'warning' });
    viewer.start();
    viewer.navigation.transitionDurationMs = 0;
    recorder = new ConsoleRecorder().start();
  });
  afterEach(() => {
    recorder.stop();
    viewer.finish();
    container.remove();
    // The tests change preferences (light preset, swap black and white), which persist.
    localStorage.clear();
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
    const lines = await fileLines(DETAIL);
    await loadWholeDetail(viewer);
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

  it('swaps black and white on a sheet: the paper turns black, the black lines white, colours stay', async () => {
    const lines = await fileLines(DETAIL);
    await loadWholeDetail(viewer);
    const before = capture(viewer);
    // Every black pixel (ACI 7 drawn on the white paper: lines, text, fills), and the pixels about the lines'
    // middles that are clearly coloured.
    const black = new Set<number>();
    const coloured = new Set<number>();
    for (let o = 0; o < before.data.length; o += 4) if (Math.max(before.data[o], before.data[o + 1], before.data[o + 2]) <= 16) black.add(o);
    for (const line of lines) {
      const m = canvasOf(viewer, line.a.clone().lerp(line.b, 0.5));
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = Math.round(m.x) + dx, y = Math.round(m.y) + dy;
          if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) continue;
          const o = (y * WIDTH + x) * 4;
          const [r, g, b] = before.data.subarray(o, o + 3);
          if (Math.max(r, g, b) - Math.min(r, g, b) >= 200) coloured.add(o);
        }
      }
    }
    expect(black.size, 'black pixels').to.be.greaterThan(8);
    expect(coloured.size, 'coloured line pixels').to.be.greaterThan(20);

    viewer.setSwapBlackAndWhite(true);
    await viewer.waitForCompleteFrame();
    const after = capture(viewer);
    expect([after.data[0], after.data[1], after.data[2]], 'the paper').to.deep.equal([0, 0, 0]);
    for (const o of black) expect(Math.min(...after.data.subarray(o, o + 3)), `pixel ${o / 4}`).to.be.greaterThan(239);
    for (const o of coloured) expect([...after.data.subarray(o, o + 3)], `pixel ${o / 4}`).to.deep.equal([...before.data.subarray(o, o + 3)]);

    viewer.setSwapBlackAndWhite(false);
    await viewer.waitForCompleteFrame();
    expect([...capture(viewer).data]).to.deep.equal([...before.data]);
  });

  it('pans with a left drag: the sheet follows the pointer', async () => {
    await loadWholeDetail(viewer);
    const before = capture(viewer);
    const from = canvasPoint(viewer, 0.5, 0.5);
    const grabbed = sheetPointAt(viewer, from);
    await mouseDrag(from, [40, 25]);
    const [x, y] = pageOf(viewer, grabbed);
    expect(x - from[0]).to.be.closeTo(40, 1);
    expect(y - from[1]).to.be.closeTo(25, 1);
    expect(viewer.navigation.getDirection().distanceTo(new Vector3(0, 0, -1)), 'still from above').to.be.lessThan(1e-6);
    // The picture moved with it: what was drawn at a pixel is drawn 40 px right and 25 px down.
    const after = capture(viewer);
    const inkAt = (p: typeof before, x: number, y: number) => 765 - p.data[(y * WIDTH + x) * 4] - p.data[(y * WIDTH + x) * 4 + 1] - p.data[(y * WIDTH + x) * 4 + 2] > INK;
    let ink = 0, followed = 0, stayed = 0;
    for (let y = 0; y < HEIGHT - 25; y++) {
      for (let x = 0; x < WIDTH - 40; x++) {
        if (!inkAt(before, x, y)) continue;
        ink++;
        if (inkAt(after, x + 40, y + 25)) followed++;
        if (inkAt(after, x, y)) stayed++;
      }
    }
    expect(ink, 'ink before').to.be.greaterThan(1000);
    expect(followed / ink, 'ink that moved with the pointer').to.be.greaterThan(0.9);
    expect(stayed / ink, 'ink that stayed').to.be.lessThan(0.5);
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

  it('zooms deep into a detail without passing through the sheet: the view height stops at the zoom-in limit', async () => {
    await viewer.loadModel(sampleUrl(DETAIL));
    const nav = viewer.navigation;
    const at = canvasPoint(viewer, 0.6, 0.45);
    const under = sheetPointAt(viewer, at);
    const least = (2 * nav.getSceneRadius()) / ZOOM_IN_LIMIT_FACTOR;
    const eyeHeight = nav.position.z;
    await wheel(at, -100, 40);
    await until(() => nav.orthoScale <= least * (1 + 1e-9));
    expect(nav.orthoScale).to.be.closeTo(least, least * 1e-9);
    expect(nav.position.z, 'the eye keeps its height above the sheet').to.be.closeTo(eyeHeight, eyeHeight * 1e-9);
    const [x, y] = pageOf(viewer, under);
    expect(Math.hypot(x - at[0], y - at[1])).to.be.lessThan(1);
  });

  it('selects a LINE clicked on, or within the 5 px hit-test radius of it, and nothing farther off', async () => {
    const lines = await fileLines(DETAIL);
    await loadWholeDetail(viewer);
    const pixels = capture(viewer);
    const rect = viewer.canvas.getBoundingClientRect();
    const isPaper = (x: number, y: number) => inkNear(pixels, x, y) < INK;
    // A line with nothing else drawn on one side of its middle, from 4 to 20 px off and 8 px along either
    // way: a click there can only mean it.
    const apart = lines
      .flatMap((line) => {
        const a = canvasOf(viewer, line.a), b = canvasOf(viewer, line.b);
        const length = Math.hypot(b.x - a.x, b.y - a.y);
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        const along = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
        return [1, -1].map((side) => ({ line, mid, length, along, normal: { x: -along.y * side, y: along.x * side } }));
      })
      .find(({ line, mid, length, along, normal }) => {
        if (length < 16 || mid.x < 24 || mid.y < 24 || mid.x > WIDTH - 24 || mid.y > HEIGHT - 24) return false;
        // Not drawn twice (CAD files often hold a line over another): a click cannot tell those apart.
        const twice = lines.some((other) => other !== line && distanceToSegment(mid, canvasOf(viewer, other.a), canvasOf(viewer, other.b)) < 3);
        if (twice) return false;
        for (let offset = 4; offset <= 20; offset++) {
          for (let t = -8; t <= 8; t++) if (!isPaper(mid.x + normal.x * offset + along.x * t, mid.y + normal.y * offset + along.y * t)) return false;
        }
        return true;
      });
    expect(apart, 'a line apart from the rest of the drawing').to.not.equal(undefined);
    const { line, mid, normal } = apart!;
    expect(inkNear(pixels, mid.x, mid.y), 'drawn where the file puts it').to.be.greaterThan(INK);
    const page = (offset: number): [number, number] => [Math.round(rect.left + mid.x + normal.x * offset), Math.round(rect.top + mid.y + normal.y * offset)];
    await sendMouse({ type: 'click', position: page(12) });
    expect(viewer.getSelection(), 'empty paper 12 px off').to.deep.equal([]);
    await sendMouse({ type: 'click', position: page(3) });
    await until(() => viewer.getSelection().length > 0);
    expect(viewer.getSelection(), '3 px off the line').to.deep.equal([line.dbId]);
    viewer.clearSelection();
    const hit = viewer.hitTestCanvas(mid.x, mid.y);
    expect(hit?.dbId).to.equal(line.dbId);
    expect(hit!.face, 'a line has no face').to.equal(null);
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
