import { expect } from '@esm-bundle/chai';
import { Box3, Vector3 } from 'three';
import { DEFAULT_FOV, Viewer } from '../../../core/index.js';
import { DEFAULT_FAR, DEFAULT_NEAR } from '../../../core/camera/cameraConstants.js';
import { createContainer, sampleUrl } from '../../support/helpers.js';

describe('Viewer: camera', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(400, 300);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('starts with fov 45, near 0.1 and far 100000', () => {
    const camera = viewer.navigation.getCamera();
    expect(camera.fov).to.equal(DEFAULT_FOV);
    expect([camera.near, camera.far]).to.deep.equal([DEFAULT_NEAR, DEFAULT_FAR]);
    expect([DEFAULT_FOV, DEFAULT_NEAR, DEFAULT_FAR]).to.deep.equal([45, 0.1, 100000]);
  });

  it('fits the model with a 5% margin on the tightest side', async () => {
    await viewer.loadModel(sampleUrl('gltf/car.glb'));
    await viewer.fitToView(null, null, true);
    const camera = viewer.navigation.getThreeCamera();
    const box = viewer.getVisibleBounds();
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (let i = 0; i < 8; i++) {
      const p = new Vector3(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z).project(camera);
      minX = Math.min(minX, p.x); maxX = Math.max(maxX, p.x); minY = Math.min(minY, p.y); maxY = Math.max(maxY, p.y);
    }
    // Every corner inside the view with at least the margin; one side touches the 5% line.
    for (const v of [minX, minY]) expect(v).to.be.at.least(-0.9 - 1e-3);
    for (const v of [maxX, maxY]) expect(v).to.be.at.most(0.9 + 1e-3);
    const tightest = Math.max(-minX, maxX, -minY, maxY);
    expect(tightest).to.be.closeTo(0.9, 0.02);
  });

  it('reports camera-change with values rounded to 3 decimals', async () => {
    const changes: { camera: { position: { x: number } } }[] = [];
    viewer.addEventListener('camera-change', (e) => changes.push(e.detail));
    viewer.navigation.setView(new Vector3(1.23456, 2, 3), new Vector3(0, 0, 0));
    expect(changes).to.have.length(1);
    expect(changes[0].camera.position.x).to.equal(1.235);
  });

  it('goes home and resets a custom home view', async () => {
    await viewer.loadModel(sampleUrl('gltf/car.glb'));
    const home = viewer.navigation.position.clone();
    viewer.navigation.setView(new Vector3(50, 50, 50), new Vector3());
    await viewer.goHome(true);
    expect(viewer.navigation.position.distanceTo(home)).to.be.lessThan(1e-9);
    viewer.navigation.setView(new Vector3(20, 0, 0), new Vector3());
    viewer.setHomeView();
    viewer.navigation.setView(new Vector3(0, 30, 0.1), new Vector3());
    await viewer.goHome(true);
    expect(viewer.navigation.position.x).to.be.closeTo(20, 1e-9);
    viewer.resetHomeView();
    await viewer.goHome(true);
    expect(viewer.navigation.position.distanceTo(home)).to.be.lessThan(1e-9);
  });

  it('fits a box in orthographic too', () => {
    viewer.toOrthographic();
    viewer.navigation.fitBounds(new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1)));
    expect(viewer.navigation.isPerspective).to.equal(false);
    expect(viewer.navigation.orthoScale).to.be.greaterThan(2);
  });
});
