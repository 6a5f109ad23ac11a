import { expect } from '@esm-bundle/chai';
import { type Layer, Viewer } from '../../../core/index.js';
import { layerIndexArray } from '../../../core/model/ModelLayers.js';
import { readLayerStates } from '../../../core/layers/LayerManager.js';
import { layerMembers } from '../../../core/model/ModelLayers.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';
import { capture, changedPixels, createContainer, nextEvent, sampleUrl } from '../../support/helpers.js';

/** A STEP file's entities: express id → type and the text of its arguments. */
function readStep(text: string): Map<number, { type: string; args: string }> {
  const lines = new Map<number, { type: string; args: string }>();
  for (const match of text.matchAll(/^#(\d+)\s*=\s*([A-Z0-9_]+)\s*\((.*)\);\s*$/gm)) lines.set(Number(match[1]), { type: match[2], args: match[3] });
  return lines;
}

const refs = (args: string) => [...args.matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
/** IFC's \X2\hhhh\X0\ escapes (UTF-16 code units in hex). */
const decodeStep = (s: string) => s.replace(/\\X2\\([0-9A-F]+)\\X0\\/g, (_, hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16))));

/**
 * What the file says, read here from its text: the layers in file order, and the layer of each product
 * (by GlobalId): the first layer naming one of its shape representations, their items, or the
 * representation a mapped item draws.
 */
function expectedLayers(text: string): { names: string[]; layerOfGuid: Map<string, string> } {
  const lines = readStep(text);
  const names: string[] = [];
  const layerOfItem = new Map<number, string>();
  for (const [, line] of lines) {
    if (line.type !== 'IFCPRESENTATIONLAYERASSIGNMENT' && line.type !== 'IFCPRESENTATIONLAYERWITHSTYLE') continue;
    const name = decodeStep(/^'((?:[^']|'')*)'/.exec(line.args)![1]);
    if (!names.includes(name)) names.push(name);
    for (const id of refs(line.args)) if (!layerOfItem.has(id)) layerOfItem.set(id, name);
  }
  const layerOfRepresentation = (id: number, depth: number): string | undefined => {
    if (layerOfItem.has(id) || depth > 2) return layerOfItem.get(id);
    for (const item of refs(lines.get(id)?.args ?? '').slice(1)) {
      if (layerOfItem.has(item)) return layerOfItem.get(item);
      const line = lines.get(item);
      if (line?.type !== 'IFCMAPPEDITEM') continue;
      const map = lines.get(refs(line.args)[0]);
      const mapped = map && layerOfRepresentation(refs(map.args)[1], depth + 1);
      if (mapped) return mapped;
    }
    return undefined;
  };
  const shapes = new Map<number, number[]>();
  for (const [id, line] of lines) if (line.type === 'IFCPRODUCTDEFINITIONSHAPE') shapes.set(id, refs(line.args));
  const layerOfGuid = new Map<string, string>();
  for (const [, line] of lines) {
    const guid = /^'([0-9A-Za-z_$]{22})'/.exec(line.args)?.[1];
    const shape = guid && refs(line.args).find((id) => shapes.has(id));
    if (!shape) continue;
    for (const representation of shapes.get(shape)!) {
      const layer = layerOfRepresentation(representation, 0);
      if (layer === undefined) continue;
      layerOfGuid.set(guid, layer);
      break;
    }
  }
  return { names, layerOfGuid };
}

