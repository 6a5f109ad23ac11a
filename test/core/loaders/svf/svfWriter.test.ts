import { expect } from '@esm-bundle/chai';
import { gunzipSync, unzipSync } from 'fflate';
import { Box3, Ray, Vector3 } from 'three';
import { type Model, Viewer } from '../../../../core/index.js';
import { boxMesh } from '../../../support/boxMesh.js';
import { capture, changedPixels, createContainer, sampleUrl } from '../../../support/helpers.js';
import { type SvfInput, svfZipUrl, writeSvf } from '../../../support/svfWriter.js';

/** Real coordinates of the building, in millimetres: 750 km east, 250 km north, with fractions. */
const EAST = 750_000_123.375;
const NORTH = 250_000_456.625;
const QUARTER_TURN: [number, number, number, number] = [0, 0, Math.SQRT1_2, Math.SQRT1_2];
const EIGHTH_TURN: [number, number, number, number] = [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)];
/** 1 mm: the tolerance of every real coordinate. */
const MM = 1;

/**
 * A storey far from the origin: two walls (one turned a quarter about Z) sharing one mesh, and a column
 * turned an eighth and scaled twice, with a capital: one object with two fragments, the capital in the
 * default material; a window pane (the wall's mesh scaled a quarter) in a see-through material. Expected boxes are worked out by hand from the sizes.
 */
function storey(): { input: SvfInput; expected: { dbId: number; box: Box3 }[] } {
  const box = (cx: number, cy: number, cz: number, hx: number, hy: number, hz: number) => new Box3(new Vector3(cx - hx, cy - hy, cz - hz), new Vector3(cx + hx, cy + hy, cz + hz));
  const columnHalf = 2 * 200 * Math.SQRT2; // a 400 mm square turned 45°, scaled 2
  const input: SvfInput = {
    meshes: [boxMesh(4000, 200, 3000), boxMesh(400, 400, 3000, false)],
    materials: [{ color: [0.8, 0.3, 0.2] }, { color: [0.2, 0.4, 0.9] }, { color: [0.5, 0.7, 0.9], opacity: 0.4 }],
    fragments: [
      { dbId: 3, mesh: 0, material: 0, translation: [EAST, NORTH, 1500.25] },
      { dbId: 4, mesh: 0, material: 0, translation: [EAST + 2100.5, NORTH + 1900.125, 1500.25], rotation: QUARTER_TURN },
      { dbId: 5, mesh: 1, material: 1, translation: [EAST + 4000.5, NORTH + 4000.75, 3000.25], rotation: EIGHTH_TURN, scale: 2 },
      { dbId: 5, mesh: 1, translation: [EAST + 4000.5, NORTH + 4000.75, 7600.25] },
      { dbId: 6, mesh: 0, material: 2, translation: [EAST, NORTH - 3000.5, 1500.25], scale: 0.25 },
    ],
    tree: {
      parents: new Map([[2, 1], [3, 2], [4, 2], [5, 2], [6, 2]]),
      names: new Map([[1, 'Tower.rvt'], [2, 'Level 1'], [3, 'Wall A'], [4, 'Wall B'], [5, 'Column'], [6, 'Window']]),
      properties: new Map([[3, [{ category: 'Dimensions', name: 'Length', value: 4000.5, unit: 'mm' }]]]),
    },
    metadata: { 'distance unit': { value: 'mm' } },
  };
  const expected = [
    { dbId: 3, box: box(EAST, NORTH, 1500.25, 2000, 100, 1500) },
    { dbId: 4, box: box(EAST + 2100.5, NORTH + 1900.125, 1500.25, 100, 2000, 1500) },
    { dbId: 5, box: box(EAST + 4000.5, NORTH + 4000.75, 3000.25, columnHalf, columnHalf, 3000) },
    { dbId: 5, box: box(EAST + 4000.5, NORTH + 4000.75, 7600.25, 200, 200, 1500) },
    { dbId: 6, box: box(EAST, NORTH - 3000.5, 1500.25, 500, 25, 375) },
  ];
  return { input, expected };
}

