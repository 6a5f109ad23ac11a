import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { Box3, Vector3 } from 'three';
import { gzipSync } from 'fflate';
import { ErrorCode, type Model, Viewer, type ViewerError } from '../../../../core/index.js';
import { withWarnings } from '../../../support/consoleRecorder.js';
import { capture, createContainer, nextEvent, sampleUrl } from '../../../support/helpers.js';
import { until } from '../../../support/navigationInput.js';

const PLAN = '2d/ha-floorplan_multi_floor.svg';
const BOX = 'gltf/BoxTextured.glb';
const INKSCAPE = 'http://www.inkscape.org/namespaces/inkscape';
const WIDTH = 400;
const HEIGHT = 300;
/** A drawn pixel differs from the white sheet by more than this (sum of the channels). */
const INK = 40;

type Pixels = { width: number; height: number; data: Uint8Array | Uint8ClampedArray };
type RGB = [number, number, number];
type Plan = { svg: SVGSVGElement; text: string; height: number; remove: () => void };

/**
 * The plan as the browser itself draws it: the file put in the page as an <svg> at 1 px a unit (below the
 * viewer), so that the browser's SVG engine tells where each element lies and which is on top.
 */
async function renderedPlan(): Promise<Plan> {
  const text = await fetch(sampleUrl(PLAN)).then((r) => r.text());
  const holder = document.createElement('div');
  holder.style.cssText = `position:absolute;left:0;top:${HEIGHT + 40}px`;
  holder.innerHTML = text.replace(/^<\?xml[^>]*>/, '');
  document.body.appendChild(holder);
  const svg = holder.querySelector('svg')!;
  return { svg, text, height: Number(svg.getAttribute('height')), remove: () => holder.remove() };
}

/** The browser's own picture of the plan (as it is in the page now), framed the way the viewer frames it. */
async function browserPicture(viewer: Viewer, plan: Plan): Promise<Pixels> {
  const canvas = document.createElement('canvas');
  canvas.width = viewer.canvas.clientWidth;
  canvas.height = viewer.canvas.clientHeight;
  const context = canvas.getContext('2d')!;
  const image = new Image();
  const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(plan.svg)], { type: 'image/svg+xml' }));
  image.src = url;
  await image.decode();
  URL.revokeObjectURL(url);
  const width = Number(plan.svg.getAttribute('width'));
  const topLeft = canvasOf(viewer, new Vector3(0, plan.height, 0));
  const bottomRight = canvasOf(viewer, new Vector3(width, 0, 0));
  context.fillStyle = 'white';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, topLeft.x, topLeft.y, bottomRight.x - topLeft.x, bottomRight.y - topLeft.y);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

function distance(data: ArrayLike<number>, offset: number, [r, g, b]: RGB): number {
  return Math.abs(data[offset] - r) + Math.abs(data[offset + 1] - g) + Math.abs(data[offset + 2] - b);
}

/** The offsets of the pixels of a colour whose 8 neighbours have it too (inside a fill, not at its edge). */
function interiorPixels(pixels: Pixels, colour: RGB): number[] {
  const found: number[] = [];
  const { width, height, data } = pixels;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      let all = true;
      for (let dy = -1; dy <= 1 && all; dy++) for (let dx = -1; dx <= 1 && all; dx++) all = distance(data, ((y + dy) * width + x + dx) * 4, colour) < 40;
      if (all) found.push((y * width + x) * 4);
    }
  }
  return found;
}

/** An element's box centre in the drawing (the file's user units, y turned up: the loader's coordinates). */
function drawingCentre(element: SVGGraphicsElement, height: number): Vector3 {
  const box = element.getBBox();
  const point = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2).matrixTransform(element.getCTM()!);
  return new Vector3(point.x, height - point.y, 0);
}

/** Where a drawing point is drawn, in canvas pixels. */
function canvasOf(viewer: Viewer, point: Vector3): { x: number; y: number } {
  const v = point.clone().project(viewer.navigation.getThreeCamera());
  return { x: ((v.x + 1) / 2) * viewer.canvas.clientWidth, y: ((1 - v.y) / 2) * viewer.canvas.clientHeight };
}