describe('Layers (spec 000 §4 "Layers")', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let recorder: ConsoleRecorder;

  beforeEach(() => {
    container = createContainer(160, 120);
    viewer = new Viewer(container, { language: 'en', logLevel: 'warning' });
    viewer.start();
    recorder = new ConsoleRecorder().start();
  });
  afterEach(() => {
    recorder.stop();
    viewer.finish();
    container.remove();
  });

  it('only warns before any layers load, and falls back to an empty root layer', async () => {
    expect(viewer.layers.isLoaded()).to.equal(false);
    expect(viewer.layers.getLayers()).to.deep.equal([]);
    expect(viewer.layers.setVisible('A', false)).to.equal(false);
    expect(viewer.layers.toggle(0)).to.equal(false);
    viewer.layers.showAll();
    expect(viewer.layers.setLayerState('Initial')).to.equal(false);
    expect(recorder.warnings.filter((w) => w.includes('Layers are not loaded'))).to.have.length(5);
    expect(recorder.errors).to.deep.equal([]);
    expect(viewer.layers.getLayersRoot()).to.deep.equal({ name: 'root', id: 0, index: 0, isLayer: false, visible: false, childCount: 0, children: [] });
    // A model whose file has no layers leaves it so.
    await viewer.loadModel(sampleUrl('gltf/car.glb'));
    expect(viewer.layers.isLoaded()).to.equal(false);
    expect(viewer.layers.getLayersRoot().children).to.deep.equal([]);
  });

  it("reads an IFC file's presentation layers and puts each object on the layer the file gives it", async () => {
    const text = await fetch(sampleUrl('ifc/AC20-FZK-Haus.ifc')).then((r) => r.text());
    const expected = expectedLayers(text);
    const changed = nextEvent(viewer, 'layer-visibility-change').catch(() => null);
    const model = await viewer.loadModel(sampleUrl('ifc/AC20-FZK-Haus.ifc'));
    expect(expected.names.length).to.be.greaterThan(5);
    expect(viewer.layers.getLayers().map((l) => l.name)).to.deep.equal(expected.names);
    expect(viewer.layers.getLayers().every((l, i) => l.index === i && l.visible)).to.equal(true);
    expect(viewer.stores.$layers.get().map((l) => l.name)).to.deep.equal(expected.names);
    // 11 layers: 8-bit object indices (spec 000 §9).
    expect(model.layers!.layerOf).to.be.instanceOf(Uint8Array);

    const ids = await model.getExternalIdMapping();
    const actual = new Map<number, string>();
    layerMembers(model.layers!).forEach((dbIds, index) => dbIds.forEach((dbId) => actual.set(dbId, expected.names[index])));
    const wanted = new Map([...expected.layerOfGuid].map(([guid, layer]) => [ids[guid], layer]));
    expect(wanted.size).to.be.greaterThan(40);
    expect([...actual].sort((a, b) => a[0] - b[0])).to.deep.equal([...wanted].sort((a, b) => a[0] - b[0]));
    // Loading raised no layer event: the Initial state applies only where a model defines one.
    viewer.layers.showAll();
    expect(await Promise.race([changed, new Promise((r) => setTimeout(() => r('none'), 50))])).to.equal('none');
  });

  it('turns a layer off: exactly its objects vanish, with no ghost, unpickable; showAll brings back the same picture', async () => {
    const model = await viewer.loadModel(sampleUrl('ifc/AC20-FZK-Haus.ifc'));
    viewer.setGhosting(true);
    const members = layerMembers(model.layers!);
    // The layer seen most (the one hit at most points of a grid over the view) among those whose objects
    // have no children: hide() takes subtrees, a layer only its own objects.
    const tree = model.getInstanceTree();
    const canvas = viewer.canvas.getBoundingClientRect();
    const grid: [number, number][] = [];
    for (let y = 4; y < canvas.height; y += 8) for (let x = 4; x < canvas.width; x += 8) grid.push([canvas.left + x, canvas.top + y]);
    const hitsOn = (dbIds: number[]) => grid.filter(([x, y]) => dbIds.includes(viewer.hitTest(x, y)?.dbId ?? 0)).length;
    const seen = members.map((dbIds) => (dbIds.every((dbId) => tree.getChildCount(dbId) === 0) ? hitsOn(dbIds) : 0));
    const index = seen.indexOf(Math.max(...seen));
    expect(seen[index], 'a layer is in view').to.be.greaterThan(0);
    const layer = viewer.layers.getLayers()[index];
    const before = capture(viewer);

    const event = nextEvent(viewer, 'layer-visibility-change');
    expect(viewer.layers.setVisible(layer.name, false)).to.equal(true);
    const detail = await event;
    expect(detail.layers).to.deep.equal([{ ...layer, visible: false } satisfies Layer]);
    expect(viewer.layers.isVisible(layer.index)).to.equal(false);
    for (const dbId of members[index]) expect(viewer.isNodeVisible(dbId, model)).to.equal(false);
    const others = members.flatMap((dbIds, i) => (i === index ? [] : dbIds));
    for (const dbId of others) expect(viewer.isNodeVisible(dbId, model)).to.equal(true);
    // Layers leave what hide records alone.
    expect(viewer.getHiddenNodes(model)).to.deep.equal([]);
    const off = capture(viewer);
    expect(changedPixels(before, off).length).to.be.greaterThan(100);

    // The same picture as hiding those objects with ghosting off: no ghost of a layer that is off.
    viewer.layers.showAll();
    viewer.setGhosting(false);
    viewer.hide(members[index], model);
    const hidden = capture(viewer);
    expect(changedPixels(off, hidden, 0)).to.deep.equal([]);
    viewer.showAll();
    viewer.setGhosting(true);
    viewer.hide(members[index], model);
    expect(changedPixels(off, capture(viewer), 2).length, 'hide draws ghosts').to.be.greaterThan(50);
    viewer.showAll();

    // Nothing on the layer is hit once it is off.
    viewer.layers.setVisible(layer.index, false);
    expect(hitsOn(members[index])).to.equal(0);

    const back = nextEvent(viewer, 'layer-visibility-change');
    viewer.layers.showAll();
    expect((await back).layers.map((l) => l.name)).to.deep.equal([layer.name]);
    expect(changedPixels(before, capture(viewer), 0)).to.deep.equal([]);
  });

  it('addresses layers by name, id or index, toggles them, and warns of unknown ones', async () => {
    await viewer.loadModel(sampleUrl('ifc/AC20-FZK-Haus.ifc'));
    const text = await fetch(sampleUrl('ifc/AC20-FZK-Haus.ifc')).then((r) => r.text());
    const treppen = Number(/#(\d+)\s*=\s*IFCPRESENTATIONLAYERASSIGNMENT\('Treppen'/.exec(text)![1]);
    const layers = viewer.layers.getLayers();
    const stairs = layers.find((l) => l.name === 'Treppen')!;
    expect(stairs.id).to.equal(treppen);

    expect(viewer.layers.setVisible(treppen, false)).to.equal(true);
    expect(viewer.layers.isVisible('Treppen')).to.equal(false);
    expect(viewer.layers.toggle(stairs.index)).to.equal(true);
    expect(viewer.layers.isVisible(stairs)).to.equal(true);
    const [a, b] = [0, 1, 2].filter((i) => i !== stairs.index);
    expect(viewer.layers.setVisible([a, b, 'Treppen'], false)).to.equal(true);
    expect(viewer.layers.getLayers().filter((l) => !l.visible).map((l) => l.index)).to.have.members([a, b, stairs.index]);

    // One toggle that turns one layer on and another off: the objects of each follow.
    viewer.layers.setVisible('Treppen', true);
    const model = viewer.getVisibleModels()[0];
    const members = layerMembers(model.layers!);
    expect(viewer.layers.toggle([a, 'Treppen'])).to.equal(true);
    for (const dbId of members[a]) expect(viewer.isNodeVisible(dbId, model), 'on again').to.equal(true);
    for (const dbId of members[stairs.index]) expect(viewer.isNodeVisible(dbId, model), 'turned off').to.equal(false);
    viewer.layers.setVisible(a, false);

    expect(viewer.layers.setVisible(['nope', a], true)).to.equal(false);
    expect(recorder.warnings.some((w) => w.endsWith('Layer not found: nope'))).to.equal(true);
    expect(viewer.layers.isVisible(a)).to.equal(true);
    expect(viewer.layers.setLayerState('Plan')).to.equal(false);
    expect(recorder.warnings.some((w) => w.endsWith('Layer state not found: Plan'))).to.equal(true);
  });

  it('uses 8-bit object layer indices up to 256 layers and 16-bit beyond (spec 000 §9)', () => {
    expect(layerIndexArray(1, 10)).to.be.instanceOf(Uint8Array);
    expect(layerIndexArray(256, 10)).to.be.instanceOf(Uint8Array);
    expect(layerIndexArray(257, 10)).to.be.instanceOf(Uint16Array);
  });

  it('reads layer states from metadata: name, description, visible_layers, hidden', () => {
    const states = readLayerStates({
      list: [
        { name: 'Initial', description: 'as drawn', visible_layers: ['A', 'B'], hidden: false },
        { name: 'Print', visible_layers: ['A'], hidden: true },
        { name: 'broken' },
      ],
    });
    expect(states).to.deep.equal([
      { name: 'Initial', description: 'as drawn', visibleLayers: ['A', 'B'], hidden: false },
      { name: 'Print', description: '', visibleLayers: ['A'], hidden: true },
    ]);
  });
});

