import { expect } from '@esm-bundle/chai';
import { Accessor, Document, Logger, type Material, type Primitive, WebIO } from '@gltf-transform/core';
import { type Model, Viewer } from '../../../../core/index.js';
import { capture, createContainer } from '../../../support/helpers.js';

type Pixels = ReturnType<typeof capture>;
type Rgb = [number, number, number];
/** How a colour test cell stores its COLOR_0: float, or unsigned byte or short normalized; RGB or RGBA. */
type ColorEncoding = { type: 'float' | 'ubyte' | 'ushort'; size: 3 | 4 };
/** A cell of the test model: its object, and whether its primitive has COLOR_0. */
type Cell = { dbId: number; coloured: boolean };

/** Linear colours (glTF's COLOR_0 and baseColorFactor are both linear). */
const BLUE: Rgb = [0.2, 0.6, 1];
const ORANGE: Rgb = [1, 0.5, 0.1];
const GREEN: Rgb = [0.2, 0.8, 0.4];
const WHITE: Rgb = [1, 1, 1];

/**
 * A Khronos VertexColorTest-like model, made here: a row of cells, each a node of its own. A cell whose
 * COLOR_0 is read shows its vertex colour; a viewer that ignores COLOR_0 shows the material's white (the
 * failure look, drawn beside it to tell them apart). Each coloured cell has a reference cell beside it
 * with no vertex colours and that colour in its material instead: glTF multiplies COLOR_0 with the base
 * colour and texture, so both must look the same.
 */
async function vertexColorTestGlb(options: { sparse: boolean }): Promise<{ url: string; cells: Map<string, Cell> }> {
  // Quiet: sparse accessors this full are meant (see below).
  const doc = new Document().setLogger(new Logger(Logger.Verbosity.ERROR));
  const buffer = doc.createBuffer();
  const scene = doc.createScene();
  const mesh = (name: string, primitive: Primitive) => doc.createMesh(name).addPrimitive(primitive);
  const cells = new Map<string, Cell>();
  const positionAccessors: Accessor[] = [];
  const accessor = (array: Float32Array<ArrayBuffer> | Uint8Array<ArrayBuffer> | Uint16Array<ArrayBuffer>, type: 'VEC2' | 'VEC3' | 'VEC4' | 'SCALAR') => {
    return doc.createAccessor().setArray(array).setType(type).setBuffer(buffer);
  };
  const material = (rgb: Rgb, alpha = 1, alphaMode: 'OPAQUE' | 'BLEND' = 'OPAQUE') =>
    doc.createMaterial().setBaseColorFactor([...rgb, alpha]).setMetallicFactor(0).setRoughnessFactor(1).setAlphaMode(alphaMode);
  const texture = doc.createTexture('stripes').setImage(await stripesPng()).setMimeType('image/png');

  /** Vertex colours in an encoding, one colour per vertex. */
  const colorAccessor = (colors: number[][], { type, size }: ColorEncoding) => {
    const values = colors.flatMap((c) => c.slice(0, size));
    const max = type === 'ubyte' ? 255 : 65535;
    const ints = values.map((v) => Math.round(v * max));
    const array = type === 'float' ? new Float32Array(values) : type === 'ubyte' ? new Uint8Array(ints) : new Uint16Array(ints);
    return accessor(array, size === 3 ? 'VEC3' : 'VEC4').setNormalized(type !== 'float');
  };

  let column = 0;
  /** A cell: a unit quad (or lines or points filling one) at the next place in the row. */
  const cell = (name: string, kind: 'triangles' | 'lines' | 'points', mat: Material, colors?: { perVertex: (x: number, y: number) => number[]; encoding: ColorEncoding }) => {
    const x0 = column++ * 1.25;
    let points: number[][];
    if (kind === 'triangles') points = [[0, 0], [1, 0], [1, 1], [0, 1]];
    else if (kind === 'lines') points = Array.from({ length: 9 }, (_, i) => [[0, i / 8], [1, i / 8]]).flat();
    else points = Array.from({ length: 36 }, (_, i) => [(i % 6) / 5, Math.floor(i / 6) / 5]);
    const position = accessor(new Float32Array(points.flatMap(([x, y]) => [x0 + x, y, 0])), 'VEC3');
    positionAccessors.push(position);
    const primitive = doc
      .createPrimitive()
      .setMode(kind === 'triangles' ? 4 : kind === 'lines' ? 1 : 0)
      .setMaterial(mat)
      .setAttribute('POSITION', position);
    if (kind === 'triangles') {
      primitive
        .setAttribute('NORMAL', accessor(new Float32Array(points.flatMap(() => [0, 0, 1])), 'VEC3'))
        .setAttribute('TEXCOORD_0', accessor(new Float32Array(points.flatMap(([x, y]) => [x, 1 - y])), 'VEC2'))
        .setIndices(accessor(new Uint16Array([0, 1, 2, 0, 2, 3]), 'SCALAR'));
    }
    if (colors) primitive.setAttribute('COLOR_0', colorAccessor(points.map(([x, y]) => colors.perVertex(x, y)), colors.encoding));
    scene.addChild(doc.createNode(name).setMesh(mesh(name, primitive)));
    cells.set(name, { dbId: cells.size + 2, coloured: Boolean(colors) }); // dbIds: 1 is the root, nodes follow in order
  };
  const all = (rgb: Rgb, alpha = 1) => () => [...rgb, alpha];
  const textured = (rgb: Rgb) => material(rgb).setBaseColorTexture(texture);

  cell('blue material', 'triangles', material(BLUE));
  cell('float RGB', 'triangles', material(WHITE), { perVertex: all(BLUE), encoding: { type: 'float', size: 3 } });
  cell('ubyte RGBA', 'triangles', material(WHITE), { perVertex: all(BLUE), encoding: { type: 'ubyte', size: 4 } });
  cell('ushort RGB', 'triangles', material(WHITE), { perVertex: all(BLUE), encoding: { type: 'ushort', size: 3 } });
  // Alpha does not count in an opaque material: a vertex alpha of 0 hides nothing.
  cell('opaque, alpha 0', 'triangles', material(WHITE), { perVertex: all(BLUE, 0), encoding: { type: 'ubyte', size: 4 } });
  cell('white material', 'triangles', material(WHITE));
  cell('orange textured material', 'triangles', textured(ORANGE));
  cell('textured, float RGBA', 'triangles', textured(WHITE), { perVertex: all(ORANGE), encoding: { type: 'float', size: 4 } });
  cell('textured, ubyte RGB', 'triangles', textured(WHITE), { perVertex: all(ORANGE), encoding: { type: 'ubyte', size: 3 } });
  cell('white textured material', 'triangles', textured(WHITE));
  // A blended material: the vertex alpha multiplies its opacity.
  cell('half transparent green material', 'triangles', material(GREEN, 128 / 255, 'BLEND'));
  cell('blended, ubyte RGBA half alpha', 'triangles', material(WHITE, 1, 'BLEND'), { perVertex: all(GREEN, 128 / 255), encoding: { type: 'ubyte', size: 4 } });
  cell('red to blue', 'triangles', material(WHITE), { perVertex: (x) => [1 - x, 0, x], encoding: { type: 'float', size: 3 } });
  cell('green lines material', 'lines', material(GREEN));
  cell('lines, ubyte RGB', 'lines', material(WHITE), { perVertex: all(GREEN), encoding: { type: 'ubyte', size: 3 } });
  cell('green points material', 'points', material(GREEN));
  cell('points, float RGBA', 'points', material(WHITE), { perVertex: all(GREEN), encoding: { type: 'float', size: 4 } });

  // A primitive with a sparse accessor is not read directly: GLTFLoader decodes it (as it does compressed
  // data). Positions, not colours: glTF Transform writes a normalized sparse accessor's values unscaled.
  if (options.sparse) for (const a of positionAccessors) a.setSparse(true);
  const glb = await new WebIO().writeBinary(doc);
  return { url: URL.createObjectURL(new Blob([glb as BlobPart])), cells };
}

