import { expect } from '@esm-bundle/chai';
import {
  Box3,
  BoxGeometry,
  Color,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
  type WebGLRenderTarget,
} from 'three';
import { createDisplayTarget } from '../../../core/render/displayTarget.js';
import { GroundReflection } from '../../../core/render/effects/GroundReflection.js';

const WIDTH = 160;
const HEIGHT = 120;
const UP = new Vector3(0, 1, 0);

describe('GroundReflection: the models mirrored in the ground, fading with height', () => {
  let renderer: WebGLRenderer;
  let target: WebGLRenderTarget;
  let scene: Scene;
  let box: Mesh;
  let reflection: GroundReflection;
  /** The ground: the bottom of this box (the models' bounds, with room around the red box). */
  const bounds = new Box3(new Vector3(-3, 0, -3), new Vector3(3, 2, 3));
  const camera = new PerspectiveCamera(45, WIDTH / HEIGHT, 0.1, 100);

  before(() => {
    renderer = new WebGLRenderer({ canvas: document.createElement('canvas') });
    renderer.autoClear = false;
    target = createDisplayTarget(WIDTH, HEIGHT, 4);
    scene = new Scene();
    // A red unit box between heights 0.2 and 1.2.
    box = new Mesh(new BoxGeometry(1, 1, 1), new MeshBasicMaterial({ color: 0xff0000 }));
    box.position.set(0, 0.7, 0);
    box.updateMatrixWorld();
    scene.add(box);
    reflection = new GroundReflection();
  });
  beforeEach(() => {
    reflection.alpha = 1;
    lookFrom(new Vector3(0, 3, 8));
  });
  after(() => {
    reflection.dispose();
    target.dispose();
    box.geometry.dispose();
    (box.material as MeshBasicMaterial).dispose();
    renderer.dispose();
    renderer.forceContextLoss();
  });

  function lookFrom(position: Vector3): void {
    camera.position.copy(position);
    camera.lookAt(0, 0.5, 0);
    camera.updateMatrixWorld();
  }

  /**
   * A frame as the viewer draws one: the reflection brought up to date for the camera, the background
   * (white), the reflection, then the models. Bottom row first.
   */
  function frame(withReflection: boolean): Uint8Array {
    renderer.setRenderTarget(target);
    if (withReflection) reflection.update(renderer, scene, bounds, UP, camera);
    renderer.setClearColor(0xffffff, 1);
    renderer.clear(true, true, true);
    if (withReflection) reflection.paint(renderer, camera);
    renderer.render(scene, camera);
    const pixels = new Uint8Array(WIDTH * HEIGHT * 4);
    renderer.readRenderTargetPixels(target, 0, 0, WIDTH, HEIGHT, pixels);
    renderer.setRenderTarget(null);
    return pixels;
  }

  /** The mean red and green over the 3×3 pixels around where a point shows. */
  function colourAt(pixels: Uint8Array, point: Vector3): { red: number; green: number } {
    const ndc = point.clone().project(camera);
    expect(Math.abs(ndc.x) < 0.95 && Math.abs(ndc.y) < 0.95, `${point.toArray()} in view`).to.equal(true);
    const px = Math.round(((ndc.x + 1) / 2) * WIDTH);
    const py = Math.round(((ndc.y + 1) / 2) * HEIGHT);
    let red = 0;
    let green = 0;
    for (let y = py - 1; y <= py + 1; y++) {
      for (let x = px - 1; x <= px + 1; x++) {
        red += pixels[(y * WIDTH + x) * 4];
        green += pixels[(y * WIDTH + x) * 4 + 1];
      }
    }
    return { red: red / 9, green: green / 9 };
  }

  /** Where the ground shows the mirror image of a point of the box's front face at a height. */
  const mirrored = (height: number) => new Vector3(0, -height, 0.5);

  it('shows the box mirrored on the ground in front of it, red, fainter for parts higher up', () => {
    const plain = frame(false);
    const shown = frame(true);
    const low = colourAt(shown, mirrored(0.4));
    const high = colourAt(shown, mirrored(1.1));
    expect(colourAt(plain, mirrored(0.4)).green).to.equal(255);
    expect(low.red).to.be.above(250);
    expect(low.green).to.be.below(235);
    expect(high.green).to.be.above(low.green + 5);
    // The ground far from the box shows nothing.
    expect(colourAt(shown, new Vector3(-2.5, 0, 2.5)).green).to.equal(255);
  });

  it('at alpha 0 gives back the exact frame without the reflection', () => {
    reflection.alpha = 0;
    const plain = frame(false);
    const shown = frame(true);
    expect(shown.some((v, i) => v !== plain[i])).to.equal(false);
  });

  it('is stronger at a higher alpha', () => {
    const one = colourAt(frame(true), mirrored(0.4)).green;
    reflection.alpha = 2;
    const two = colourAt(frame(true), mirrored(0.4)).green;
    expect(two).to.be.below(one - 10);
  });

  it('draws nothing when the camera is below the ground', () => {
    lookFrom(new Vector3(0, -3, 8));
    const plain = frame(false);
    const shown = frame(true);
    expect(shown.some((v, i) => v !== plain[i])).to.equal(false);
  });

  it('follows the camera: seen from the side the mirror image moves where that view shows it', () => {
    // Not at z = 6: a corner of the ground quad would lie in the camera's plane (w = 0), which SwiftShader's
    // clipper gets wrong.
    lookFrom(new Vector3(5, 2.5, 6.3));
    const side = new Vector3(0.5, -0.4, 0.2);
    const shown = frame(true);
    expect(reflection.isStale).to.equal(false);
    expect(colourAt(shown, side).green).to.be.below(235);
    expect(colourAt(frame(false), side).green).to.equal(255);
  });

  it('gives back the render target, clear colour and background it found', () => {
    const background = new Color(0x336699);
    scene.background = background;
    renderer.setRenderTarget(target);
    renderer.setClearColor(0x123456, 0.5);
    reflection.markStale();
    reflection.update(renderer, scene, bounds, UP, camera);
    expect(renderer.getRenderTarget()).to.equal(target);
    expect(renderer.getClearColor(new Color()).getHex()).to.equal(0x123456);
    expect(renderer.getClearAlpha()).to.equal(0.5);
    expect(scene.background).to.equal(background);
    expect(renderer.autoClear).to.equal(false);
    scene.background = null;
    renderer.setRenderTarget(null);
  });
});
