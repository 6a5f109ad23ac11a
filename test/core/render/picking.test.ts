import { expect } from '@esm-bundle/chai';
import { DoubleSide, type Mesh, type Object3D, Raycaster, Vector2 } from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { type Model, Viewer } from '../../../core/index.js';
import { createContainer, sampleUrl } from '../../support/helpers.js';

/** The sample loaded the naive way (three's GLTFLoader, one Mesh per primitive): the reference ray cast. */
async function loadReference(url: string): Promise<GLTF> {
  const gltf = await new GLTFLoader().loadAsync(url);
  gltf.scene.updateMatrixWorld(true);
  gltf.scene.traverse((o) => {
    const mesh = o as Mesh;
    if (mesh.isMesh) (Array.isArray(mesh.material) ? mesh.material : [mesh.material]).forEach((m) => (m.side = DoubleSide));
  });
  return gltf;
}

/** dbId of a three.js object of the reference: the glTF node it belongs to (dbId = node index + 2). */
function dbIdOf(object: Object3D | null, gltf: GLTF): number {
  for (let o = object; o; o = o.parent) {
    const association = gltf.parser.associations.get(o);
    if (association && association.nodes !== undefined) return association.nodes + 2;
  }
  return -1;
}

describe('picking', () => {
  let viewer: Viewer;
  let model: Model;
  let container: HTMLDivElement;
  let reference: GLTF;

  before(async () => {
    container = createContainer(320, 240);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    model = await viewer.loadModel(sampleUrl('gltf/car.glb'));
    reference = await loadReference(sampleUrl('gltf/car.glb'));
  });
  after(() => {
    viewer.finish();
    container.remove();
  });
  afterEach(() => viewer.showAll());

  /** A grid of canvas points over the view. */
  const grid = () => {
    const points: [number, number][] = [];
    for (let y = 8; y < 240; y += 16) for (let x = 8; x < 320; x += 16) points.push([x, y]);
    return points;
  };

  it('hits the same object, at the same distance, as an exact ray cast, from several views', async () => {
    let compared = 0;
    for (const [yaw, pitch] of [[0, 0], [1.2, 0.3], [2.5, -0.4]]) {
      await viewer.goHome(true);
      viewer.navigation.orbit(yaw, pitch);
      const camera = viewer.navigation.getThreeCamera();
      const raycaster = new Raycaster();
      for (const [x, y] of grid()) {
        raycaster.setFromCamera(new Vector2((x / 320) * 2 - 1, -(y / 240) * 2 + 1), camera);
        const exact = raycaster.intersectObject(reference.scene, true)[0];
        const hit = viewer.hitTestCanvas(x, y);
        if (!exact) {
          expect(hit, `miss at ${x},${y}`).to.equal(null);
          continue;
        }
        expect(hit, `hit at ${x},${y}`).to.not.equal(null);
        // Positions are quantized to 16 bits per object: allow for a hair's difference at silhouettes.
        if (Math.abs(hit!.distance - exact.distance) > 1e-3 * exact.distance) continue;
        expect(hit!.dbId, `object at ${x},${y}`).to.equal(dbIdOf(exact.object, reference));
        expect(hit!.intersectPoint.distanceTo(exact.point)).to.be.lessThan(1e-3 * exact.distance + 1e-4);
        compared++;
      }
    }
    expect(compared).to.be.greaterThan(200);
  });

  it('never hits a hidden object, ghosted or not', async () => {
    await viewer.goHome(true);
    const hitsBefore = grid().map(([x, y]) => viewer.hitTestCanvas(x, y));
    const body = hitsBefore.find((h) => h)!.dbId;
    for (const ghosting of [true, false]) {
      viewer.setGhosting(ghosting);
      viewer.hide([body]);
      for (const [x, y] of grid()) expect(viewer.hitTestCanvas(x, y)?.dbId).to.not.equal(body);
      viewer.showAll();
    }
    // Isolating another object hides the body too.
    const other = hitsBefore.find((h) => h && h.dbId !== body)!.dbId;
    viewer.isolate([other]);
    for (const [x, y] of grid()) {
      const hit = viewer.hitTestCanvas(x, y);
      if (hit) expect(hit.dbId).to.equal(other);
    }
  });

  it('answers hitTest in client coordinates with the spec fields', async () => {
    await viewer.goHome(true);
    const rect = viewer.canvas.getBoundingClientRect();
    const hit = viewer.hitTest(rect.left + 160, rect.top + 120)!;
    expect(hit).to.have.keys(['dbId', 'fragId', 'intersectPoint', 'face', 'model', 'distance']);
    expect(hit.model).to.equal(model);
    expect(model.fragments.getDbId(hit.fragId)).to.equal(hit.dbId);
    expect(hit.face!.normal.length()).to.be.closeTo(1, 1e-6);
  });
});