/** A 4×4 PNG of white and light grey stripes: a texture that is not flat, whose colours the vertex colours multiply. */
async function stripesPng(): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(4, 4);
  const context = canvas.getContext('2d')!;
  for (let x = 0; x < 4; x++) {
    context.fillStyle = x % 2 ? '#ffffff' : '#c8c8c8';
    context.fillRect(x, 0, 1, 4);
  }
  return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
}

/** The pixels an object covers: where its picture alone differs from the empty view. */
function footprint(alone: Pixels, empty: Pixels): number[] {
  const covered: number[] = [];
  for (let i = 0; i < alone.data.length; i += 4) {
    if (Math.abs(alone.data[i] - empty.data[i]) + Math.abs(alone.data[i + 1] - empty.data[i + 1]) + Math.abs(alone.data[i + 2] - empty.data[i + 2]) > 6) covered.push(i / 4);
  }
  return covered;
}

/** Pixels of a footprint whose four neighbours are in it too: no antialiased edge. */
function interior(pixels: number[], width: number): number[] {
  const set = new Set(pixels);
  return pixels.filter((p) => set.has(p - 1) && set.has(p + 1) && set.has(p - width) && set.has(p + width));
}

function mean(pixels: Pixels, indexes: number[]): Rgb {
  const sum = [0, 0, 0];
  for (const p of indexes) for (let c = 0; c < 3; c++) sum[c] += pixels.data[p * 4 + c];
  return sum.map((s) => s / Math.max(1, indexes.length)) as Rgb;
}