function expectBoxNear(actual: Box3, expected: Box3, what: string): void {
  for (const corner of ['min', 'max'] as const) {
    for (const axis of ['x', 'y', 'z'] as const) expect(actual[corner][axis], `${what} ${corner}.${axis}`).to.be.closeTo(expected[corner][axis], MM);
  }
}

describe('SVF writer (test support): generated SVF bundles through the real loader', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(320, 240);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  const load = (files: SvfInput | Map<string, Uint8Array>): Promise<Model> => viewer.loadModel(svfZipUrl(files), { fileExtension: 'zip', fileName: 'tower.zip' });

  it('gives the fragments, their dbIds and materials, the tree, names, properties and unit it was written with', async () => {
    const { input } = storey();
    const model = await load(input);
    expect(model.fragments.count).to.equal(5);
    expect([...model.fragments.dbIds]).to.deep.equal([3, 4, 5, 5, 6]);
    const tree = model.getInstanceTree();
    expect(tree.getRootId()).to.equal(1);
    for (const [dbId, name] of input.tree!.names) expect(tree.getNodeName(dbId), `name of ${dbId}`).to.equal(name);
    for (const [dbId, parent] of input.tree!.parents) expect(tree.getNodeParentId(dbId), `parent of ${dbId}`).to.equal(parent);
    expect(model.getDistanceUnit()).to.equal('mm');
    // The walls in the first material, the column in the second, its capital in the default grey, the pane see-through.
    const material = (fragId: number) => model.materials[model.fragments.materialIds[fragId]];
    const colour = (fragId: number) => material(fragId).color.map((c) => Math.round(c * 10) / 10);
    expect([0, 1, 2, 4].map(colour)).to.deep.equal([[0.8, 0.3, 0.2], [0.8, 0.3, 0.2], [0.2, 0.4, 0.9], [0.5, 0.7, 0.9]]);
    expect(colour(3)).to.deep.equal([0.6, 0.6, 0.6]);
    expect([0, 1, 2, 3, 4].map((f) => material(f).opacity)).to.deep.equal([1, 1, 1, 1, 0.4]);
    const wall = await model.getProperties(3);
    expect(wall.name).to.equal('Wall A');
    const shown = wall.properties.filter((p) => !p.hidden).map((p) => [p.displayCategory, p.displayName, p.displayValue, p.units]);
    expect(shown).to.deep.include.members([['Item', 'Name', 'Wall A', null], ['Dimensions', 'Length', 4000.5, 'mm']]);
  });

  it('places every fragment 750 km from the origin in real coordinates, within 1 mm', async () => {
    const { input, expected } = storey();
    const model = await load(input);
    // Stored near the origin, relative to a global offset far away.
    expect(model.globalOffset.x).to.be.greaterThan(7e8);
    for (const [fragId, { dbId, box }] of expected.entries()) {
      expect(model.fragments.getDbId(fragId)).to.equal(dbId);
      expect(model.fragments.isLoaded(fragId), `fragment ${fragId} loaded`).to.equal(true);
      expectBoxNear(model.fragments.getWorldBox(fragId).translate(model.globalOffset), box, `fragment ${fragId}`);
    }
    expectBoxNear(model.getBoundingBox(), expected.reduce((all, e) => all.union(e.box), new Box3()), 'model');
  });

  it('draws the model, and a ray from above each fragment hits that object on its top face', async () => {
    const { input, expected } = storey();
    const empty = capture(viewer);
    const model = await load(input);
    expect(changedPixels(empty, capture(viewer)).length).to.be.greaterThan(0.01 * 320 * 240);
    // Fragment 2 is under fragment 3 (the capital): aim at the parts that show from above.
    for (const { dbId, box } of [expected[0], expected[1], expected[3]]) {
      const centre = box.getCenter(new Vector3());
      const hit = viewer.rayCast(new Ray(new Vector3(centre.x, centre.y, box.max.z + 10_000), new Vector3(0, 0, -1)));
      expect(hit?.model).to.equal(model);
      expect(hit?.dbId).to.equal(dbId);
      expect(hit!.intersectPoint.z).to.be.closeTo(box.max.z, MM);
      expect(hit!.intersectPoint.x).to.be.closeTo(centre.x, MM);
    }
    // Beside the column's turned corner: the eighth turn moved it out where the unturned square would not be.
    const column = expected[2].box;
    const corner = viewer.rayCast(new Ray(new Vector3(column.max.x - 20, column.getCenter(new Vector3()).y, 20_000), new Vector3(0, 0, -1)));
    expect(corner?.dbId).to.equal(5);
    expect(corner!.intersectPoint.z).to.be.closeTo(column.max.z, MM);
  });

  it('without a property database, takes the objects and their parents from its InstanceTree.bin', async () => {
    const { input } = storey();
    const files = writeSvf(input);
    for (const name of [...files.keys()]) if (name.startsWith('objects_')) files.delete(name);
    const model = await load(files);
    const tree = model.getInstanceTree();
    for (const dbId of [3, 4, 5, 6]) expect(tree.getNodeParentId(dbId), `parent of ${dbId}`).to.equal(2);
    expect(tree.getNodeParentId(2)).to.equal(1);
    expect(tree.getNodeName(tree.getRootId())).to.equal('tower.zip');
  });
});

