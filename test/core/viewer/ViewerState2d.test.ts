import { expect } from '@esm-bundle/chai';
import { Box3, Vector3 } from 'three';
import { type Model, Viewer, type ViewerState } from '../../../core/index.js';
import { capture, changedPixels, createContainer, sampleUrl } from '../../support/helpers.js';

describe('viewer state of a 2D drawing (allLayers, the hidden layers, the 2D view)', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let model: Model;

  beforeEach(async () => {
    container = createContainer(240, 180);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    // The real 22-layer detail sheet: some layers are off in the file.
    model = await viewer.loadModel(sampleUrl('2d/dxf-parser_api-cw750-details.dxf'));
    await viewer.waitForCompleteFrame();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('saves the layers hidden and the zoomed 2D view, and restores both after the user changed them', async () => {
    expect(model.is2d()).to.equal(true);
    const shownInFile = viewer.layers.getLayers().filter((layer) => layer.visible);
    expect(shownInFile.length, 'layers on in the file').to.be.greaterThan(2);
    const turnedOff = shownInFile[0].name;
    viewer.layers.setVisible(turnedOff, false);
    const box = model.getBoundingBox();
    const centre = box.getCenter(new Vector3());
    const size = box.getSize(new Vector3());
    viewer.navigation.fitBounds(new Box3(centre.clone().sub(size.clone().multiplyScalar(0.15)), centre.clone().add(size.clone().multiplyScalar(0.15))));
    await viewer.waitForCompleteFrame();
    const before = capture(viewer);
    const state = JSON.parse(JSON.stringify(viewer.getState())) as ViewerState;
    const entry = state.objectSet![0];
    expect(entry.allLayers).to.equal(false);
    const hiddenNow = viewer.layers.getLayers().filter((layer) => !layer.visible).map((layer) => layer.name);
    expect(entry.hiddenLayers).to.have.members(hiddenNow);
    expect(entry.hiddenLayers).to.include(turnedOff);
    expect(state.viewport!.isOrthographic).to.equal(true);

    // The user shows every layer and fits the sheet.
    viewer.layers.showAll();
    await viewer.fitToView(null, null, true);
    await viewer.waitForCompleteFrame();
    expect(changedPixels(before, capture(viewer)).length, 'the picture changed').to.be.greaterThan(500);

    expect(viewer.restoreState(state, undefined, true)).to.equal(true);
    await viewer.waitForCompleteFrame();
    expect(viewer.layers.getLayers().filter((layer) => !layer.visible).map((layer) => layer.name)).to.have.members(hiddenNow);
    expect(viewer.navigation.getCamera().orthoScale).to.be.closeTo(state.viewport!.orthographicHeight!, 1e-3 * state.viewport!.orthographicHeight!);
    expect(changedPixels(before, capture(viewer)).length, 'the same picture again').to.be.lessThan(20);
  });

  it('says allLayers when every layer is shown, and restoring it shows them all', async () => {
    viewer.layers.showAll();
    const state = JSON.parse(JSON.stringify(viewer.getState())) as ViewerState;
    expect(state.objectSet![0].allLayers).to.equal(true);
    expect(state.objectSet![0].hiddenLayers).to.equal(undefined);
    const some = viewer.layers.getLayers().slice(0, 3).map((layer) => layer.name);
    viewer.layers.setVisible(some, false);
    expect(viewer.restoreState(state, undefined, true)).to.equal(true);
    expect(viewer.layers.getLayers().every((layer) => layer.visible)).to.equal(true);
    // A state from elsewhere that says only "not all" leaves the layers as they are; unknown names are ignored.
    viewer.layers.setVisible(some, false);
    const foreign = { ...state, objectSet: [{ ...state.objectSet![0], allLayers: false, hiddenLayers: undefined }] };
    expect(viewer.restoreState(foreign, undefined, true)).to.equal(true);
    expect(viewer.layers.getLayers().filter((layer) => !layer.visible).map((layer) => layer.name)).to.have.members(some);
    const unknown = { ...state, objectSet: [{ ...state.objectSet![0], allLayers: false, hiddenLayers: ['no such layer', some[0]] }] };
    expect(viewer.restoreState(unknown, undefined, true)).to.equal(true);
    expect(viewer.layers.getLayers().filter((layer) => !layer.visible).map((layer) => layer.name)).to.deep.equal([some[0]]);
  });
});
