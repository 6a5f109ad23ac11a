import { expect } from '@esm-bundle/chai';
import { DoubleSide, type Mesh, Raycaster, Vector2, Vector3, Vector4 } from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { type Model, Viewer } from '../../../core/index.js';
import { capture, changedPixels, createContainer, sampleUrl } from '../../support/helpers.js';

const WIDTH = 240;
const HEIGHT = 180;

describe('cut planes', () => {
  let viewer: Viewer;
  let model: Model;
  let container: HTMLDivElement;
  let reference: GLTF;
  let plane: [number, number, number, number];

  before(async () => {
    container = createContainer(WIDTH, HEIGHT);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    // The pictures compared here are the models' own: no ambient occlusion or ground shadow over them.
    viewer.prefs.set('ambientShadows', false);
    viewer.prefs.set('groundShadow', false);
    model = await viewer.loadModel(sampleUrl('gltf/car.glb'));
    reference = await new GLTFLoader().loadAsync(sampleUrl('gltf/car.glb'));
    reference.scene.updateMatrixWorld(true);
    reference.scene.traverse((o) => {
      const mesh = o as Mesh;
      if (mesh.isMesh) (Array.isArray(mesh.material) ? mesh.material : [mesh.material]).forEach((m) => (m.side = DoubleSide));
    });
    // A plane across the car's longest axis, through its middle: x' > centre is cut away.
    const box = model.getBoundingBox();
    const size = box.getSize(new Vector3());
    const axis = size.x >= size.y && size.x >= size.z ? 0 : size.y >= size.z ? 1 : 2;
    const normal = [0, 0, 0];
    normal[axis] = 1;
    plane = [normal[0], normal[1], normal[2], -box.getCenter(new Vector3()).getComponent(axis)];
  });
  after(() => {
    viewer.finish();
    container.remove();
  });
  afterEach(() => viewer.setCutPlanes([]));

  const cutAway = (p: Vector3) => plane[0] * p.x + plane[1] * p.y + plane[2] * p.z + plane[3] > 0;

  it('sets, reads back and clears the planes, raising cutplanes-change each time', () => {
    const events: number[][][] = [];
    viewer.addEventListener('cutplanes-change', (e) => events.push(e.detail.planes));
    viewer.setCutPlanes([plane, new Vector4(0, 0, 1, 2)]);
    expect(viewer.getCutPlanes()).to.deep.equal([plane, [0, 0, 1, 2]]);
    viewer.setCutPlanes([]);
    expect(viewer.getCutPlanes()).to.deep.equal([]);
    expect(events).to.deep.equal([[plane, [0, 0, 1, 2]], []]);
  });

  it('leaves out a plane that is not four numbers, with a warning, and keeps the others', () => {
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    viewer.logger.setLevel('warning');
    try {
      viewer.setCutPlanes([[1, 0, 0], plane, ['a', 0, 0, 1], 'x']);
    } finally {
      console.warn = warn;
      viewer.logger.setLevel(undefined);
    }
    expect(viewer.getCutPlanes()).to.deep.equal([plane]);
    expect(warnings.length).to.equal(3);
    // Not a list at all: a warning, and the planes stay as they were.
    console.warn = (...args: unknown[]) => void warnings.push(args);
    viewer.logger.setLevel('warning');
    try {
      viewer.setCutPlanes('0 0 1 0' as unknown as number[][]);
    } finally {
      console.warn = warn;
      viewer.logger.setLevel(undefined);
    }
    expect(warnings.length).to.equal(4);
    expect(viewer.getCutPlanes()).to.deep.equal([plane]);
  });

  it('picks the first surface that is left, as an exact ray cast that skips the part cut away', async () => {
    await viewer.goHome(true);
    viewer.navigation.orbit(0.8, 0.3);
    viewer.setCutPlanes([plane]);
    const camera = viewer.navigation.getThreeCamera();
    const raycaster = new Raycaster();
    let compared = 0;
    let behindCut = 0;
    for (let y = 4; y < HEIGHT; y += 8) {
      for (let x = 4; x < WIDTH; x += 8) {
        raycaster.setFromCamera(new Vector2((x / WIDTH) * 2 - 1, -(y / HEIGHT) * 2 + 1), camera);
        const all = raycaster.intersectObject(reference.scene, true);
        const exact = all.find((hit) => !cutAway(hit.point));
        const hit = viewer.hitTestCanvas(x, y);
        if (!exact) {
          expect(hit, `miss at ${x},${y}`).to.equal(null);
          continue;
        }
        expect(hit, `hit at ${x},${y}`).to.not.equal(null);
        expect(cutAway(hit!.intersectPoint), `the hit at ${x},${y} is on the side kept`).to.equal(false);
        if (Math.abs(hit!.distance - exact.distance) > 1e-3 * exact.distance) continue;
        if (all[0] !== exact) behindCut++;
        compared++;
      }
    }
    expect(compared).to.be.greaterThan(50);
    expect(behindCut, 'rays whose first surface was cut away').to.be.greaterThan(5);
  });

  it('removes from the picture what it cuts away, and nothing returns once the planes are cleared', async () => {
    await viewer.goHome(true);
    const whole = capture(viewer);
    viewer.setGhosting(false);
    viewer.hide([model.instanceTree.getRootId()]);
    const empty = capture(viewer);
    viewer.showAll();
    viewer.setGhosting(true);

    viewer.setCutPlanes([plane]);
    const cut = capture(viewer);
    const changed = changedPixels(whole, cut);
    expect(changed.length, 'the cut changes the picture').to.be.greaterThan(300);
    // Every pixel of the car that the cut removes entirely now shows the background.
    const camera = viewer.navigation.getThreeCamera();
    const raycaster = new Raycaster();
    let cleared = 0;
    for (let y = 4; y < HEIGHT; y += 8) {
      for (let x = 4; x < WIDTH; x += 8) {
        raycaster.setFromCamera(new Vector2(((x + 0.5) / WIDTH) * 2 - 1, -((y + 0.5) / HEIGHT) * 2 + 1), camera);
        const all = raycaster.intersectObject(reference.scene, true);
        if (all.length === 0 || all.some((h) => !cutAway(h.point))) continue;
        const index = y * WIDTH + x; // captures are top row first
        const pixel = (p: { data: Uint8Array }) => [...p.data.slice(index * 4, index * 4 + 3)];
        const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) <= 4);
        if (near(pixel(whole), pixel(empty))) continue; // a silhouette pixel that showed background already
        expect(pixel(cut), `pixel ${x},${y} shows the background`).to.satisfy((c: number[]) => near(c, pixel(empty)));
        cleared++;
      }
    }
    expect(cleared).to.be.greaterThan(20);

    viewer.setCutPlanes([]);
    expect(changedPixels(whole, capture(viewer)).length).to.equal(0);
  });

  it('cuts with planes set before the viewer started', async () => {
    const other = createContainer(WIDTH, HEIGHT);
    const early = new Viewer(other, { language: 'en' });
    try {
      early.setCutPlanes([plane]);
      early.start();
      await early.loadModel(sampleUrl('gltf/car.glb'));
      await early.goHome(true);
      const cut = capture(early);
      early.setCutPlanes([]);
      const whole = capture(early);
      early.setCutPlanes([plane]);
      expect(changedPixels(cut, whole).length).to.be.greaterThan(300);
      expect(changedPixels(cut, capture(early)).length).to.equal(0);
    } finally {
      early.finish();
      other.remove();
    }
  });
});
