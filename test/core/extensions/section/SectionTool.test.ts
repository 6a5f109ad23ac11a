import { expect } from '@esm-bundle/chai';
import { type Model, SectionTool, Viewer } from '../../../../core/index.js';
import { capture, changedPixels, createContainer, sampleUrl } from '../../../support/helpers.js';

describe('section tool', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let model: Model;
  let tool: SectionTool;

  before(async () => {
    container = createContainer(240, 180);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    // The section extension (spec 001 §7 "section") brings the tool; a headless viewer loads it by its id.
    await viewer.loadExtension('section');
    model = await viewer.loadModel(sampleUrl('gltf/car.glb'));
    tool = viewer.toolController.getTool('section') as SectionTool;
  });
  after(() => {
    viewer.finish();
    container.remove();
  });
  afterEach(() => viewer.toolController.deactivateTool('section'));

  it('is registered and places nothing until it is turned on', () => {
    expect(tool).to.be.instanceOf(SectionTool);
    expect(tool.place({ position: 0.2 })).to.equal(false);
    expect(viewer.getCutPlanes()).to.deep.equal([]);
  });

  it('starts level with the ground, half way up the model, beside the navigation tool', () => {
    viewer.toolController.activateTool('section');
    expect(viewer.toolController.getActiveToolName()).to.equal('orbit');
    const box = viewer.getVisibleBounds();
    const up = viewer.navigation.worldUp;
    expect(up.toArray()).to.deep.equal([0, 1, 0]);
    expect(tool.$placement.get()).to.deep.equal({ axis: 'y', position: 0.5, isFlipped: false });
    const middle = (box.min.y + box.max.y) / 2;
    const [plane] = viewer.getCutPlanes();
    expect(plane.slice(0, 3)).to.deep.equal([0, 1, 0]);
    expect(plane[3]).to.be.closeTo(-middle, 1e-9);
  });

  it('gives back the cut planes there were before it when it is turned off', () => {
    viewer.setCutPlanes([[0, 0, 1, 2]]);
    viewer.toolController.activateTool('section');
    expect(viewer.getCutPlanes().length).to.equal(1);
    expect(viewer.getCutPlanes()[0]).to.not.deep.equal([0, 0, 1, 2]);
    viewer.toolController.deactivateTool('section');
    expect(viewer.getCutPlanes()).to.deep.equal([[0, 0, 1, 2]]);
    viewer.setCutPlanes([]);
  });

  it('moves the plane along the chosen axis, flips the side cut away, and takes it away when turned off', async () => {
    await viewer.goHome(true);
    const whole = capture(viewer);
    viewer.toolController.activateTool('section');
    const half = capture(viewer);
    expect(changedPixels(whole, half).length, 'the top half is cut away').to.be.greaterThan(200);

    const box = model.getBoundingBox();
    expect(tool.place({ axis: 'x', position: 0.25 })).to.equal(true);
    let [plane] = viewer.getCutPlanes();
    expect(plane.slice(0, 3)).to.deep.equal([1, 0, 0]);
    // The range reaches 1% past the box at either end.
    const width = box.max.x - box.min.x;
    expect(-plane[3]).to.be.closeTo(box.min.x - 0.01 * width + 0.25 * 1.02 * width, 1e-6 * width);
    // A hit is never on the side cut away.
    const hit = viewer.hitTestCanvas(120, 90);
    if (hit) expect(hit.intersectPoint.x).to.be.at.most(-plane[3] + 1e-6);

    tool.place({ isFlipped: true });
    [plane] = viewer.getCutPlanes();
    expect(plane.slice(0, 3)).to.deep.equal([-1, 0, 0]);
    const flippedHit = viewer.hitTestCanvas(120, 90);
    if (flippedHit) expect(flippedHit.intersectPoint.x).to.be.at.least(plane[3] - 1e-6);

    tool.place({ axis: 'y', position: 1, isFlipped: false });
    expect(changedPixels(whole, capture(viewer)).length, 'at the top nothing is cut').to.equal(0);
    expect(tool.place({ position: 7 })).to.equal(true);
    expect(tool.$placement.get()!.position).to.equal(1);

    viewer.toolController.deactivateTool('section');
    expect(viewer.getCutPlanes()).to.deep.equal([]);
    expect(tool.$placement.get()).to.equal(null);
    expect(changedPixels(whole, capture(viewer)).length).to.equal(0);
  });
});
