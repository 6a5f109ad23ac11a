import { expect } from '@esm-bundle/chai';
import { MathUtils, Sphere, Vector3 } from 'three';
import { MAX_FOV, MIN_FOV, type Viewer } from '../../../core/index.js';
import { MIN_DOLLY_DISTANCE, UP_VECTOR_CHANGE_EPSILON_SQ, ZOOM_OUT_LIMIT_FACTOR } from '../../../core/camera/cameraConstants.js';
import { canvasPoint, dispose, viewerWithModel, wait, wheel } from '../../support/navigationInput.js';

describe('Camera rules', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  beforeEach(async () => ({ viewer, container } = await viewerWithModel()));
  afterEach(() => dispose({ viewer, container }));

  it('clamps the field of view to 6.88–100° and reports it rounded to 3 decimals', () => {
    const reported: number[] = [];
    viewer.addEventListener('camera-change', (e) => reported.push(e.detail.camera.fov));
    viewer.setFOV(2);
    expect(viewer.navigation.fov).to.equal(MIN_FOV);
    viewer.setFOV(150);
    expect(viewer.navigation.fov).to.equal(MAX_FOV);
    viewer.setFOV(33.33333);
    expect(reported).to.deep.equal([6.88, 100, 33.333]);
  });

  it('stops zooming out at twice the distance from which everything fits', async () => {
    const nav = viewer.navigation;
    const sphere = nav.sceneBounds.getBoundingSphere(new Sphere());
    const limit = (sphere.radius / Math.sin(MathUtils.degToRad(nav.fov) / 2)) * ZOOM_OUT_LIMIT_FACTOR;
    const at = canvasPoint(viewer, 0.6, 0.4);
    for (let i = 0; i < 6; i++) await wheel(at, 1000, 3);
    await wait(20);
    const farthest = nav.position.distanceTo(sphere.center);
    expect(farthest).to.be.closeTo(limit, limit * 1e-6);
    const position = nav.position.clone();
    await wheel(at, 1000, 3);
    await wait(20);
    expect(nav.position.distanceTo(position)).to.equal(0);
  });

  it('refuses views closer than the minimum dolly distance', () => {
    const nav = viewer.navigation;
    const position = nav.position.clone();
    nav.setView(new Vector3(1, 1, 1), new Vector3(1, 1, 1 + MIN_DOLLY_DISTANCE / 2));
    expect(nav.position.distanceTo(position)).to.equal(0);
    expect(MIN_DOLLY_DISTANCE).to.equal(1e-5);
  });

  it('counts an up-vector change only when its squared distance exceeds 1e-4', () => {
    const nav = viewer.navigation;
    const right = new Vector3().crossVectors(nav.getDirection(), nav.up).normalize();
    const up = nav.up.clone();
    const tiny = up.clone().addScaledVector(right, Math.sqrt(UP_VECTOR_CHANGE_EPSILON_SQ) * 0.9).normalize();
    expect(nav.setCameraUpVector(tiny)).to.equal(false);
    expect(nav.up.distanceTo(up)).to.equal(0);
    const enough = up.clone().addScaledVector(right, Math.sqrt(UP_VECTOR_CHANGE_EPSILON_SQ) * 1.2).normalize();
    expect(nav.setCameraUpVector(enough)).to.equal(true);
    expect(nav.up.distanceTo(up)).to.be.greaterThan(0);
  });
});
