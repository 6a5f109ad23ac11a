import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import { VIEW_CUBE_TARGETS, VIEWER_INTERNAL_ERROR, type Viewer } from '../../../core/index.js';
import { parseViewCubeName } from '../../../core/camera/ViewCubeViews.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';
import { dispose, viewerWithModel } from '../../support/navigationInput.js';

/** The car is a glTF model: Y up, front towards +Z, so right is +X. */
const AXIS: Record<string, Vector3> = {
  front: new Vector3(0, 0, 1),
  back: new Vector3(0, 0, -1),
  right: new Vector3(1, 0, 0),
  left: new Vector3(-1, 0, 0),
  top: new Vector3(0, 1, 0),
  bottom: new Vector3(0, -1, 0),
};

function expectedEye(name: string): Vector3 {
  return name.split(' ').reduce((sum, word) => sum.add(AXIS[word]), new Vector3()).normalize();
}

function eyeDirection(viewer: Viewer): Vector3 {
  return viewer.navigation.position.clone().sub(viewer.navigation.target).normalize();
}

describe('ViewCubeController', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  beforeEach(async () => ({ viewer, container } = await viewerWithModel()));
  afterEach(() => dispose({ viewer, container }));

  it('reads names in any order and separator, and refuses others', () => {
    expect(parseViewCubeName('Front-Top')).to.equal('top front');
    expect(parseViewCubeName('right, top, front')).to.equal('top front right');
    expect(parseViewCubeName('top bottom')).to.equal(null);
    expect(parseViewCubeName('up')).to.equal(null);
    expect(VIEW_CUBE_TARGETS).to.have.length(26);
    expect(new Set(VIEW_CUBE_TARGETS).size).to.equal(26);
  });

  it('turns to each of the 26 views about the look-at point, at the same distance, upright', async () => {
    const nav = viewer.navigation;
    for (const name of VIEW_CUBE_TARGETS) {
      nav.setView(new Vector3(7, 4, 9), new Vector3(0.5, 0.2, 0));
      const distance = nav.distance;
      const target = nav.target.clone();
      expect(await viewer.setViewCube(name, { immediate: true }), name).to.equal(true);
      expect(eyeDirection(viewer).distanceTo(expectedEye(name)), name).to.be.lessThan(1e-9);
      expect(nav.distance, name).to.be.closeTo(distance, 1e-9);
      expect(nav.target.distanceTo(target), name).to.be.lessThan(1e-9);
      if (name !== 'top' && name !== 'bottom') {
        // Upright: the camera's up lies in the plane of world up and the view direction, pointing up.
        expect(nav.up.dot(new Vector3().crossVectors(AXIS.top, eyeDirection(viewer))), name).to.be.closeTo(0, 1e-9);
        expect(nav.up.y, name).to.be.greaterThan(0);
      }
      expect(viewer.viewCube.$state.get().face).to.equal(name);
      expect(viewer.viewCube.$state.get().isFaceView).to.equal(!name.includes(' '));
    }
  });

  it('keeps the back of the model at the top of the screen when turning to top from the front', async () => {
    await viewer.setViewCube('front', { immediate: true });
    await viewer.setViewCube('top', { immediate: true });
    expect(viewer.navigation.up.distanceTo(AXIS.back)).to.be.lessThan(1e-9);
    await viewer.setViewCube('bottom', { immediate: true });
    // Coming to bottom from top (up = back), the turn keeps the closest horizontal axis.
    expect(Math.abs(viewer.navigation.up.y)).to.be.lessThan(1e-9);
  });

  it('steps to the neighbouring face on each side of the screen, following a rolled cube', async () => {
    const nav = viewer.navigation;
    nav.transitionDurationMs = 0;
    const cube = viewer.viewCube;
    const steps: [string, 'up' | 'right' | 'down' | 'left', string][] = [
      ['front', 'up', 'top'],
      ['front', 'down', 'bottom'],
      ['front', 'right', 'right'],
      ['front', 'left', 'left'],
      ['right', 'right', 'back'],
      ['back', 'left', 'right'],
    ];
    for (const [from, arrow, to] of steps) {
      await viewer.setViewCube(from);
      await cube.stepToNeighbour(arrow);
      expect(eyeDirection(viewer).distanceTo(AXIS[to]), `${from} ${arrow}`).to.be.lessThan(1e-9);
    }
    // Rolled a quarter turn clockwise, the screen's top shows the left face: the up arrow leads there.
    await viewer.setViewCube('front');
    await cube.roll(true);
    expect(nav.up.distanceTo(AXIS.left)).to.be.lessThan(1e-9);
    await cube.stepToNeighbour('up');
    expect(eyeDirection(viewer).distanceTo(AXIS.left)).to.be.lessThan(1e-9);
  });

  it('rolls a quarter turn either way about the view direction', async () => {
    viewer.navigation.transitionDurationMs = 0;
    await viewer.setViewCube('front');
    await viewer.viewCube.roll(false);
    expect(viewer.navigation.up.distanceTo(AXIS.right)).to.be.lessThan(1e-9);
    await viewer.viewCube.roll(false);
    expect(viewer.navigation.up.distanceTo(AXIS.bottom)).to.be.lessThan(1e-9);
    await viewer.viewCube.roll(true);
    await viewer.viewCube.roll(true);
    expect(viewer.navigation.up.distanceTo(AXIS.top)).to.be.lessThan(1e-9);
    expect(eyeDirection(viewer).distanceTo(AXIS.front)).to.be.lessThan(1e-9);
  });

  it('interpolates spherically: the eye stays at the same distance from the look-at point on the way', async () => {
    const nav = viewer.navigation;
    await viewer.setViewCube('front', { immediate: true });
    const distance = nav.distance;
    const directions: Vector3[] = [];
    viewer.addEventListener('camera-change', () => directions.push(eyeDirection(viewer)));
    expect(await viewer.setViewCube('right')).to.equal(true);
    expect(directions.length).to.be.greaterThan(2);
    for (const d of directions) {
      // On the great circle from front to right: no height, and the angle only grows.
      expect(d.y).to.be.closeTo(0, 1e-6);
    }
    const angles = directions.map((d) => d.angleTo(AXIS.front));
    for (let i = 1; i < angles.length; i++) expect(angles[i]).to.be.at.least(angles[i - 1] - 1e-9);
    expect(nav.distance).to.be.closeTo(distance, 1e-6);
  });

  it('warns about an unknown name and leaves the camera alone', async () => {
    const recorder = new ConsoleRecorder().start();
    viewer.logger.setLevel('warning');
    const before = viewer.navigation.position.clone();
    try {
      expect(await viewer.setViewCube('sideways')).to.equal(false);
    } finally {
      recorder.stop();
    }
    expect(recorder.warnings).to.deep.equal(['Unknown view cube face: sideways']);
    expect(viewer.navigation.position.distanceTo(before)).to.equal(0);
  });

  it('makes face views orthographic with ortho faces on, and edges, corners and orbits perspective', async () => {
    const nav = viewer.navigation;
    nav.transitionDurationMs = 0;
    const cube = viewer.viewCube;
    cube.setProjection('perspective-ortho-faces');
    expect(nav.isPerspective).to.equal(true);
    await viewer.setViewCube('front');
    expect(nav.isPerspective).to.equal(false);
    expect(cube.$state.get().projection).to.equal('perspective-ortho-faces');
    await viewer.setViewCube('top front right');
    expect(nav.isPerspective).to.equal(true);
    await viewer.setViewCube('top');
    expect(nav.isPerspective).to.equal(false);
    // Spinning about the view direction stays a face view; tilting away leaves it.
    nav.orbit(0.3, 0);
    expect(nav.isPerspective).to.equal(false);
    nav.orbit(0, 0.3);
    expect(nav.isPerspective).to.equal(true);
    cube.setProjection('orthographic');
    expect(nav.isPerspective).to.equal(false);
    await viewer.setViewCube('top front');
    expect(nav.isPerspective).to.equal(false);
    const framed = nav.orthoScale;
    cube.setProjection('perspective');
    expect(nav.isPerspective).to.equal(true);
    // Back in perspective, the eye stands where the framed height is the same.
    expect(2 * nav.distance * Math.tan((nav.fov * Math.PI) / 360)).to.be.closeTo(framed, 1e-9);
  });

  it('sets the current view as front or top, and resets the orientation to the model', async () => {
    const nav = viewer.navigation;
    nav.transitionDurationMs = 0;
    const cube = viewer.viewCube;
    await viewer.setViewCube('right');
    cube.setCurrentViewAsFront();
    expect(cube.currentNamedView()).to.equal('front');
    expect(nav.worldUp.distanceTo(AXIS.top)).to.be.lessThan(1e-9);
    await viewer.setViewCube('right');
    expect(eyeDirection(viewer).distanceTo(AXIS.back)).to.be.lessThan(1e-9);

    // The new front is the old right: looking at it and setting it as top makes +X the world up.
    await viewer.setViewCube('front');
    expect(eyeDirection(viewer).distanceTo(AXIS.right)).to.be.lessThan(1e-9);
    const position = nav.position.clone();
    cube.setCurrentViewAsTop();
    expect(cube.currentNamedView()).to.equal('top');
    expect(nav.worldUp.distanceTo(AXIS.right)).to.be.lessThan(1e-9);
    expect(nav.position.distanceTo(position)).to.equal(0);
    expect(new Vector3(...cube.$state.get().frame.front).distanceTo(AXIS.bottom)).to.be.lessThan(1e-9);

    await cube.resetOrientation();
    expect(nav.worldUp.distanceTo(AXIS.top)).to.be.lessThan(1e-9);
    expect(cube.$state.get().frame.front).to.deep.equal([0, 0, 1]);
  });

  it('rejects an animation speed of 0 or less with an internal error, and cancels a drag', () => {
    const recorder = new ConsoleRecorder().start();
    const cube = viewer.viewCube;
    try {
      expect(cube.beginDrag()).to.equal(true);
      expect(cube.isDragging).to.equal(true);
      expect(cube.setOptions({ animationSpeed: 0 })).to.equal(false);
      expect(cube.isDragging).to.equal(false);
      expect(cube.setOptions({ animationSpeed: -5 })).to.equal(false);
    } finally {
      recorder.stop();
    }
    expect(recorder.errors).to.deep.equal([`Illegal animation speed of: 0 ErrorCode:${VIEWER_INTERNAL_ERROR}.`, `Illegal animation speed of: -5 ErrorCode:${VIEWER_INTERNAL_ERROR}.`]);
    expect(cube.getOptions().animationSpeed).to.equal(500);
  });

  it('follows the model\'s own up and front: a Z-up model\'s top looks down Z, its front from -Y', async () => {
    dispose({ viewer, container });
    ({ viewer, container } = await viewerWithModel('svf/bim-sample/0.svf'));
    expect(viewer.navigation.worldUp.distanceTo(new Vector3(0, 0, 1))).to.be.lessThan(1e-9);
    await viewer.setViewCube('top', { immediate: true });
    expect(eyeDirection(viewer).distanceTo(new Vector3(0, 0, 1))).to.be.lessThan(1e-9);
    await viewer.setViewCube('front', { immediate: true });
    expect(eyeDirection(viewer).distanceTo(new Vector3(0, -1, 0))).to.be.lessThan(1e-9);
    expect(viewer.navigation.up.distanceTo(new Vector3(0, 0, 1))).to.be.lessThan(1e-9);
    await viewer.setViewCube('right', { immediate: true });
    expect(eyeDirection(viewer).distanceTo(new Vector3(1, 0, 0))).to.be.lessThan(1e-9);
  });

  it('counts each menu action as a usage event and reports them to the host', async () => {
    viewer.navigation.transitionDurationMs = 0;
    const cube = viewer.viewCube;
    await cube.goHome();
    cube.setProjection('orthographic');
    cube.setProjection('perspective');
    cube.setProjection('perspective-ortho-faces');
    await cube.setCurrentViewAsHome();
    await cube.setCurrentViewAsHome(true);
    await cube.resetHome();
    cube.setCurrentViewAsFront();
    cube.setCurrentViewAsTop();
    await cube.resetOrientation();
    expect(viewer.usage.getCounts()).to.deep.equal({
      'navigation/home': 1,
      'navigation/setortho': 1,
      'navigation/setpersp': 2,
      'navigation/sethome': 1,
      'navigation/focushome': 1,
      'navigation/resethome': 1,
      'navigation/setfront': 1,
      'navigation/settop': 1,
      'navigation/fit': 1,
    });
  });
});
