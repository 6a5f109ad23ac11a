import { expect } from '@esm-bundle/chai';
import { Box3, Vector3 } from 'three';
import { type Model, Viewer } from '../../../../core/index.js';
import { capture, createContainer } from '../../../support/helpers.js';

const SIZE = 200;
/** The sheet is 100 × 100 user units; the drawing's y goes up from its bottom. */
const SHEET = 100;

type RGB = [number, number, number];
type Pixels = { width: number; height: number; data: Uint8Array | Uint8ClampedArray };

const WHITE: RGB = [255, 255, 255];
const BLACK: RGB = [0, 0, 0];
const RED: RGB = [255, 0, 0];
const GREEN: RGB = [0, 170, 0];
const BLUE: RGB = [0, 0, 255];
const MAGENTA: RGB = [255, 0, 255];

/** An SVG of a 100 × 100 sheet whose faint frame keeps the drawing's box (and so the view) the sheet's. */
function sheet(defs: string, content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${SHEET}" height="${SHEET}" viewBox="0 0 ${SHEET} ${SHEET}">
    <defs>${defs}</defs>
    <rect id="frame" x="0" y="0" width="${SHEET}" height="${SHEET}" fill="none" stroke="#eeeeee" stroke-width="0.2"/>
    ${content}
  </svg>`;
}

/** A right-pointing triangle 10 × 10 in its content units, its base's middle at (0, 5). */
function arrow(id: string, attributes: string): string {
  return `<marker id="${id}" viewBox="0 0 10 10" refX="0" refY="5" markerWidth="6" markerHeight="6" ${attributes}><path d="M0 0 L10 5 L0 10 Z" fill="#ff0000"/></marker>`;
}

describe('SVG clip paths, masks and markers', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(SIZE, SIZE);
    viewer = new Viewer(container, { language: 'en', logLevel: 'warning' });
    viewer.start();
    viewer.navigation.transitionDurationMs = 0;
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
    localStorage.clear();
  });

  /** The SVG loaded and framed, and its picture. */
  async function show(svg: string, fileName: string): Promise<{ model: Model; pixels: Pixels }> {
    const url = URL.createObjectURL(new Blob([svg]));
    const model = await viewer.loadModel(url, { fileExtension: 'svg', fileName });
    URL.revokeObjectURL(url);
    expect(await viewer.fitToView(null, null, true)).to.equal(true);
    await viewer.waitForCompleteFrame();
    return { model, pixels: capture(viewer) };
  }

  /** The colour drawn at a point of the SVG's user space (y down, as the file writes it). */
  function colourAt(pixels: Pixels, x: number, y: number): RGB {
    const v = new Vector3(x, SHEET - y, 0).project(viewer.navigation.getThreeCamera());
    const px = Math.round(((v.x + 1) / 2) * viewer.canvas.clientWidth);
    const py = Math.round(((1 - v.y) / 2) * viewer.canvas.clientHeight);
    const o = (py * pixels.width + px) * 4;
    return [pixels.data[o], pixels.data[o + 1], pixels.data[o + 2]];
  }

  /** Each point (SVG user space) is drawn in its colour. */
  function expectColours(pixels: Pixels, expected: [number, number, RGB, string][]): void {
    for (const [x, y, colour, what] of expected) {
      const found = colourAt(pixels, x, y);
      const distance = found.reduce((sum, value, i) => sum + Math.abs(value - colour[i]), 0);
      expect(distance, `${what} at ${x}, ${y}: ${found}`).to.be.lessThan(60);
    }
  }

  /** An object's box in the drawing (y up). */
  async function boxOf(model: Model, id: string): Promise<Box3> {
    const dbId = (await model.getExternalIdMapping())[id];
    const box = new Box3();
    model.getInstanceTree().enumNodeFragments(dbId, (fragId) => void box.union(model.getFragmentList().getWorldBox(fragId)), true);
    return box.translate(model.getGlobalOffset());
  }

  it('clip-path cuts a fill to a circle (through a use, placed by its x and y): paint inside, the sheet outside', async () => {
    const { model, pixels } = await show(
      sheet(`<circle id="disc" cx="0" cy="0" r="30"/><clipPath id="round"><use xlink:href="#disc" x="50" y="50"/></clipPath>`, `<rect id="square" x="10" y="10" width="80" height="80" fill="#ff0000" clip-path="url(#round)"/>`),
      'clipped.svg',
    );
    expectColours(pixels, [
      [50, 50, RED, 'the middle'],
      [50, 23, RED, 'inside the circle, near its top'],
      [77, 50, RED, 'inside the circle, near its right'],
      [15, 15, WHITE, "the square's corner, outside the circle"],
      [50, 15, WHITE, 'above the circle, in the square'],
      [85, 50, WHITE, 'right of the circle, in the square'],
      [72, 72, WHITE, 'the square, outside the circle towards its corner'],
    ]);
    // The object is what is left of it: the circle's box.
    const box = await boxOf(model, 'square');
    expect(box.min.x).to.be.closeTo(20, 0.5);
    expect(box.max.x).to.be.closeTo(80, 0.5);
    expect(box.min.y).to.be.closeTo(20, 0.5);
    expect(box.max.y).to.be.closeTo(80, 0.5);
  });

  it('clip-path in a style on a group, in objectBoundingBox units; a clipPath clipped by another', async () => {
    const { pixels } = await show(
      sheet(
        `<clipPath id="half" clipPathUnits="objectBoundingBox"><rect x="0" y="0" width="0.5" height="1"/></clipPath>
         <clipPath id="band"><rect x="0" y="55" width="100" height="20"/></clipPath>
         <clipPath id="disc" clip-path="url(#band)"><circle cx="50" cy="65" r="30"/></clipPath>`,
        `<g id="pair" style="clip-path: url(#half)"><rect x="10" y="10" width="40" height="30" fill="#0000ff"/><rect x="50" y="10" width="40" height="30" fill="#0000ff"/></g>
         <rect id="banded" x="10" y="50" width="80" height="40" fill="#00aa00" clip-path="url(#disc)"/>`,
      ),
      'units.svg',
    );
    expectColours(pixels, [
      // The group's box is 10..90 across: its left half shows.
      [30, 25, BLUE, "the group's left half"],
      [45, 25, BLUE, "the group's left half, near its middle"],
      [55, 25, WHITE, "the group's right half"],
      [80, 25, WHITE, "the group's right half"],
      // The circle where the band is.
      [50, 65, GREEN, 'circle and band'],
      [25, 60, GREEN, 'circle and band, to the left'],
      [50, 82, WHITE, 'in the circle, below the band'],
      [50, 52, WHITE, 'in the circle, above the band'],
      [15, 65, WHITE, 'in the band, left of the circle'],
    ]);
  });

  it('a stroke is cut to a clip rectangle turned 45°, its wide band with it', async () => {
    const { pixels } = await show(
      sheet(
        `<clipPath id="diamond"><rect x="30" y="30" width="40" height="40" transform="rotate(45 50 50)"/></clipPath>`,
        `<g clip-path="url(#diamond)">
           <line id="middle" x1="0" y1="50" x2="100" y2="50" stroke="#000000" stroke-width="3"/>
           <line id="upper" x1="0" y1="35" x2="100" y2="35" stroke="#000000" stroke-width="3"/>
         </g>`,
      ),
      'diamond.svg',
    );
    // The diamond spans 21.7..78.3 across at y 50, 36.7..63.3 at y 35; the rectangle unturned, 30..70.
    expectColours(pixels, [
      [50, 50.8, BLACK, 'the middle line, in the diamond'],
      [25, 50.8, BLACK, 'the middle line, in the diamond, left of the unturned rectangle'],
      [75, 50.8, BLACK, 'the middle line, in the diamond, right of the unturned rectangle'],
      [15, 50.8, WHITE, 'the middle line, left of the diamond'],
      [85, 50.8, WHITE, 'the middle line, right of the diamond'],
      [45, 35.8, BLACK, 'the upper line, in the diamond'],
      [33, 35.8, WHITE, 'the upper line, in the unturned rectangle but not the diamond'],
      [67, 35.8, WHITE, 'the upper line, in the unturned rectangle but not the diamond'],
    ]);
  });

  it('clip-rule evenodd leaves a hole inside a clip path; nonzero fills it', async () => {
    const { pixels } = await show(
      sheet(
        `<clipPath id="ring" clip-rule="evenodd"><path d="M10 10 H45 V45 H10 Z M20 20 H35 V35 H20 Z"/></clipPath>
         <clipPath id="filled"><path d="M55 10 H90 V45 H55 Z M65 20 H80 V35 H65 Z" clip-rule="nonzero"/></clipPath>`,
        `<rect x="0" y="0" width="50" height="50" fill="#ff00ff" clip-path="url(#ring)"/>
         <rect x="50" y="0" width="50" height="50" fill="#ff00ff" clip-path="url(#filled)"/>`,
      ),
      'rules.svg',
    );
    expectColours(pixels, [
      [27.5, 27.5, WHITE, 'the hole (evenodd)'],
      [15, 27.5, MAGENTA, 'the ring (evenodd)'],
      [5, 5, WHITE, 'outside the ring'],
      [72.5, 27.5, MAGENTA, 'the inner square filled (nonzero)'],
      [60, 27.5, MAGENTA, 'the outer square (nonzero)'],
      [95, 27.5, WHITE, 'outside (nonzero)'],
    ]);
  });

  it('a mask shows its content where its shapes are white, not where they are black or absent', async () => {
    const { pixels } = await show(
      sheet(
        `<mask id="spot"><circle cx="30" cy="30" r="20" fill="white"/></mask>
         <mask id="holed"><rect x="50" y="0" width="50" height="60" fill="#ffffff"/><circle cx="75" cy="30" r="10" fill="black"/></mask>`,
        `<rect x="5" y="5" width="50" height="50" fill="#00aa00" mask="url(#spot)"/>
         <rect x="60" y="5" width="35" height="50" fill="#0000ff" style="mask:url(#holed)"/>`,
      ),
      'masks.svg',
    );
    expectColours(pixels, [
      [30, 30, GREEN, 'under the white circle'],
      [30, 13, GREEN, 'under the white circle, near its top'],
      [8, 8, WHITE, "the square's corner, outside the circle"],
      [52, 30, WHITE, 'right of the circle'],
      [75, 30, WHITE, 'under the black circle'],
      [63, 10, BLUE, 'under the white rectangle'],
      [75, 48, BLUE, 'under the white rectangle, below the black circle'],
    ]);
  });

  it("an arrow marker at a line's end points along it (orient auto), scaled by the stroke width; orient 0 keeps it as drawn", async () => {
    const { model, pixels } = await show(
      sheet(
        arrow('arrow', 'orient="auto"') + arrow('fixed', ''),
        `<line id="east" x1="10" y1="20" x2="60" y2="20" stroke="#000000" stroke-width="2" marker-end="url(#arrow)"/>
         <line id="north" x1="40" y1="90" x2="40" y2="50" stroke="#000000" stroke-width="2" marker-end="url(#arrow)"/>
         <line id="fixedNorth" x1="75" y1="90" x2="75" y2="50" stroke="#000000" stroke-width="2" style="marker-end: url(#fixed)"/>`,
      ),
      'arrows.svg',
    );
    // 6 units a marker at stroke width 2: the triangle is 12 long and 12 wide, its base's middle on the line's end.
    expectColours(pixels, [
      [55, 20, BLACK, 'the line east'],
      [64, 20, RED, 'the arrowhead east, past the end'],
      [61, 16, RED, 'the arrowhead east, near its base'],
      [64, 25.5, WHITE, 'beside the arrowhead east'],
      [75, 20, WHITE, 'past its tip'],
      [40, 46, RED, 'the arrowhead north, past the end'],
      [44, 49, RED, 'the arrowhead north, near its base'],
      [47, 50, WHITE, 'where an arrowhead not turned would be'],
      [40, 36, WHITE, 'past its tip'],
      [79, 50, RED, 'orient 0: the arrowhead points east'],
      [75, 43, WHITE, 'orient 0: nothing north of the end'],
    ]);
    // The arrowhead is part of the line's object: its box reaches the tip (y up: 100 − 20).
    const box = await boxOf(model, 'east');
    expect(box.max.x).to.be.closeTo(72, 0.2);
    expect(box.max.y).to.be.closeTo(SHEET - 20 + 6, 0.2);
  });

  it('marker-start with auto-start-reverse points back along the line; the marker shorthand puts a marker on every vertex', async () => {
    const { pixels } = await show(
      sheet(
        arrow('back', 'orient="auto-start-reverse"') +
          arrow('forward', 'orient="auto"') +
          `<marker id="dot" markerUnits="userSpaceOnUse" viewBox="0 0 8 8" markerWidth="8" markerHeight="8" refX="4" refY="4"><circle cx="4" cy="4" r="4" fill="#0000ff"/></marker>`,
        `<line id="reversed" x1="30" y1="15" x2="80" y2="15" stroke="#000000" stroke-width="2" marker-start="url(#back)"/>
         <line id="auto" x1="30" y1="35" x2="80" y2="35" stroke="#000000" stroke-width="2" marker-start="url(#forward)"/>
         <polyline id="zigzag" points="10,85 40,55 70,85 90,55" fill="none" stroke="#000000" stroke-width="1" style="marker: url(#dot)"/>`,
      ),
      'starts.svg',
    );
    expectColours(pixels, [
      [24, 15, RED, 'auto-start-reverse: the arrowhead before the start'],
      [34, 15, BLACK, 'auto-start-reverse: the line after the start, no arrowhead'],
      [34, 37.5, RED, 'auto: the arrowhead over the line after the start'],
      [24, 35, WHITE, 'auto: nothing before the start'],
      [40, 58, BLUE, 'the dot on the first inner vertex'],
      [70, 82, BLUE, 'the dot on the second inner vertex'],
      [10, 88, BLUE, 'the dot on the start'],
      [90, 52, BLUE, 'the dot on the end'],
      [55, 55, WHITE, 'no dot between the vertices'],
    ]);
  });
});
