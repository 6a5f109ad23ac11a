import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { DxfParser } from 'dxf-parser';
import { Vector3, Vector4 } from 'three';
import { type Model, Viewer } from '../../../../core/index.js';
import { registerDxfEntityHandlers } from '../../../../core/loaders/dxf/entityHandlers.js';
import { mtextPlainText } from '../../../../core/loaders/dxf/dxfText.js';
import { type Affine2, Sketch } from '../../../../core/loaders/sketch/Sketch.js';
import { TAB_STOP } from '../../../../core/render/text/layoutText.js';
import { capture, changedPixels, createContainer, sampleUrl } from '../../../support/helpers.js';
import { until } from '../../../support/navigationInput.js';

const DETAIL = '2d/dxf-parser_api-cw750-details.dxf';
const FIRST_ENTITY = 2;
const WIDTH = 400;
const HEIGHT = 300;
type Pixels = { width: number; height: number; data: Uint8Array };

/** A DXF of the given entities (group code, value pairs), nothing else: no header, no tables. */
function dxf(entities: (string | number)[][]): string {
  const groups = entities.flatMap((flat) => flat.flatMap((value, i) => (i % 2 ? [] : [[value, flat[i + 1]]])));
  const all = [[0, 'SECTION'], [2, 'ENTITIES'], ...groups, [0, 'ENDSEC'], [0, 'EOF']];
  return all.map(([code, value]) => `${code}\n${value}`).join('\n') + '\n';
}

function textEntity(x: number, y: number, height: number, text: string, extra: (string | number)[] = []): (string | number)[] {
  return [0, 'TEXT', 8, '0', 62, 7, 10, x, 20, y, 30, 0, 40, height, 1, text, ...extra];
}

function lineEntity(x0: number, y0: number, x1: number, y1: number): (string | number)[] {
  return [0, 'LINE', 8, '0', 62, 1, 10, x0, 20, y0, 30, 0, 11, x1, 21, y1, 31, 0];
}

async function loadText(viewer: Viewer, text: string, name: string): Promise<Model> {
  const model = await viewer.loadModel(URL.createObjectURL(new Blob([text])), { fileExtension: 'dxf', fileName: name });
  await textReady(viewer, model);
  return model;
}

async function textReady(viewer: Viewer, model: Model): Promise<void> {
  const text = viewer.renderContext!.getModelRenderer(model)!.text!;
  expect(text, 'the model has text').to.not.equal(null);
  await until(() => text.isReady, 30000);
  await viewer.waitForCompleteFrame();
}

/** Where a real-coordinate point is drawn, in canvas pixels. */
function canvasOf(viewer: Viewer, point: Vector3): { x: number; y: number } {
  const v = point.clone().project(viewer.navigation.getThreeCamera());
  return { x: ((v.x + 1) / 2) * viewer.canvas.clientWidth, y: ((1 - v.y) / 2) * viewer.canvas.clientHeight };
}

/** Real coordinates of a drawing point: the drawing's own (the global offset only moves model space). */
function real(_model: Model, x: number, y: number): Vector3 {
  return new Vector3(x, y, 0);
}

const ink = (p: Pixels, i: number) => 765 - (p.data[i * 4] + p.data[i * 4 + 1] + p.data[i * 4 + 2]);
const brightness = (p: Pixels, i: number) => p.data[i * 4] + p.data[i * 4 + 1] + p.data[i * 4 + 2];

/** The MTEXTs of the sample's model space: dbId, layer, text, anchor, height, attachment. */
async function sampleMTexts(): Promise<{ dbId: number; layer: string; text: string; x: number; y: number; height: number; attachment: number; angle: number }[]> {
  const source = await fetch(sampleUrl(DETAIL)).then((r) => r.text());
  const parser = new DxfParser();
  registerDxfEntityHandlers(parser);
  type Entity = { type: string; inPaperSpace?: boolean; layer: string; text?: string; position?: { x: number; y: number }; height?: number; attachmentPoint?: number; directionVector?: { x: number; y: number } };
  const entities = (parser.parseSync(source)!.entities as unknown as Entity[]).filter((e) => !e.inPaperSpace && e.type !== 'ATTRIB');
  return entities.flatMap((e, i) =>
    e.type === 'MTEXT' ? [{ dbId: FIRST_ENTITY + i, layer: e.layer, text: e.text!, x: e.position!.x, y: e.position!.y, height: e.height!, attachment: e.attachmentPoint ?? 1, angle: e.directionVector ? Math.atan2(e.directionVector.y, e.directionVector.x) : 0 }] : [],
  );
}

