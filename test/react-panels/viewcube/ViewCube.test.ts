import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { Vector3 } from 'three';
import '../../../elements/index.js';
import type { DesignViewerElement } from '../../../elements/index.js';
import { VIEW_CUBE_TARGETS, VIEWER_INTERNAL_ERROR, type Viewer } from '../../../core/index.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';
import { documentServerUrl, frames, nextEvent, sampleUrl } from '../../support/helpers.js';
import { mouseDrag, until } from '../../support/navigationInput.js';
import { flatWallGltf, gltfBlobUrl } from '../generatedModels.js';
import { createViewerElement, pagePixels } from '../guiHelpers.js';

/** The car is a glTF model: Y up, front towards +Z, right +X. */
const AXIS: Record<string, Vector3> = {
  front: new Vector3(0, 0, 1),
  back: new Vector3(0, 0, -1),
  right: new Vector3(1, 0, 0),
  left: new Vector3(-1, 0, 0),
  top: new Vector3(0, 1, 0),
  bottom: new Vector3(0, -1, 0),
};
const directionOf = (name: string) => name.split(' ').reduce((sum, w) => sum.add(AXIS[w]), new Vector3()).normalize();
const eyeOf = (viewer: Viewer) => viewer.navigation.position.clone().sub(viewer.navigation.target).normalize();

async function createElement(attributes: Record<string, string> = {}): Promise<DesignViewerElement> {
  const element = document.createElement('design-viewer');
  element.style.cssText = 'display:block;width:400px;height:300px';
  element.setAttribute('language', 'en');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  const loaded = nextEvent(element, 'geometry-loaded');
  element.setAttribute('src', sampleUrl('gltf/car.glb'));
  document.body.appendChild(element);
  await loaded;
  await until(() => element.shadowRoot!.querySelector('.dv-viewcube') !== null);
  return element;
}

/** Looks at the model from a direction (upright), without animation, and lets the cube redraw. */
async function lookFrom(viewer: Viewer, direction: Vector3): Promise<void> {
  const nav = viewer.navigation;
  const target = nav.target.clone();
  nav.setView(target.clone().addScaledVector(direction.clone().normalize(), Math.max(nav.distance, 1)), target);
  nav.setCameraUpVector(new Vector3(0, 1, 0));
  await frames(2);
}

/**
 * The page point of a visible hot spot of the cube for a target: the centre of one of its zones, checked
 * with elementFromPoint (so a click there really lands on it).
 */
function zonePoint(element: DesignViewerElement, target: string): [number, number] {
  const root = element.shadowRoot!;
  const zones = [...root.querySelectorAll<HTMLElement>(`.dv-viewcube-zone[data-target="${target}"]`)];
  const candidates = zones
    .map((zone) => {
      const rect = zone.getBoundingClientRect();
      return { zone, x: Math.round(rect.left + rect.width / 2), y: Math.round(rect.top + rect.height / 2), area: rect.width * rect.height };
    })
    .filter(({ zone, x, y }) => root.elementFromPoint(x, y) === zone)
    .sort((a, b) => b.area - a.area);
  if (!candidates.length) throw new Error(`No visible hot spot for ${target}`);
  return [candidates[0].x, candidates[0].y];
}

function buttonPoint(element: DesignViewerElement, selector: string): [number, number] {
  const button = element.shadowRoot!.querySelector<HTMLElement>(selector);
  if (!button) throw new Error(`No ${selector}`);
  const rect = button.getBoundingClientRect();
  const point: [number, number] = [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
  expect(element.shadowRoot!.elementFromPoint(...point)?.closest(selector)).to.equal(button);
  return point;
}

const luminance = (data: Uint8ClampedArray, i: number) => 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];

/** The mean colour of a picture, and its luminances sorted (to read the darkest ink and the typical surface). */
function looks({ data }: ImageData): { mean: number[]; luminances: number[] } {
  const mean = [0, 0, 0];
  const luminances: number[] = [];
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c++) mean[c] += data[i + c];
    luminances.push(luminance(data, i));
  }
  const count = data.length / 4;
  return { mean: mean.map((sum) => sum / count), luminances: luminances.sort((a, b) => a - b) };
}

