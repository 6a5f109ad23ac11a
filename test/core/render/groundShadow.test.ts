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
import { GroundShadow } from '../../../core/render/effects/GroundShadow.js';

const WIDTH = 160;
const HEIGHT = 120;

/** The test world for an up axis: (across, height, across) turned so that height runs along up. */
const UPS = {
  'Y up': { up: new Vector3(0, 1, 0), at: (x: number, h: number, z: number) => new Vector3(x, h, z) },
  'Z up': { up: new Vector3(0, 0, 1), at: (x: number, h: number, z: number) => new Vector3(x, -z, h) },
};

for (const [name, { up, at }] of Object.entries(UPS)) {
  describe(`GroundShadow (${name}): a soft dark patch on the ground under the models`, () => {
    let renderer: WebGLRenderer;
    let target: WebGLRenderTarget;
    let scene: Scene;
    let box: Mesh;
    let shadow: GroundShadow;
    /** The ground: the bottom of this box (the models' bounds, with room around the floating box). */
    const bounds = new Box3().setFromPoints([at(-3, 0, -3), at(3, 2, 3)]);
    const camera = new PerspectiveCamera(45, WIDTH / HEIGHT, 0.1, 100);

    before(() => {
      renderer = new WebGLRenderer({ canvas: document.createElement('canvas') });
      renderer.autoClear = false;
      target = createDisplayTarget(WIDTH, HEIGHT, 4);
      scene = new Scene();
      // A unit box floating between heights 1 and 2.
      box = new Mesh(new BoxGeometry(1, 1, 1), new MeshBasicMaterial({ color: 0x4080c0 }));
      scene.add(box);
      shadow = new GroundShadow();
    });
    beforeEach(() => {
      box.position.copy(at(0, 1.5, 0));
      box.updateMatrixWorld();
      shadow.alpha = 1;
      shadow.markStale();
      shadow.update(renderer, scene, bounds, up);
      lookFrom(at(0, 6, 8));
    });
    after(() => {
      shadow.dispose();
      target.dispose();
      box.geometry.dispose();
      (box.material as MeshBasicMaterial).dispose();
      renderer.dispose();
      renderer.forceContextLoss();
    });

    function lookFrom(position: Vector3): void {
      camera.position.copy(position);
      camera.up.copy(up);
      camera.lookAt(0, 0, 0);
      camera.updateMatrixWorld();
    }

    /** A frame as the viewer draws one: background (white), the shadow, then the models. Bottom row first. */
    function frame(withShadow: boolean): Uint8Array {
      renderer.setRenderTarget(target);
      renderer.setClearColor(0xffffff, 1);
      renderer.clear(true, true, true);
      if (withShadow) shadow.paint(renderer, camera);
      renderer.render(scene, camera);
      const pixels = new Uint8Array(WIDTH * HEIGHT * 4);
      renderer.readRenderTargetPixels(target, 0, 0, WIDTH, HEIGHT, pixels);
      renderer.setRenderTarget(null);
      return pixels;
    }

    /** The mean of red, green and blue over the 3×3 pixels around where a world point shows. */
    function brightnessAt(pixels: Uint8Array, point: Vector3): number {
      const ndc = point.clone().project(camera);
      expect(Math.abs(ndc.x) < 0.95 && Math.abs(ndc.y) < 0.95, `${point.toArray()} in view`).to.equal(true);
      const px = Math.round(((ndc.x + 1) / 2) * WIDTH);
      const py = Math.round(((ndc.y + 1) / 2) * HEIGHT);
      let sum = 0;
      for (let y = py - 1; y <= py + 1; y++) for (let x = px - 1; x <= px + 1; x++) for (let c = 0; c < 3; c++) sum += pixels[(y * WIDTH + x) * 4 + c];
      return sum / 27;
    }

    const under = at(0, 0, 0);
    const far = at(-2.5, 0, 2.5);

    it('darkens the ground under the box and leaves it white far from it', () => {
      const plain = frame(false);
      const shaded = frame(true);
      expect(brightnessAt(plain, under)).to.equal(255);
      expect(brightnessAt(shaded, under)).to.be.below(235);
      expect(brightnessAt(shaded, far)).to.equal(255);
      // The box itself is drawn over the shadow, unchanged.
      expect(brightnessAt(shaded, at(0, 1.5, 0))).to.equal(brightnessAt(plain, at(0, 1.5, 0)));
    });

    it('fades out softly: darker at the centre than half a box beyond the edge, and lighter there than nothing', () => {
      const shaded = frame(true);
      const edge = brightnessAt(shaded, at(0.9, 0, 0));
      expect(brightnessAt(shaded, under)).to.be.below(edge);
      expect(edge).to.be.below(255);
    });

    it('at alpha 0 gives back the exact frame without the shadow', () => {
      shadow.alpha = 0;
      const plain = frame(false);
      const shaded = frame(true);
      expect(shaded.some((v, i) => v !== plain[i])).to.equal(false);
    });

    it('is darker at a higher alpha', () => {
      const one = brightnessAt(frame(true), under);
      shadow.alpha = 2;
      const two = brightnessAt(frame(true), under);
      expect(two).to.be.below(one - 10);
    });

    it('draws nothing when the camera is below the ground', () => {
      lookFrom(at(0, -6, 8));
      const plain = frame(false);
      const shaded = frame(true);
      expect(shaded.some((v, i) => v !== plain[i])).to.equal(false);
    });

    it('moves with the box once marked stale and updated (both ways across the ground)', () => {
      const moved = at(1.5, 0, -1);
      const before = frame(true);
      box.position.copy(at(1.5, 1.5, -1));
      box.updateMatrixWorld();
      // Not stale: the shadow stays where it was computed.
      shadow.update(renderer, scene, bounds, up);
      expect(brightnessAt(frame(true), under)).to.equal(brightnessAt(before, under));
      shadow.markStale();
      shadow.update(renderer, scene, bounds, up);
      expect(shadow.isStale).to.equal(false);
      const after = frame(true);
      expect(brightnessAt(after, under)).to.be.above(brightnessAt(before, under) + 10);
      expect(brightnessAt(after, moved)).to.be.below(brightnessAt(before, moved) - 10);
      expect(brightnessAt(after, moved)).to.be.below(235);
    });

    it('gives back the render target, clear colour and background it found', () => {
      const background = new Color(0x336699);
      scene.background = background;
      renderer.setRenderTarget(target);
      renderer.setClearColor(0x123456, 0.5);
      shadow.markStale();
      shadow.update(renderer, scene, bounds, up);
      expect(renderer.getRenderTarget()).to.equal(target);
      expect(renderer.getClearColor(new Color()).getHex()).to.equal(0x123456);
      expect(renderer.getClearAlpha()).to.equal(0.5);
      expect(scene.background).to.equal(background);
      expect(renderer.autoClear).to.equal(false);
      scene.background = null;
      renderer.setRenderTarget(null);
    });
  });
}