describe('2D text', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(WIDTH, HEIGHT);
    viewer = new Viewer(container, { language: 'en', logLevel: 'warning' });
    viewer.start();
    viewer.navigation.transitionDurationMs = 0;
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
    localStorage.clear();
  });

  it("draws an MTEXT's glyphs inside its box and nowhere else; hiding it, or its layer, takes them away; a click on it selects it", async () => {
    const texts = await sampleMTexts();
    // "T.B.D OPENING SIZE": middle-centre attached (5), unrotated, 4.5 high.
    const known = texts.find((t) => t.text.endsWith('T.B.D OPENING SIZE'))!;
    expect(known, 'the sample has it').to.not.equal(undefined);
    expect([known.attachment, known.angle, known.height]).to.deep.equal([5, 0, 4.5]);
    const model = await viewer.loadModel(sampleUrl(DETAIL));
    viewer.layers.showAll();
    await textReady(viewer, model);
    expect(await viewer.fitToView([known.dbId], model, true)).to.equal(true);
    await viewer.waitForCompleteFrame();
    const shown = capture(viewer);
    viewer.hide(known.dbId, model);
    const hidden = capture(viewer);
    const glyphs = changedPixels(shown, hidden, 60);
    // Its box: centred on the anchor, a cap height tall (descenders and a line's reach beside), at most a
    // height per character wide.
    const width = known.height * 'T.B.D OPENING SIZE'.length;
    const a = canvasOf(viewer, real(model, known.x - width / 2, known.y + known.height * 0.6));
    const b = canvasOf(viewer, real(model, known.x + width / 2, known.y - known.height * 0.85));
    const pxPerUnit = (b.x - a.x) / width;
    expect(pxPerUnit, 'zoomed in on it').to.be.greaterThan(2);
    expect(glyphs.length, 'glyph pixels').to.be.greaterThan(200);
    const outside = glyphs.filter((i) => {
      const x = i % WIDTH, y = Math.floor(i / WIDTH);
      return x < a.x - 1 || x > b.x + 1 || y < a.y - 1 || y > b.y + 1;
    });
    expect(outside.length, 'glyph pixels outside its box').to.equal(0);
    // Ink where it is shown (dark on the paper), paper once it is hidden.
    expect(glyphs.filter((i) => ink(shown, i) > 200).length).to.be.greaterThan(glyphs.length * 0.5);
    expect(glyphs.every((i) => brightness(hidden, i) > brightness(shown, i))).to.equal(true);
    // The glyphs of the letters: the ink spreads across the width, not a single blot.
    const xs = glyphs.map((i) => i % WIDTH);
    expect(Math.max(...xs) - Math.min(...xs)).to.be.greaterThan((b.x - a.x) * 0.4);

    viewer.show(known.dbId, model);
    const again = capture(viewer);
    expect(changedPixels(shown, again, 12).length, 'shown again as before').to.be.lessThan(5);
    viewer.layers.setVisible(known.layer, false);
    const layerOff = capture(viewer);
    const stillInked = glyphs.filter((i) => ink(layerOff, i) > 200);
    expect(stillInked.length, `glyph pixels left with ${known.layer} off`).to.be.lessThan(glyphs.length * 0.05);
    viewer.layers.setVisible(known.layer, true);
    // Isolating another object hides it too.
    const other = [...new Set(model.fragments.dbIds)].find((id) => id !== known.dbId)!;
    viewer.isolate([other], model);
    const isolated = capture(viewer);
    expect(glyphs.filter((i) => ink(isolated, i) > 200).length, 'glyph pixels left isolating another object').to.be.lessThan(glyphs.length * 0.05);
    viewer.isolate([], model);

    // A click on a glyph's ink, with nothing else drawn within 6 px of it, selects the MTEXT.
    const clear = glyphs.find((i) => {
      if (ink(shown, i) < 400) return false;
      const x = i % WIDTH, y = Math.floor(i / WIDTH);
      for (let dy = -6; dy <= 6; dy++) for (let dx = -6; dx <= 6; dx++) if (ink(hidden, (y + dy) * WIDTH + x + dx) > 40) return false;
      return x > 6 && y > 6 && x < WIDTH - 6 && y < HEIGHT - 6;
    });
    expect(clear, 'a glyph pixel clear of other ink').to.not.equal(undefined);
    const rect = viewer.canvas.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.left + (clear! % WIDTH)), Math.round(rect.top + Math.floor(clear! / WIDTH))] });
    await until(() => viewer.getSelection().length > 0);
    expect(viewer.getSelection()).to.deep.equal([known.dbId]);
    // Selected, it takes the selection colour.
    const selected = capture(viewer);
    expect(changedPixels(shown, selected, 30).length, 'the selected text recoloured').to.be.greaterThan(glyphs.length * 0.3);
  });

  it('draws the texts of a drawing in one draw call, however many there are', async () => {
    const calls = async (count: number) => {
      const entities = [lineEntity(0, 0, 100, 0), lineEntity(0, 0, 0, 100)];
      for (let i = 0; i < count; i++) entities.push(textEntity(5 + (i % 10) * 9, 5 + Math.floor(i / 10) * 4, 2, `T${i}`));
      const model = await loadText(viewer, dxf(entities), `texts-${count}.dxf`);
      await viewer.fitToView(null, null, true);
      const stats = viewer.renderNow();
      const glyphs = viewer.renderContext!.getModelRenderer(model)!.text!.glyphCount;
      viewer.unloadModel(model);
      return { drawCalls: stats.drawCalls, glyphs };
    };
    const one = await calls(1);
    const many = await calls(200);
    expect(one.glyphs).to.equal(2);
    expect(many.glyphs, 'every character of 200 texts').to.equal(10 * 2 + 90 * 3 + 100 * 4);
    expect(many.drawCalls).to.equal(one.drawCalls);
  });

  it("draws MTEXT's lines (\\P) without its formatting codes, and a block reference's attribute values as its own text", async () => {
    const mtext = [0, 'MTEXT', 8, '0', 62, 7, 10, 0, 20, 100, 30, 0, 40, 10, 71, 1, 1, '{\\fArial|b0|i0;FIRST}\\P\\A1;SECOND'];
    const insert = [0, 'INSERT', 8, '0', 62, 7, 66, 1, 2, 'NO_SUCH_BLOCK', 10, 0, 20, 0, 30, 0];
    const attrib = [0, 'ATTRIB', 8, '0', 62, 7, 10, 0, 20, 20, 30, 0, 40, 10, 1, 'VALUE', 2, 'TAG', 70, 0];
    const model = await loadText(viewer, dxf([lineEntity(0, 0, 100, 0), mtext, insert, attrib, [0, 'SEQEND', 8, '0']]), 'mtext.dxf');
    expect(model.texts.map((t) => t.text)).to.deep.equal(['FIRST\nSECOND', 'VALUE']);
    const [, mtextId, insertId] = [...new Set(model.fragments.dbIds)];
    expect(model.texts.map((t) => t.dbId)).to.deep.equal([mtextId, insertId]);
    expect(viewer.renderContext!.getModelRenderer(model)!.text!.glyphCount, 'the inked characters only').to.equal(16);
    await viewer.fitToView(null, null, true);
    await viewer.waitForCompleteFrame();
    const shown = capture(viewer);
    viewer.hide(mtextId, model);
    const glyphs = changedPixels(shown, capture(viewer), 60);
    viewer.show(mtextId, model);
    // Top-left attached at (0, 100): the first line's capitals from 100 down to 90, the second's a line
    // spacing (5/3 of the height) lower, from 83.3 down to 73.3; nothing between them.
    const ys = glyphs.map((i) => Math.floor(i / WIDTH));
    const y = (v: number) => canvasOf(viewer, real(model, 0, v)).y;
    // Within 2 px (round letters overshoot, edges are smoothed).
    const first = ys.filter((py) => py >= y(100) - 2 && py <= y(90) + 2).length;
    const second = ys.filter((py) => py >= y(83.3) - 2 && py <= y(73.3) + 2).length;
    expect(first, 'first line').to.be.greaterThan(40);
    expect(second, 'second line').to.be.greaterThan(40);
    expect(first + second, 'nothing else').to.equal(glyphs.length);
    // The attribute's text hides with its block reference.
    const attributeInk = changedPixels(shown, (viewer.hide(insertId, model), capture(viewer)), 60);
    expect(attributeInk.length).to.be.greaterThan(40);
    const atY = attributeInk.map((i) => Math.floor(i / WIDTH));
    expect(Math.min(...atY)).to.be.at.least(y(30) - 2);
    expect(Math.max(...atY)).to.be.at.most(y(20) + 2);
  });

  it("sets MTEXT's tabs (^I) to tab stops some four heights apart, as the sheet's bill of materials lines up its columns", async () => {
    const mtext = [0, 'MTEXT', 8, '0', 62, 7, 10, 0, 20, 100, 30, 0, 40, 10, 71, 1, 1, 'A^IB^I^IC'];
    const model = await loadText(viewer, dxf([lineEntity(0, 0, 160, 0), mtext]), 'tabs.dxf');
    expect(model.texts.map((t) => t.text)).to.deep.equal(['A\tB\t\tC']);
    expect(viewer.renderContext!.getModelRenderer(model)!.text!.glyphCount, 'tabs have no ink').to.equal(3);
    await viewer.fitToView(null, null, true);
    await viewer.waitForCompleteFrame();
    const shown = capture(viewer);
    viewer.hide(model.texts[0].dbId, model);
    const xs = changedPixels(shown, capture(viewer), 60).map((i) => i % WIDTH);
    viewer.show(model.texts[0].dbId, model);
    const x = (v: number) => canvasOf(viewer, real(model, v, 100)).x;
    // A at 0; B at the first stop; the two tabs after B go to the second, then the third, where C stands.
    const stop = TAB_STOP * 10;
    const near = (from: number) => xs.filter((px) => px >= x(from) - 2 && px <= x(from + 9) + 2).length;
    expect(near(0), 'A').to.be.greaterThan(10);
    expect(near(stop), 'B at the first stop').to.be.greaterThan(10);
    expect(near(3 * stop), 'C at the third').to.be.greaterThan(10);
    expect(near(0) + near(stop) + near(3 * stop), 'nothing between the stops').to.equal(xs.length);
  });

  it('writes MTEXT stacks of digits as small fractions (1\\S7#8; is 1⁷⁄₈, not 17/8) and other stacks as a/b', () => {
    expect(mtextPlainText('2\\S1#2;"x5{\\H0.7x;\\S1#4;}"')).to.equal('2¹⁄₂"x5¹⁄₄"');
    expect(mtextPlainText('#12x1{\\S7^8;}')).to.equal('#12x1⁷⁄₈');
    expect(mtextPlainText('\\SH7/g6;')).to.equal('H7/g6');
    expect(mtextPlainText('Part^IPart No.^JNext')).to.equal('Part\tPart No.\nNext');
  });

  it('stays sharp zoomed in far past the atlas (a distance field, not a bitmap); takes its theming colour', async () => {
    const model = await loadText(viewer, dxf([lineEntity(0, -50, 100, -50), textEntity(0, 0, 10, 'WIDE')]), 'sharp.dxf');
    const textId = model.texts[0].dbId;
    await viewer.fitToView([textId], model, true);
    await viewer.waitForCompleteFrame();
    const unit = canvasOf(viewer, real(model, 1, 0)).x - canvasOf(viewer, real(model, 0, 0)).x;
    // The atlas holds a capital about 35 px tall: here it is drawn about 100 px tall.
    expect(unit * 10, 'cap height in pixels').to.be.at.least(90);
    const shown = capture(viewer);
    const solid: number[] = [], edge: number[] = [];
    for (let i = 0; i < WIDTH * HEIGHT; i++) {
      const v = brightness(shown, i);
      if (v < 100) solid.push(i);
      else if (v < 665) edge.push(i);
    }
    expect(solid.length, 'ink').to.be.greaterThan(3000);
    // A sharp edge is a pixel or two wide along the outlines; magnified bitmap glyphs would blur it over several.
    expect(edge.length / solid.length, 'edge pixels per ink pixel').to.be.lessThan(0.2);
    viewer.setThemingColor(textId, new Vector4(0, 0.8, 0, 1), model);
    const themed = capture(viewer);
    const green = solid.filter((i) => themed.data[i * 4 + 1] > 150 && themed.data[i * 4] < 80 && themed.data[i * 4 + 2] < 80);
    expect(green.length, 'ink in the theming colour').to.be.greaterThan(solid.length * 0.9);
  });

  it('opens a drawing of text alone', async () => {
    const model = await loadText(viewer, dxf([textEntity(0, 0, 10, 'ONLY'), textEntity(0, -20, 10, 'TEXT')]), 'only-text.dxf');
    expect(model.texts).to.have.length(2);
    expect(await viewer.fitToView(null, null, true)).to.equal(true);
    await viewer.waitForCompleteFrame();
    const pixels = capture(viewer);
    let inked = 0;
    for (let i = 0; i < WIDTH * HEIGHT; i++) if (ink(pixels, i) > 300) inked++;
    expect(inked, 'glyph ink').to.be.greaterThan(500);
  });

  it('places TEXT by its alignment, and swaps its black for white with swapBlackAndWhite', async () => {
    // Right-aligned on the top (72 = 2, 73 = 3) at the second point (50, 50): the glyphs lie left of it and below.
    const model = await loadText(viewer, dxf([lineEntity(0, 0, 100, 0), lineEntity(0, 100, 100, 100), textEntity(0, 0, 10, 'WIDE', [72, 2, 73, 3, 11, 50, 21, 50, 31, 0])]), 'aligned.dxf');
    await viewer.fitToView(null, null, true);
    await viewer.waitForCompleteFrame();
    const shown = capture(viewer);
    viewer.hide(model.fragments.dbIds[model.fragments.count - 1], model);
    const glyphs = changedPixels(shown, capture(viewer), 60);
    viewer.show(model.fragments.dbIds[model.fragments.count - 1], model);
    expect(glyphs.length).to.be.greaterThan(100);
    const anchor = canvasOf(viewer, real(model, 50, 50));
    const xs = glyphs.map((i) => i % WIDTH);
    const ys = glyphs.map((i) => Math.floor(i / WIDTH));
    const unit = canvasOf(viewer, real(model, 60, 50)).x - anchor.x;
    expect(Math.max(...xs), 'right edge at the anchor').to.be.within(anchor.x - unit * 0.3, anchor.x + 1);
    expect(Math.min(...ys), 'top at the anchor').to.be.within(anchor.y - 1, anchor.y + unit * 0.2);
    expect(Math.max(...ys), 'a cap height below').to.be.within(anchor.y + unit * 0.9, anchor.y + unit * 1.1);
    expect(Math.min(...xs), 'four wide capitals to the left').to.be.lessThan(anchor.x - unit * 3);
    // Colour 7 is drawn black on the white paper; swapped, white on black.
    const dark = glyphs.filter((i) => brightness(shown, i) < 60);
    expect(dark.length).to.be.greaterThan(50);
    viewer.setSwapBlackAndWhite(true);
    const swapped = capture(viewer);
    expect(brightness(swapped, 0), 'black paper').to.be.lessThan(30);
    expect(dark.filter((i) => brightness(swapped, i) > 665).length, 'white glyphs').to.be.greaterThan(dark.length * 0.9);
  });
});

describe('Sketch text runs', () => {
  it('keep their glyphs upright under a y-down transform when asked, and mirror with it otherwise', () => {
    const yDown: Affine2 = [1, 0, 0, -1, 0, 100];
    const sketch = new Sketch();
    sketch.text(1, 0, yDown, { x: 10, y: 20 }, { text: 'SVG', height: 5, upright: true });
    sketch.text(2, 0, yDown, { x: 10, y: 20 }, { text: 'DXF', height: 5 });
    const [upright, mirrored] = sketch.texts;
    // The frame's y axis (up the glyphs) points up the drawing for the upright one, down for the other;
    // both sit on the anchor, moved by the transform.
    expect(upright.matrix).to.deep.equal([5, 0, 0, 5, 10, 80]);
    expect(mirrored.matrix).to.deep.equal([5, 0, 0, -5, 10, 80]);
    // The drawing's bounds take in the text.
    expect(sketch.max.y).to.be.greaterThan(80 + 4);
  });
});
