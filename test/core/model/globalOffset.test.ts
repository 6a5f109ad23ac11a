import { expect } from '@esm-bundle/chai';
import { Box3, Vector3 } from 'three';
import { type Model, Viewer } from '../../../core/index.js';
import { ANNEX, BUILDING, buildingGltf, buildingIfc, buildingSvf, FAR_SITE_METRES, POST, realBox, realBoxYUp } from '../../support/farBuilding.js';
import { capture, changedPixels, createContainer } from '../../support/helpers.js';

const WIDTH = 240;
const HEIGHT = 180;
const AT_ORIGIN = [0, 0, 0];
/** A quarter of a degree of orbit. */
const QUARTER_DEGREE = (0.25 * Math.PI) / 180;

type Pixels = ReturnType<typeof capture>;

/** A model written in the test, as the viewer loads it (blob: URL and its format). */
interface Source {
  url: string;
  fileExtension: string;
}

function blobSource(text: string, fileExtension: string): Source {
  return { url: URL.createObjectURL(new Blob([text])), fileExtension };
}

/** The dbId of the node with that name. */
function dbIdNamed(model: Model, name: string): number {
  const tree = model.getInstanceTree();
  let found = -1;
  tree.enumNodeChildren(tree.getRootId(), (dbId) => {
    if (tree.getNodeName(dbId) === name) found = dbId;
  }, true);
  expect(found, `a node named ${name}`).to.be.greaterThan(0);
  return found;
}

/** Pixels that are not the background (the top-left corner's colour). */
function objectPixels(pixels: Pixels): number {
  const d = pixels.data;
  let count = 0;
  for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) > 24) count++;
  return count;
}

interface PostView {
  model: Model;
  fitted: Pixels;
  orbited: Pixels;
}

/** Loads a model, isolates the post, fits the view to it, and takes a picture; another a quarter degree of orbit on. */
async function viewPost(viewer: Viewer, source: Source): Promise<PostView> {
  const model = await viewer.loadModel(source.url, { fileExtension: source.fileExtension });
  const post = dbIdNamed(model, POST.name);
  viewer.isolate([post], model);
  await viewer.fitToView([post], model, true);
  const fitted = capture(viewer);
  viewer.navigation.orbit(QUARTER_DEGREE, 0);
  const orbited = capture(viewer);
  viewer.navigation.orbit(-QUARTER_DEGREE, 0);
  return { model, fitted, orbited };
}

/** Picks the centre of a box's projection; the hit must be the object, within `tolerance` of the exact intersection. */
function expectPickAt(viewer: Viewer, box: Box3, dbId: number, tolerance: number): void {
  const camera = viewer.navigation.getThreeCamera();
  const screen = box.getCenter(new Vector3()).project(camera);
  const x = ((screen.x + 1) / 2) * WIDTH;
  const y = ((1 - screen.y) / 2) * HEIGHT;
  const hit = viewer.hitTestCanvas(x, y);
  expect(hit?.dbId, 'the object under the pointer').to.equal(dbId);
  const exact = viewer.rayFromCanvas(x, y).intersectBox(box, new Vector3());
  expect(exact, 'the ray meets the box').to.not.equal(null);
  expect(hit!.intersectPoint.distanceTo(exact!), 'the hit point, in real coordinates').to.be.lessThan(tolerance);
}

/**
 * What a far model must do as well as the same model at the origin: the fitted post draws the same
 * picture, a pick finds it within a millimetre, and a quarter degree of orbit changes the picture no more
 * than it does near the origin (no jitter).
 */