describe('SVF writer (test support): files shaped as the Autodesk sample', () => {
  type Manifest = { assets: { type: string; URI: string; typeset?: string }[]; typesets: { id: string; types: unknown[] }[] };
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  const gunzipped = (bytes: Uint8Array) => (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes);
  const sampleFile = async (name: string) => gunzipped(new Uint8Array(await (await fetch(sampleUrl(`svf/bim-sample/${name}`))).arrayBuffer()));
  const manifestOf = (svf: Uint8Array) => JSON.parse(text(unzipSync(svf)['manifest.json'])) as Manifest;
  const typesOf = (manifest: Manifest, type: string) => {
    // Of the PackFile assets, the geometry pack (the others hold cameras, lights, sets).
    const asset = manifest.assets.find((a) => a.type === type && (a.URI === '0.pf' || !type.endsWith('PackFile')))!;
    return manifest.typesets.find((t) => t.id === asset.typeset)?.types;
  };

  it('declares the entry types and versions of the sample, and starts every pack file with its header', async () => {
    const files = writeSvf(storey().input);
    const ours = manifestOf(files.get('0.svf')!);
    const sample = manifestOf(await sampleFile('0.svf'));
    const packTypes = ['FragmentList', 'GeometryMetadataList', 'PackFile', 'InstanceTree'].map((t) => `Autodesk.CloudPlatform.${t}`);
    for (const type of packTypes) expect(typesOf(ours, type), type).to.deep.equal(typesOf(sample, type));
    const sampleHeader = (await sampleFile('FragmentList.pack')).subarray(0, 39);
    for (const name of ['FragmentList.pack', 'GeometryMetadata.pf', '0.pf', 'InstanceTree.bin']) {
      expect([...gunzipSync(files.get(name)!).subarray(0, 39)], name).to.deep.equal([...sampleHeader]);
    }
    // Every asset the manifest lists is there, at the size it gives.
    for (const asset of ours.assets.filter((a) => !a.URI.startsWith('embed:/'))) expect(files.get(asset.URI)?.length, asset.URI).to.equal((asset as { size?: number }).size);
  });

  it('writes the structure rows of the property database as the sample does', async () => {
    const files = writeSvf(storey().input);
    const attrs = JSON.parse(text(gunzipSync(files.get('objects_attrs.json.gz')!))) as unknown[][];
    const sampleAttrs = JSON.parse(text(await sampleFile('objects_attrs.json.gz'))) as unknown[][];
    for (const category of ['__name__', '__parent__', '__child__']) {
      expect(attrs.find((a) => a[1] === category), category).to.deep.equal(sampleAttrs.find((a) => a[1] === category));
    }
  });
});