function pixelAt(pixels: Pixels, x: number, y: number): [number, number, number] {
  const o = (Math.round(y) * pixels.width + Math.round(x)) * 4;
  return [pixels.data[o], pixels.data[o + 1], pixels.data[o + 2]];
}

function ink(pixels: Pixels, x: number, y: number): number {
  const [r, g, b] = pixelAt(pixels, x, y);
  return 765 - r - g - b;
}

/** The top-level groups of the file (the plan has no Inkscape layers): their labels, or ids. */
function topLevelGroups(svg: Element): Element[] {
  return [...svg.children].filter((child) => child.localName === 'g');
}

function groupName(group: Element): string {
  return group.getAttributeNS(INKSCAPE, 'label') || group.id;
}

async function propertiesOf(model: Model, dbId: number): Promise<Record<string, string>> {
  const result = await model.getProperties(dbId);
  return Object.fromEntries(result.properties.map((p) => [p.displayName, String(p.displayValue)]));
}

describe('SVG loader', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let plan: Awaited<ReturnType<typeof renderedPlan>>;

  beforeEach(async () => {
    container = createContainer(WIDTH, HEIGHT);
    viewer = new Viewer(container, { language: 'en', logLevel: 'warning' });
    viewer.start();
    viewer.navigation.transitionDurationMs = 0;
    plan = await renderedPlan();
  });
  afterEach(() => {
    plan.remove();
    viewer.finish();
    container.remove();
    localStorage.clear();
  });

  /** An SVG's source loaded as `fileName` and framed. */
  async function loadSource(svg: string, fileName: string): Promise<Model> {
    const url = URL.createObjectURL(new Blob([svg]));
    try {
      const model = await viewer.loadModel(url, { fileExtension: 'svg', fileName });
      await viewer.fitToView(null, null, true);
      await viewer.waitForCompleteFrame();
      return model;
    } finally {
      URL.revokeObjectURL(url);
    }
  }

  /** The plan loaded and framed, every layer on. */
  async function loadPlan(): Promise<Model> {
    const model = await viewer.loadModel(sampleUrl(PLAN));
    viewer.layers.showAll();
    expect(await viewer.fitToView(null, null, true)).to.equal(true);
    await viewer.waitForCompleteFrame();
    return model;
  }

  it("loads as a 2D model whose layers are the file's top-level groups, its objects the drawable elements", async () => {
    const model = await viewer.loadModel(sampleUrl(PLAN));
    expect(model.is2d()).to.equal(true);
    expect(viewer.stores.$is2d.get()).to.equal(true);
    const groups = topLevelGroups(plan.svg);
    expect(viewer.layers.getLayers().map((l) => l.name)).to.deep.equal(groups.map(groupName));
    expect(groups.length, 'the plan has groups at the top').to.be.greaterThan(1);
    // Every drawable element with an id is an object, named by it.
    const drawable = [...plan.svg.querySelectorAll('path, rect, circle, ellipse, line, polyline, polygon, text, use')].filter((e) => e.id && !e.closest('defs'));
    const ids = await model.getExternalIdMapping();
    for (const element of drawable) expect(ids[element.id], element.id).to.be.a('number');
    // The width and height have no unit: px, unitless.
    expect(model.getDistanceUnit()).to.equal('');
    // The drawing's box is the browser's box of what it draws (y turned up), within a line's width.
    const drawn = plan.svg.getBBox();
    const box = model.getBoundingBox();
    const top = plan.height;
    expect(box.min.x).to.be.closeTo(drawn.x, 1);
    expect(box.max.x).to.be.closeTo(drawn.x + drawn.width, 1);
    expect(box.min.y).to.be.closeTo(top - (drawn.y + drawn.height), 1);
    expect(box.max.y).to.be.closeTo(top - drawn.y, 1);
  });

  it('draws the plan as the browser draws it: its fills in their colours where the file puts them, upright', async () => {
    await loadPlan();
    const mine = capture(viewer);
    const reference = await browserPicture(viewer, plan);
    // The colours of the plan's fills, and the paper: where the browser paints one of them (a pixel and its
    // neighbours, not an edge), the viewer paints it too.
    const colours: Record<string, RGB> = { gold: [0xff, 0xd7, 0x00], grey: [0xc8, 0xc8, 0xc8], black: [0, 0, 0], paper: [0xff, 0xff, 0xff] };
    for (const [name, colour] of Object.entries(colours)) {
      const inside = interiorPixels(reference, colour);
      expect(inside.length, `the browser paints ${name}`).to.be.greaterThan(500);
      const same = inside.filter((o) => distance(mine.data, o, colour) < 90).length;
      // Lines are 1 px wide here (the browser's strokes are wider), and text has another font: a few differ.
      expect(same / inside.length, `${name}: ${same} of ${inside.length} pixels`).to.be.greaterThan(0.85);
    }
  });

  it('a layer turned off takes its drawing away, the other layers stay', async () => {
    await loadPlan();
    const before = capture(viewer);
    const referenceBefore = await browserPicture(viewer, plan);
    viewer.layers.setVisible('first_floor', false);
    await viewer.waitForCompleteFrame();
    const after = capture(viewer);
    // What the browser draws with the first floor hidden (display none on its group).
    (plan.svg.getElementById('first_floor') as SVGGElement).style.display = 'none';
    const referenceAfter = await browserPicture(viewer, plan);
    const gold: RGB = [0xff, 0xd7, 0x00];
    const isGold = (pixels: Pixels) => (o: number) => distance(pixels.data, o, gold) < 90;
    // The first floor's gold: gold in the browser's picture with it, not without it.
    const firstFloorGold = interiorPixels(referenceBefore, gold).filter((o) => !isGold(referenceAfter)(o));
    expect(firstFloorGold.length, 'the first floor has gold of its own').to.be.greaterThan(200);
    expect(firstFloorGold.filter(isGold(before)).length / firstFloorGold.length, 'drawn with the layer on').to.be.greaterThan(0.85);
    expect(firstFloorGold.filter(isGold(after)).length / firstFloorGold.length, 'gone with it off').to.be.lessThan(0.05);
    // The gold of the other layers stays.
    const otherGold = interiorPixels(referenceAfter, gold);
    expect(otherGold.filter(isGold(after)).length / otherGold.length).to.be.greaterThan(0.85);
    // The buttons (other layers) stay.
    const button = plan.svg.getElementById('first_floor.button.background') as SVGGraphicsElement;
    const at = canvasOf(viewer, drawingCentre(button, plan.height));
    expect(ink(after, at.x, at.y), 'the button is still drawn').to.be.greaterThan(INK);
    // Where the browser leaves paper without the first floor, so does the viewer.
    const paper = interiorPixels(referenceAfter, [0xff, 0xff, 0xff]);
    expect(paper.filter((o) => distance(after.data, o, [0xff, 0xff, 0xff]) < 90).length / paper.length).to.be.greaterThan(0.97);
    viewer.layers.setVisible('first_floor', true);
    await viewer.waitForCompleteFrame();
    expect(firstFloorGold.filter(isGold(capture(viewer))).length / firstFloorGold.length, 'on again').to.be.greaterThan(0.85);
  });

  it('an element clicked on is selected, with its type, id, layer and paints as properties', async () => {
    const model = await loadPlan();
    const ids = await model.getExternalIdMapping();
    const page = plan.svg.getBoundingClientRect();
    const rect = viewer.canvas.getBoundingClientRect();
    // Elements of each kind and fill: the gold rectangle, a teal polygon, a black wall.
    const wanted = ['binary_sensor.activity', ...['polygon', 'rect:not([style])'].map((selector) => plan.svg.querySelector(`#ground_floor > ${selector}`)!.id)];
    for (const id of wanted) {
      const element = plan.svg.getElementById(id) as SVGGraphicsElement;
      // A point where the browser shows this element on top, and nothing else within 4 units (6 px here).
      const box = element.getBoundingClientRect();
      const on = (x: number, y: number) => document.elementFromPoint(x, y) === element;
      let point: { x: number; y: number } | null = null;
      for (let y = box.top + 1; y < box.bottom && !point; y += 0.5) {
        for (let x = box.left + 1; x < box.right && !point; x += 0.5) {
          if ([-4, 0, 4].every((dx) => [-4, 0, 4].every((dy) => on(x + dx, y + dy)))) point = { x, y };
        }
      }
      if (!point) continue; // too thin to tell
      const at = canvasOf(viewer, new Vector3(point.x - page.left, plan.height - (point.y - page.top), 0));
      viewer.clearSelection();
      await sendMouse({ type: 'click', position: [Math.round(rect.left + at.x), Math.round(rect.top + at.y)] });
      await until(() => viewer.getSelection().length > 0);
      expect(viewer.getSelection(), id).to.deep.equal([ids[id]]);
      const properties = await propertiesOf(model, ids[id]);
      const layer = element.closest('#first_floor') ? 'first_floor' : 'ground_floor';
      expect(properties, id).to.include({ Type: element.localName, ID: id, Layer: layer });
      expect(model.getInstanceTree().getNodeName(ids[id])).to.equal(element.getAttributeNS(INKSCAPE, 'label') || id);
    }
    const properties = await propertiesOf(model, ids['binary_sensor.activity']);
    expect(properties).to.include({ Fill: '#ffd700', Stroke: 'none' });
  });

  it('a text: search finds it by its characters, its glyphs are drawn on its line, a click on them picks it', async () => {
    const model = await loadPlan();
    const ids = await model.getExternalIdMapping();
    const text = plan.svg.getElementById('ground_floor.button.text') as SVGTextElement;
    const dbId = ids['ground_floor.button.text'];
    expect(await model.search('Ground Floor')).to.include(dbId);
    expect(await propertiesOf(model, dbId)).to.include({ Type: 'text', Text: text.textContent!.trim(), Layer: 'ground_floor.button' });
    // Glyphs (dark on the grey button) where the browser draws the line's characters, and none on the grey beside them.
    const pixels = capture(viewer);
    const line = text.getBBox();
    const ctm = text.getCTM()!;
    const toCanvas = (x: number, y: number) => {
      const p = new DOMPoint(x, y).matrixTransform(ctm);
      return canvasOf(viewer, new Vector3(p.x, plan.height - p.y, 0));
    };
    const from = toCanvas(line.x, line.y);
    const to = toCanvas(line.x + line.width, line.y + line.height);
    let glyphs = 0;
    for (let y = Math.ceil(from.y); y < to.y; y++) for (let x = Math.ceil(from.x); x < to.x; x++) if (ink(pixels, x, y) > 300) glyphs++;
    expect(glyphs, 'dark glyph pixels on the text line').to.be.greaterThan(20);
    const button = (plan.svg.getElementById('ground_floor.button.background') as SVGGraphicsElement).getBBox();
    const beside = toCanvas(button.x + button.width - 1.5, line.y + line.height / 2);
    expect(ink(pixels, beside.x, beside.y), 'grey beside the text').to.be.lessThan(300);
    const rect = viewer.canvas.getBoundingClientRect();
    const middle = toCanvas(line.x + line.width / 2, line.y + line.height / 2);
    await sendMouse({ type: 'click', position: [Math.round(rect.left + middle.x), Math.round(rect.top + middle.y)] });
    await until(() => viewer.getSelection().length > 0);
    expect(viewer.getSelection()).to.deep.equal([dbId]);
  });

  it('Inkscape layers (a hidden one off), mm units through the viewBox, a use drawn as itself, circles and groups', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="${INKSCAPE}" width="100mm" height="50mm" viewBox="0 0 200 100">
      <defs><rect id="tile" width="10" height="10" fill="#0000ff"/></defs>
      <g inkscape:groupmode="layer" inkscape:label="Walls" id="layer1">
        <rect id="wall" x="0" y="0" width="200" height="10"/>
        <g id="furniture" transform="translate(100 50)"><circle id="pillar" r="10" fill="red" stroke="green"/></g>
      </g>
      <g inkscape:groupmode="layer" inkscape:label="Hidden" style="display:none" id="layer2"><rect id="ghost" x="0" y="80" width="20" height="20"/></g>
      <g id="loose"><use id="tile1" xlink:href="#tile" x="180" y="80"/></g>
    </svg>`;
    const model = await loadSource(svg, 'layers.svg');
    // Inkscape's layers only (the other group is not one); the hidden one starts off.
    expect(viewer.layers.getLayers().map((l) => [l.name, l.visible])).to.deep.equal([
      ['Walls', true],
      ['Hidden', false],
    ]);
    expect(model.getDistanceUnit()).to.equal('mm');
    const ids = await model.getExternalIdMapping();
    expect(ids.tile, 'what defs hold is no object').to.equal(undefined);
    const boxOf = (dbId: number) => {
      const box = new Box3();
      model.getInstanceTree().enumNodeFragments(dbId, (fragId) => void box.union(model.getFragmentList().getWorldBox(fragId)), true);
      return box.translate(model.getGlobalOffset());
    };
    const expectBox = (id: string, min: [number, number], max: [number, number], tolerance = 1e-3) => {
      const box = boxOf(ids[id]);
      [box.min.x, box.min.y, box.max.x, box.max.y].forEach((value, i) => expect(value, `${id} [${i}]`).to.be.closeTo([...min, ...max][i], tolerance));
    };
    // 200 × 100 user units on 100 × 50 mm: half a millimetre each; y up from the bottom of the sheet.
    expectBox('wall', [0, 45], [100, 50]);
    expectBox('tile1', [90, 5], [95, 10]);
    expectBox('pillar', [45, 20], [55, 30], 0.05);
    expectBox('furniture', [45, 20], [55, 30], 0.05);
    const tile = await propertiesOf(model, ids.tile1);
    expect(tile).to.include({ Type: 'use', 'Refers to': '#tile', Fill: 'black' });
    expect(tile, 'outside the layers').to.not.have.property('Layer');
    expect(await propertiesOf(model, ids.pillar)).to.include({ Type: 'circle', Layer: 'Walls', Fill: 'red', Stroke: 'green' });
    expect(await propertiesOf(model, ids.ghost)).to.include({ Layer: 'Hidden' });
    const tree = model.getInstanceTree();
    expect(tree.getNodeParentId(ids.pillar)).to.equal(ids.furniture);
    expect(tree.getNodeName(ids.layer1)).to.equal('Walls');
    // The wall in black, the use's tile in its own blue, the pillar red inside its green outline.
    viewer.layers.showAll();
    expect(await viewer.fitToView(null, null, true)).to.equal(true);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);
    const colourAt = (x: number, y: number) => pixelAt(pixels, canvasOf(viewer, new Vector3(x, y, 0)).x, canvasOf(viewer, new Vector3(x, y, 0)).y);
    const expectColour = (at: [number, number], colour: RGB, what: string) => {
      const found = colourAt(...at);
      expect(distance(found, 0, colour), `${what}: ${found}`).to.be.lessThan(40);
    };
    expectColour([50, 47.5], [0, 0, 0], 'the wall');
    expectColour([92.5, 7.5], [0, 0, 255], "the use's tile");
    expectColour([50, 25], [255, 0, 0], 'the pillar');
    expectColour([5, 5], [0, 0, 0], 'the hidden layer, shown');
    // The pillar's green outline is drawn over its red fill: just inside its top, green shows on the red (not
    // white: the paper is outside), where a fill over its outline would leave red alone.
    const top = canvasOf(viewer, new Vector3(50, 30, 0));
    const inside = [-1, 0, 1, 2].map((dy) => pixelAt(pixels, top.x, top.y + dy));
    expect(inside.some(([r, g, b]) => g > r + 20 && b < 60), `green over red at the outline: ${inside.join(' ')}`).to.equal(true);
  });

  it('draws a stroke wider than a hairline with its width (lineweight bands), a hairline a pixel wide', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">
      <line id="wide" x1="20" y1="60" x2="280" y2="60" stroke="black" stroke-width="12"/>
      <line id="hair" x1="20" y1="140" x2="280" y2="140" stroke="black" stroke-width="0.5"/>
    </svg>`;
    const model = await loadSource(svg, 'strokes.svg');
    expect(model.batches.some((batch) => batch.lineWeights)).to.equal(true);
    // y turned up: the wide line at 200 − 60 = 140, the hairline at 60.
    const at = (pixels: Pixels, x: number, y: number) => ink(pixels, canvasOf(viewer, new Vector3(x, y, 0)).x, canvasOf(viewer, new Vector3(x, y, 0)).y);
    const shown = capture(viewer);
    expect(at(shown, 150, 140 + 4), 'inside the 12-unit band').to.be.greaterThan(600);
    expect(at(shown, 150, 140 + 9), 'beyond it').to.be.lessThan(INK);
    expect(at(shown, 150, 60 + 4), 'beside the hairline').to.be.lessThan(INK);
    viewer.prefs.set('lineWeights', false);
    await viewer.waitForCompleteFrame();
    expect(at(capture(viewer), 150, 140 + 4), 'weights off: a pixel wide').to.be.lessThan(INK);
  });

  it('draws a wide stroke with its stroke-linecap and stroke-linejoin: round, square, bevel', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">
      <polyline points="40,40 120,40 120,110" fill="none" stroke="black" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>
      <polyline points="180,40 260,40 260,110" fill="none" stroke="black" stroke-width="16" stroke-linecap="square" stroke-linejoin="bevel"/>
    </svg>`;
    await loadSource(svg, 'joints.svg');
    const shown = capture(viewer);
    // y turned up: the lines at 200 − 40 = 160, turning down to 90 at x = 120 and 260.
    const inked = (x: number, y: number) => ink(shown, canvasOf(viewer, new Vector3(x, y, 0)).x, canvasOf(viewer, new Vector3(x, y, 0)).y) > INK;
    const points: [number, number, boolean, string][] = [
      [35, 160, true, 'the round cap before the first line'],
      [120, 85, true, 'its round cap at the end'],
      [125, 165, true, 'inside the round joint'],
      [127, 167, false, "the round joint's miter corner"],
      [175, 160, true, 'the square cap before the second line'],
      [174, 166, true, "the square cap's corner"],
      [263, 163, true, 'the bevel'],
      [266, 166, false, "the bevelled joint's miter corner"],
    ];
    for (const [x, y, expected, what] of points) expect(inked(x, y), what).to.equal(expected);
  });

  it('fills with a gradient in the mean of its stops, found through the href of an Inkscape gradient', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100">
      <defs>
        <linearGradient id="stops"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient>
        <linearGradient id="placed" xlink:href="#stops" x1="0" y1="0" x2="200" y2="0" gradientUnits="userSpaceOnUse"/>
      </defs>
      <rect x="0" y="0" width="200" height="100" fill="url(#placed)"/>
    </svg>`;
    await loadSource(svg, 'gradient.svg');
    const centre = canvasOf(viewer, new Vector3(100, 50, 0));
    const [r, g, b] = pixelAt(capture(viewer), Math.round(centre.x), Math.round(centre.y));
    expect([r, g, b].map((c, i) => Math.abs(c - [128, 0, 128][i]) <= 24), `${r}, ${g}, ${b}`).to.deep.equal([true, true, true]);
  });

  it("draws an <image>'s picture in its viewport as preserveAspectRatio places it; one not found is warned about", async () => {
    // A 2 × 1 picture, its left pixel red, its right one blue, as a data: URL.
    const canvas = new OffscreenCanvas(2, 1);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ff0000';
    context.fillRect(0, 0, 1, 1);
    context.fillStyle = '#0000ff';
    context.fillRect(1, 0, 1, 1);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const dataUrl = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsDataURL(blob);
    });
    // Its viewport 200 × 50: met at its left (xMinYMin), 100 × 50 from x = 20; the rest of the viewport empty.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="240" height="100">
      <image id="plan" x="20" y="25" width="200" height="50" preserveAspectRatio="xMinYMin meet" xlink:href="${dataUrl}"/>
      <image id="lost" x="0" y="0" width="10" height="10" href="missing.png"/>
      <rect x="0" y="0" width="240" height="100" fill="none" stroke="black"/>
    </svg>`;
    const { result: model, warnings } = await withWarnings(viewer, () => loadSource(svg, 'image.svg'));
    const pixels = capture(viewer);
    // y turned up: the file's y = 50 is the drawing's 100 - 50.
    const at = (x: number, y: number) => {
      const p = canvasOf(viewer, new Vector3(x, 100 - y, 0));
      return pixelAt(pixels, p.x, p.y);
    };
    const near = (rgb: number[], expected: number[]) => rgb.every((c, i) => Math.abs(c - expected[i]) <= 30);
    expect(near(at(45, 50), [255, 0, 0]), `the left half: ${at(45, 50)}`).to.equal(true);
    expect(near(at(95, 50), [0, 0, 255]), `the right half: ${at(95, 50)}`).to.equal(true);
    expect(near(at(170, 50), [255, 255, 255]), `beyond the met picture: ${at(170, 50)}`).to.equal(true);
    expect(warnings.some((w) => w.includes('image.svg: 1 image not found or not pictures, not drawn.'))).to.equal(true);
    const ids = await model.getExternalIdMapping();
    expect(await propertiesOf(model, ids.plan)).to.include({ Type: 'image', 'Refers to': 'data:image/png' });
  });

  it("reads a file in its XML declaration's encoding, and an .svgz (gzipped)", async () => {
    const svg = (encoding: string) =>
      `<?xml version="1.0" encoding="${encoding}"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><text id="t" x="10" y="30" font-size="12">Höhe 2,50 m²</text></svg>`;
    const textOf = async (bytes: Uint8Array, name: string) => {
      const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
      const model = await viewer.loadModel(url, { fileExtension: name.split('.').pop(), fileName: name });
      URL.revokeObjectURL(url);
      const dbId = (await model.getExternalIdMapping()).t;
      const text = (await propertiesOf(model, dbId)).Text;
      viewer.unloadModel(model);
      return text;
    };
    const latin1 = Uint8Array.from(svg('ISO-8859-1'), (c) => c.charCodeAt(0));
    expect(latin1.includes(0xf6), 'ö as one byte').to.equal(true);
    expect(await textOf(latin1, 'latin1.svg')).to.equal('Höhe 2,50 m²');
    expect(await textOf(new TextEncoder().encode(svg('UTF-8')), 'utf8.svg')).to.equal('Höhe 2,50 m²');
    expect(await textOf(gzipSync(new TextEncoder().encode(svg('UTF-8'))), 'plan.svgz')).to.equal('Höhe 2,50 m²');
    // Broken gzip data: bad data, with the reason.
    const reported = nextEvent(viewer, 'error');
    const url = URL.createObjectURL(new Blob([new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3])]));
    await viewer.loadModel(url, { fileExtension: 'svgz', fileName: 'broken.svgz' }).catch(() => {});
    const error = await reported;
    expect(error.code).to.equal(ErrorCode.BAD_DATA);
    expect(error.message).to.match(/^broken\.svgz could not be read as SVG: its gzip data is broken/);
  });

  it('an SVG that is not XML fails with bad data (code 2); the model loaded before stays', async () => {
    const box = await viewer.loadModel(sampleUrl(BOX));
    const url = URL.createObjectURL(new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><g><rect width="1" height="1"></svg>']));
    const reported = nextEvent(viewer, 'error');
    let error: ViewerError | null = null;
    try {
      await viewer.loadModel(url, { fileExtension: 'svg', fileName: 'broken.svg' });
    } catch (reason) {
      error = reason as ViewerError;
    } finally {
      URL.revokeObjectURL(url);
    }
    expect(error?.code).to.equal(ErrorCode.BAD_DATA);
    expect((await reported).code).to.equal(ErrorCode.BAD_DATA);
    expect(error?.message).to.match(/^broken\.svg could not be read as SVG: it is not well-formed XML/);
    expect(viewer.getVisibleModels()).to.deep.equal([box]);
    // And the plan loads after it.
    const model = await viewer.loadModel(sampleUrl(PLAN));
    expect(model.is2d()).to.equal(true);
  });
});