async function expectFarLikeNear(near: Source, far: Source, farPost: Box3, millimetre: number): Promise<void> {
  const container = createContainer(WIDTH, HEIGHT);
  let viewer = new Viewer(container, { language: 'en' });
  viewer.start();
  const atOrigin = await viewPost(viewer, near);
  viewer.finish();

  viewer = new Viewer(container, { language: 'en' });
  viewer.start();
  try {
    const faraway = await viewPost(viewer, far);

    const drawn = objectPixels(atOrigin.fitted);
    expect(drawn, 'the post fills the view').to.be.greaterThan(0.2 * WIDTH * HEIGHT);
    expect(objectPixels(faraway.fitted), 'the far post draws as much').to.be.closeTo(drawn, 0.01 * drawn);
    expect(changedPixels(atOrigin.fitted, faraway.fitted).length, 'the same picture').to.be.at.most(0.005 * WIDTH * HEIGHT);

    const nearMotion = changedPixels(atOrigin.fitted, atOrigin.orbited).length;
    const farMotion = changedPixels(faraway.fitted, faraway.orbited).length;
    expect(farMotion, 'a quarter degree of orbit moves the far post as little as the near one').to.be.at.most(nearMotion * 1.5 + 20);

    expectPickAt(viewer, farPost, dbIdNamed(faraway.model, POST.name), millimetre);
    const offset = faraway.model.getGlobalOffset();
    expect(offset.length(), 'the model is stored relative to an offset near it').to.be.greaterThan(1e5 * millimetre);
    expect(viewer.getGlobalOffset().equals(offset)).to.equal(true);
    expect(faraway.model.getBoundingBox().containsBox(farPost), 'real coordinates').to.equal(true);
  } finally {
    viewer.finish();
    container.remove();
  }
}