/** A wall of one colour fills the view; the cube shows its front face, away from the pointer. */
async function cubeOverWall(element: DesignViewerElement, colour: [number, number, number]): Promise<{ face: ImageData; model: ImageData }> {
  const viewer = element.viewer!;
  for (const model of viewer.getVisibleModels()) viewer.unloadModel(model);
  await viewer.loadModel(gltfBlobUrl(flatWallGltf(colour)), { fileExtension: 'gltf' });
  viewer.navigation.setView(new Vector3(0, 0, 10), new Vector3(0, 0, 0));
  viewer.navigation.setCameraUpVector(new Vector3(0, 1, 0));
  const root = element.shadowRoot!;
  const cube = root.querySelector<HTMLElement>('.dv-viewcube')!;
  await until(() => viewer.viewCube.$state.get().face === 'front' && getComputedStyle(cube).opacity === '0.5');
  await frames(3);
  const widget = cube.getBoundingClientRect();
  const rect = root.querySelector('.dv-viewcube-face[data-face="front"]')!.getBoundingClientRect();
  // The face inside its bevelled rim, label included; the model just left of the widget, level with the face.
  const inset = rect.width * 0.12;
  const face = await pagePixels({ left: rect.left + inset, top: rect.top + inset, width: rect.width - 2 * inset, height: rect.height - 2 * inset });
  const model = await pagePixels({ left: widget.left - 24, top: rect.top, width: 16, height: rect.height });
  return { face, model };
}

async function click(point: [number, number]): Promise<void> {
  await sendMouse({ type: 'click', position: point });
}