/** The colour most pixels of a footprint have: lines and points are too thin for an interior, but most of their pixels are their own colour. */
function commonest(pixels: Pixels, indexes: number[]): Rgb {
  const counts = new Map<number, number>();
  for (const p of indexes) {
    const key = (pixels.data[p * 4] << 16) | (pixels.data[p * 4 + 1] << 8) | pixels.data[p * 4 + 2];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [key] = [...counts].sort((a, b) => b[1] - a[1])[0];
  return [(key >> 16) & 255, (key >> 8) & 255, key & 255];
}

const distance = (a: Rgb, b: Rgb) => Math.max(...a.map((v, c) => Math.abs(v - b[c])));

for (const sparse of [false, true]) {
  describe(`glTF vertex colours (COLOR_0)${sparse ? ', decoded by GLTFLoader (sparse accessors)' : ''}`, () => {
    let viewer: Viewer;
    let container: HTMLDivElement;
    let model: Model;
    let cells: Map<string, Cell>;
    let empty: Pixels;
    const shots = new Map<string, { pixels: Pixels; covered: number[] }>();

    /** A cell drawn alone, and the pixels it covers. */
    function shotOf(name: string) {
      let shot = shots.get(name);
      if (!shot) {
        viewer.isolate([cells.get(name)!.dbId]);
        const pixels = capture(viewer);
        shot = { pixels, covered: footprint(pixels, empty) };
        expect(shot.covered.length, `${name} is on screen`).to.be.greaterThan(20);
        shots.set(name, shot);
      }
      return shot;
    }
    const quadColour = (name: string) => {
      const { pixels, covered } = shotOf(name);
      return mean(pixels, interior(covered, pixels.width));
    };
    const strokeColour = (name: string) => commonest(shotOf(name).pixels, shotOf(name).covered);

    before(async () => {
      container = createContainer(640, 120);
      viewer = new Viewer(container, { language: 'en' });
      viewer.start();
      viewer.setGhosting(false);
      const glb = await vertexColorTestGlb({ sparse });
      cells = glb.cells;
      model = await viewer.loadModel(glb.url, { fileExtension: 'glb', fileName: 'vertex-color-test.glb' });
      URL.revokeObjectURL(glb.url);
      // Head on (the cells face +z, glTF's front), without perspective: every cell is seen, and lit, alike.
      viewer.toOrthographic();
      await viewer.setViewCube('front', { immediate: true });
      await viewer.fitToView(null, null, true);
      viewer.hide([model.instanceTree.getRootId()]);
      empty = capture(viewer);
    });
    after(() => {
      viewer.finish();
      container.remove();
    });

    it('puts only the primitives with COLOR_0 in batches that carry colours', () => {
      for (const [name, { dbId, coloured }] of cells) {
        model.instanceTree.enumNodeFragments(dbId, (fragId) => {
          expect(model.batches[model.fragments.batchIds[fragId]].hasColors, name).to.equal(coloured);
        });
      }
    });

    it('shows untextured cells in their vertex colour, float and normalized integers, RGB and RGBA', () => {
      const expected = quadColour('blue material');
      const failure = quadColour('white material');
      expect(distance(expected, failure), 'the failure look differs').to.be.greaterThan(60);
      for (const name of ['float RGB', 'ubyte RGBA', 'ushort RGB', 'opaque, alpha 0']) {
        expect(distance(quadColour(name), expected), `${name}: ${quadColour(name)} vs ${expected}`).to.be.at.most(4);
      }
    });

    it('multiplies the texture by the vertex colours', () => {
      const expected = quadColour('orange textured material');
      const failure = quadColour('white textured material');
      expect(distance(expected, failure), 'the failure look differs').to.be.greaterThan(60);
      for (const name of ['textured, float RGBA', 'textured, ubyte RGB']) {
        expect(distance(quadColour(name), expected), `${name}: ${quadColour(name)} vs ${expected}`).to.be.at.most(4);
      }
    });

    it('multiplies a blended material’s opacity by the vertex alpha', () => {
      const expected = quadColour('half transparent green material');
      expect(distance(quadColour('blended, ubyte RGBA half alpha'), expected)).to.be.at.most(4);
      // Half transparent over the background: neither the opaque colour nor the background.
      expect(distance(expected, mean(empty, shotOf('half transparent green material').covered))).to.be.greaterThan(20);
    });

    it('interpolates colours between vertices', () => {
      const { pixels, covered } = shotOf('red to blue');
      const inside = interior(covered, pixels.width);
      const columns = inside.map((p) => p % pixels.width);
      const left = Math.min(...columns);
      const right = Math.max(...columns);
      const [lr, , lb] = mean(pixels, inside.filter((p) => p % pixels.width <= left + 1));
      const [rr, , rb] = mean(pixels, inside.filter((p) => p % pixels.width >= right - 1));
      expect(lr, 'red at the left').to.be.greaterThan(lb + 100);
      expect(rb, 'blue at the right').to.be.greaterThan(rr + 100);
    });

    it('colours lines and points by their vertices', () => {
      expect(strokeColour('lines, ubyte RGB')).to.deep.equal(strokeColour('green lines material'));
      expect(strokeColour('points, float RGBA')).to.deep.equal(strokeColour('green points material'));
      expect(distance(strokeColour('green points material'), [255, 255, 255])).to.be.greaterThan(60);
    });
  });
}