describe('models far from the origin (global offset)', () => {
  it('draws, picks and orbits a glTF placed 750 km out by its root node as it does at the origin', async () => {
    await expectFarLikeNear(
      blobSource(buildingGltf(BUILDING, AT_ORIGIN), 'gltf'),
      blobSource(buildingGltf(BUILDING, FAR_SITE_METRES), 'gltf'),
      realBoxYUp(POST, FAR_SITE_METRES),
      0.001,
    );
  });

  it('does the same for an IFC in millimetres whose site is placed 7.5e8 mm out', async () => {
    await expectFarLikeNear(
      blobSource(buildingIfc(BUILDING, AT_ORIGIN), 'ifc'),
      blobSource(buildingIfc(BUILDING, FAR_SITE_METRES), 'ifc'),
      realBox(POST, FAR_SITE_METRES, 1000),
      1,
    );
  });

  it('does the same for an SVF in millimetres whose fragments are translated 7.5e8 mm out', async () => {
    await expectFarLikeNear(
      { url: buildingSvf(BUILDING, AT_ORIGIN), fileExtension: 'zip' },
      { url: buildingSvf(BUILDING, FAR_SITE_METRES), fileExtension: 'zip' },
      realBox(POST, FAR_SITE_METRES, 1000),
      1,
    );
  });

  it('lines a second far model up with the first to the millimetre: it takes the first model\'s offset', async () => {
    const container = createContainer(WIDTH, HEIGHT);
    const viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    try {
      const first = await viewer.loadModel(blobSource(buildingGltf(BUILDING, FAR_SITE_METRES), 'gltf').url, { fileExtension: 'gltf' });
      const annex = await viewer.loadModel(blobSource(buildingGltf(ANNEX, FAR_SITE_METRES), 'gltf').url, { fileExtension: 'gltf' });
      expect(annex.getGlobalOffset().equals(first.getGlobalOffset()), 'the same offset').to.equal(true);
      const cube = realBoxYUp(ANNEX[0], FAR_SITE_METRES);
      const bounds = annex.getBoundingBox();
      expect(bounds.min.distanceTo(cube.min) + bounds.max.distanceTo(cube.max), 'where the file puts it').to.be.lessThan(0.001);
      // The annex cube and the post side by side, 0.2 m apart: each is picked where it is.
      const both = realBoxYUp(POST, FAR_SITE_METRES).union(cube);
      viewer.navigation.fitBounds(both);
      viewer.navigation.finishTransition();
      viewer.renderNow();
      expectPickAt(viewer, cube, dbIdNamed(annex, ANNEX[0].name), 0.001);
      expectPickAt(viewer, realBoxYUp(POST, FAR_SITE_METRES), dbIdNamed(first, POST.name), 0.001);
    } finally {
      viewer.finish();
      container.remove();
    }
  });

  it('takes a host\'s globalOffset and placementTransform, and reports real coordinates in the camera and the state', async () => {
    const container = createContainer(WIDTH, HEIGHT);
    const viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    try {
      const given = { x: 750_000, y: 0, z: -250_000 };
      const model = await viewer.loadModel(blobSource(buildingGltf(BUILDING, FAR_SITE_METRES), 'gltf').url, { fileExtension: 'gltf', globalOffset: given });
      expect(model.getData().globalOffset).to.deep.equal(given);
      expect(viewer.getGlobalOffset().toArray()).to.deep.equal([given.x, given.y, given.z]);
      const post = realBoxYUp(POST, FAR_SITE_METRES);
      await viewer.fitToView([dbIdNamed(model, POST.name)], model, true);
      const state = viewer.getState({ viewport: true }).viewport!;
      expect(new Vector3(...state.target).distanceTo(post.getCenter(new Vector3())), 'the state targets the post in real coordinates').to.be.lessThan(0.002);
      state.eye.forEach((value) => expect(value * 1000).to.equal(Math.round(value * 1000)));
      const events: number[][] = [];
      viewer.addEventListener('camera-change', (e) => events.push([e.detail.camera.target.x, e.detail.camera.target.y, e.detail.camera.target.z]));
      viewer.navigation.orbit(0.1, 0);
      viewer.renderNow();
      expect(events.length).to.be.greaterThan(0);
      expect(new Vector3(...events.at(-1)!).distanceTo(post.getCenter(new Vector3()))).to.be.lessThan(0.002);

      // A second model moved 10 m east by its placement transform, at the same offset.
      const moved = await viewer.loadModel(blobSource(buildingGltf(ANNEX, FAR_SITE_METRES), 'gltf').url, {
        fileExtension: 'gltf',
        placementTransform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 0, 0, 1],
      });
      expect(moved.getGlobalOffset().equals(model.getGlobalOffset())).to.equal(true);
      const expected = realBoxYUp(ANNEX[0], FAR_SITE_METRES).translate(new Vector3(10, 0, 0));
      expect(moved.getBoundingBox().getCenter(new Vector3()).distanceTo(expected.getCenter(new Vector3()))).to.be.lessThan(0.001);
    } finally {
      viewer.finish();
      container.remove();
    }
  });

  it('places an IFC by its IfcMapConversion when the load asks for the reference point (applyRefPoint)', async () => {
    const container = createContainer(WIDTH, HEIGHT);
    const viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    try {
      const text = buildingIfc(BUILDING, FAR_SITE_METRES, { mapConversion: true });
      const local = await viewer.loadModel(blobSource(text, 'ifc').url, { fileExtension: 'ifc' });
      const georeference = local.getMetadata<{ eastings: number; crs: string }>('georeference');
      expect(georeference?.eastings).to.equal(FAR_SITE_METRES[0]);
      expect(georeference?.crs).to.equal('EPSG:25832');
      const atOrigin = realBox(POST, AT_ORIGIN, 1000);
      expect(local.getBoundingBox().containsBox(atOrigin), 'without applyRefPoint: the engineering coordinates').to.equal(true);
      viewer.unloadModel(local);

      const placed = await viewer.loadModel(blobSource(text, 'ifc').url, { fileExtension: 'ifc', applyRefPoint: true });
      const farPost = realBox(POST, FAR_SITE_METRES, 1000);
      expect(placed.getBoundingBox().containsBox(farPost), 'on the map, in millimetres').to.equal(true);
      expect(placed.getGlobalOffset().length()).to.be.greaterThan(7e8);
      await viewer.fitToView([dbIdNamed(placed, POST.name)], placed, true);
      viewer.renderNow();
      expectPickAt(viewer, farPost, dbIdNamed(placed, POST.name), 1);
    } finally {
      viewer.finish();
      container.remove();
    }
  });
});