describe('ViewCube (chrome)', () => {
  let element: DesignViewerElement;
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
    element?.remove();
  });

  it('turns to every face, edge and corner clicked on the cube', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    viewer.navigation.transitionDurationMs = 0;
    for (const target of VIEW_CUBE_TARGETS) {
      // Look from near the target so that its hot spot faces the camera, without being its view already.
      const near = directionOf(target).add(new Vector3(0.23, 0.17, -0.11));
      await lookFrom(viewer, near);
      expect(viewer.viewCube.currentNamedView(), target).to.equal(null);
      await click(zonePoint(element, target));
      await until(() => !viewer.navigation.isTransitionActive());
      expect(eyeOf(viewer).distanceTo(directionOf(target)), target).to.be.lessThan(1e-6);
      expect(viewer.viewCube.$state.get().face, target).to.equal(target);
    }
  });

  it('animates a click with a spherical interpolation, and shows the pivot meanwhile', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    await lookFrom(viewer, new Vector3(1, 0.4, 1.2));
    await click(zonePoint(element, 'front'));
    expect(viewer.navigation.isTransitionActive()).to.equal(true);
    await until(() => viewer.pivotSphere.isVisible);
    await until(() => !viewer.navigation.isTransitionActive());
    expect(eyeOf(viewer).distanceTo(AXIS.front)).to.be.lessThan(1e-6);
  });

  it('steps to the neighbouring face with each arrow, following the cube as it is rolled', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    viewer.navigation.transitionDurationMs = 0;
    const expected: Record<string, string> = { up: 'top', right: 'right', down: 'bottom', left: 'left' };
    for (const [arrow, face] of Object.entries(expected)) {
      await viewer.setViewCube('front');
      await frames(2);
      await click(buttonPoint(element, `.dv-viewcube-arrow[data-arrow="${arrow}"]`));
      await until(() => viewer.viewCube.$state.get().face === face);
      expect(eyeOf(viewer).distanceTo(AXIS[face]), arrow).to.be.lessThan(1e-6);
    }
    // Rolled clockwise from the front, the left face is at the top of the screen: up leads there.
    await viewer.setViewCube('front');
    await frames(2);
    await click(buttonPoint(element, '.dv-viewcube-roll[data-roll="clockwise"]'));
    await until(() => viewer.navigation.up.distanceTo(AXIS.left) < 1e-6);
    await frames(2);
    await click(buttonPoint(element, '.dv-viewcube-arrow[data-arrow="up"]'));
    await until(() => viewer.viewCube.$state.get().face === 'left');
    expect(eyeOf(viewer).distanceTo(AXIS.left)).to.be.lessThan(1e-6);
  });

  it('rolls a quarter turn with each roll arrow', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    viewer.navigation.transitionDurationMs = 0;
    await viewer.setViewCube('front');
    await frames(2);
    await click(buttonPoint(element, '.dv-viewcube-roll[data-roll="clockwise"]'));
    await until(() => viewer.navigation.up.distanceTo(AXIS.left) < 1e-6);
    await frames(2);
    await click(buttonPoint(element, '.dv-viewcube-roll[data-roll="counterclockwise"]'));
    await until(() => viewer.navigation.up.distanceTo(AXIS.top) < 1e-6);
    await frames(2);
    await click(buttonPoint(element, '.dv-viewcube-roll[data-roll="counterclockwise"]'));
    await until(() => viewer.navigation.up.distanceTo(AXIS.right) < 1e-6);
    expect(eyeOf(viewer).distanceTo(AXIS.front)).to.be.lessThan(1e-6);
  });

  it('shows the arrows, roll arrows and menu icon only while a face view is current', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    const root = element.shadowRoot!;
    const count = (selector: string) => root.querySelectorAll(selector).length;
    await lookFrom(viewer, new Vector3(1, 1, 1));
    expect([count('.dv-viewcube-arrow'), count('.dv-viewcube-roll'), count('.dv-viewcube-context')]).to.deep.equal([0, 0, 0]);
    await viewer.setViewCube('top', { immediate: true });
    await frames(2);
    expect([count('.dv-viewcube-arrow'), count('.dv-viewcube-roll'), count('.dv-viewcube-context')]).to.deep.equal([4, 2, 1]);
    // The home button is off by default.
    expect(count('.dv-viewcube-home')).to.equal(0);
  });

  it('has an optional home button that goes home', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    viewer.navigation.transitionDurationMs = 0;
    viewer.viewCube.setOptions({ showHomeButton: true });
    await viewer.setViewCube('left');
    await frames(2);
    await click(buttonPoint(element, '.dv-viewcube-home'));
    await until(() => viewer.navigation.position.distanceTo(viewer.getHomeView()!.position) < 1e-6);
  });

  it('is half transparent away from the pointer, opaque over it, and highlights the hovered face at 0.3', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    await viewer.setViewCube('front', { immediate: true });
    await frames(2);
    const cube = element.shadowRoot!.querySelector<HTMLElement>('.dv-viewcube')!;
    expect(getComputedStyle(cube).opacity).to.equal('0.5');
    const point = zonePoint(element, 'front');
    await sendMouse({ type: 'move', position: point });
    await until(() => getComputedStyle(cube).opacity === '1');
    const zone = element.shadowRoot!.elementFromPoint(...point) as HTMLElement;
    await until(() => zone.classList.contains('is-hovered'));
    expect(getComputedStyle(zone).backgroundColor).to.equal('rgba(6, 150, 215, 0.3)');
    await sendMouse({ type: 'move', position: [5, 290] });
    await until(() => getComputedStyle(cube).opacity === '0.5');
    expect(zone.classList.contains('is-hovered')).to.equal(false);
  });

  it('keeps its own colour over a black and a white model, its labels legible on both', async () => {
    element = await createViewerElement({ width: 400, height: 300 });
    await sendMouse({ type: 'move', position: [0, 0] });
    const overBlack = await cubeOverWall(element, [0, 0, 0]);
    const overWhite = await cubeOverWall(element, [1, 1, 1]);
    // What is behind the cube really is dark, then light.
    const behindBlack = looks(overBlack.model);
    const behindWhite = looks(overWhite.model);
    expect(Math.max(...behindBlack.mean)).to.be.lessThan(40);
    expect(Math.min(...behindWhite.mean)).to.be.greaterThan(150);
    // The half-transparent cube does not take on the model's colour: its face looks the same over both.
    const black = looks(overBlack.face);
    const white = looks(overWhite.face);
    for (let c = 0; c < 3; c++) expect(Math.abs(black.mean[c] - white.mean[c]), `channel ${c}`).to.be.lessThan(6);
    // A light face with darker ink on it (the label), over either model.
    for (const { luminances } of [black, white]) {
      const surface = luminances[Math.floor(luminances.length / 2)];
      expect(surface).to.be.greaterThan(190);
      expect(surface - luminances[0]).to.be.greaterThan(60);
    }
  });

  it('orbits when dragged, without turning to the face the drag started on', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    await viewer.setViewCube('front', { immediate: true });
    await frames(2);
    const start = zonePoint(element, 'front');
    await mouseDrag(start, [30, 0]);
    await frames(2);
    expect(viewer.navigation.isTransitionActive()).to.equal(false);
    const eye = eyeOf(viewer);
    // Turned about world up: away from the front, still level.
    expect(eye.angleTo(AXIS.front)).to.be.greaterThan(0.2);
    expect(eye.y).to.be.closeTo(0, 1e-6);
    expect(viewer.viewCube.isDragging).to.equal(false);
  });

  it('cancels the drag with an internal error when the animation speed is 0 or less', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    await viewer.setViewCube('front', { immediate: true });
    await frames(2);
    // An invalid speed can arrive through the config; the drag refuses it.
    (viewer.viewCube as unknown as { options: { animationSpeed: number } }).options.animationSpeed = 0;
    const recorder = new ConsoleRecorder().start();
    const before = viewer.navigation.position.clone();
    try {
      await mouseDrag(zonePoint(element, 'front'), [30, 0]);
    } finally {
      recorder.stop();
    }
    expect(recorder.errors).to.deep.equal([`Illegal animation speed of: 0 ErrorCode:${VIEWER_INTERNAL_ERROR}.`]);
    expect(viewer.navigation.position.distanceTo(before)).to.equal(0);
    expect(viewer.viewCube.isDragging).to.equal(false);
  });

  it('draws the optional axis triad turned with the cube', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    expect(element.shadowRoot!.querySelector('.dv-viewcube-triad')).to.equal(null);
    viewer.viewCube.setOptions({ showTriad: true });
    await viewer.setViewCube('front', { immediate: true });
    await frames(2);
    const triad = element.shadowRoot!.querySelector('.dv-viewcube-triad')!;
    expect([...triad.querySelectorAll('text')].map((t) => t.textContent)).to.deep.equal(['X', 'Y', 'Z']);
    const line = (axis: string) => triad.querySelector(`[data-axis="${axis}"] line`)!;
    const vector = (axis: string) => ['x2', 'y2', 'x1', 'y1'].map((name) => Number(line(axis).getAttribute(name)));
    // From the front of a Y-up model: X points right on screen, Y up; Z towards the viewer (barely moves).
    const [x2, y2, x1, y1] = vector('X');
    expect(x2 - x1).to.be.greaterThan(20);
    expect(Math.abs(y2 - y1)).to.be.lessThan(1e-6);
    const [, yy2, , yy1] = vector('Y');
    expect(yy2 - yy1).to.be.lessThan(-20);
    await viewer.setViewCube('top', { immediate: true });
    await frames(2);
    // From the top (back at the top of the screen), Z points down the screen.
    const [, zy2, , zy1] = vector('Z');
    expect(zy2 - zy1).to.be.greaterThan(20);
  });

  it('hides with the viewCube preference and in headless mode', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    viewer.prefs.set('viewCube', false);
    await until(() => element.shadowRoot!.querySelector('.dv-viewcube') === null);
    viewer.prefs.set('viewCube', true);
    await until(() => element.shadowRoot!.querySelector('.dv-viewcube') !== null);
    element.headless = true;
    await until(() => element.shadowRoot!.querySelector('.dv-viewcube') === null);
    // Headless, the cube's views still work through the API.
    expect(await viewer.setViewCube('back', { immediate: true })).to.equal(true);
    expect(eyeOf(viewer).distanceTo(AXIS.back)).to.be.lessThan(1e-9);
  });

  it('fetches its textures from the resource root, with credentials only when configured and same-host', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    const images = [...element.shadowRoot!.querySelectorAll<HTMLImageElement>('.dv-viewcube img')];
    expect(images.length).to.be.greaterThan(0);
    for (const image of images) {
      expect(image.src.startsWith(viewer.resourceRoot)).to.equal(true);
      expect(image.crossOrigin).to.equal('anonymous');
    }
    expect([...new Set(images.map((i) => i.src.split('/').pop()))]).to.include.members(['viewcube-face.png', 'viewcube-edge.png']);
    // Loaded for real from res/.
    await until(() => images.every((image) => image.complete));
    expect(images.every((image) => image.naturalWidth > 0)).to.equal(true);
    // Configured for credentials, a same-host root sends them; another host's does not.
    viewer.endpoint.useCredentials = true;
    expect(viewer.getResource('textures/viewcube-face.png').crossOrigin).to.equal('use-credentials');
    expect(viewer.getResource('textures/viewcube-face.png').credentials).to.equal('include');
  });

  it('never shows a broken image when its textures cannot be had: the icons give way to glyphs, the faces keep their text', async () => {
    const recorder = new ConsoleRecorder().start();
    try {
      // A host that does not serve res/: every file answers with its app's HTML page.
      element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), config: { resourceRoot: documentServerUrl('/spa/res/') } });
      // A face view shows the arrows, roll arrows and menu icon too.
      await element.viewer!.setViewCube('front', { immediate: true });
      await until(() => element.shadowRoot!.querySelectorAll('.dv-viewcube .dv-image-fallback').length >= 7, 20000);
      const cube = element.shadowRoot!.querySelector('.dv-viewcube')!;
      const broken = [...cube.querySelectorAll<HTMLImageElement>('img')].filter((image) => image.complete && image.naturalWidth === 0);
      expect(broken.map((image) => image.src), 'no broken image').to.deep.equal([]);
      const glyphs = [...cube.querySelectorAll<HTMLElement>('.dv-viewcube-arrow .dv-image-fallback')];
      expect(glyphs.length, 'an arrow glyph for each arrow').to.equal(4);
      for (const glyph of glyphs) expect(glyph.getBoundingClientRect().width, 'drawn').to.be.greaterThan(0);
      const labels = [...cube.querySelectorAll<HTMLElement>('.dv-viewcube-label')].map((label) => label.textContent);
      expect(labels.map((label) => label?.toUpperCase()), 'the faces keep their text').to.include.members(['FRONT', 'TOP']);
      expect(recorder.errors.filter((w) => w.includes('Translation file')), 'one message for the translations').to.have.length(1);
    } finally {
      recorder.stop();
    }
  });
});
