import { type Camera, type CompressedCubeTexture, Matrix3, Matrix4, type Euler, type WebGLRenderer } from 'three';
import { FullScreenQuad } from 'three/examples/jsm/postprocessing/Pass.js';
import { passMaterial } from './effects/passMaterials.js';
import { DECODE_RGBM } from './environmentMaps.js';

/**
 * The environment behind the models (preference `envMapBackground`, spec 001 §3): each pixel shows the
 * radiance of the light preset's environment map seen along its view ray, turned as the environment is
 * (its +Y along the world up), in display colours. It replaces the background gradient while it is on.
 */
export class EnvironmentBackground {
  private readonly projectionInverse = new Matrix4();
  private readonly viewToEnvironment = new Matrix3();
  private readonly rotation = new Matrix4();
  private readonly material = passMaterial(
    /* glsl */ `
      uniform samplerCube radiance;
      uniform mat4 projectionInverse;
      uniform mat3 viewToEnvironment;
      varying vec2 vUv;
      ${DECODE_RGBM}
      void main() {
        vec4 view = projectionInverse * vec4(vUv * 2.0 - 1.0, 1.0, 1.0);
        vec3 direction = normalize(viewToEnvironment * (view.xyz / view.w));
        gl_FragColor = sRGBTransferOETF(vec4(decodeRgbm(textureCube(radiance, direction)), 1.0));
      }`,
    { radiance: { value: null }, projectionInverse: { value: this.projectionInverse }, viewToEnvironment: { value: this.viewToEnvironment } },
  );
  private readonly pass = new FullScreenQuad(this.material);

  /** Paints the environment over the renderer's current target, as the camera sees it; `environmentRotation` turns the map's +Y to the world's up. */
  paint(renderer: WebGLRenderer, camera: Camera, radiance: CompressedCubeTexture, environmentRotation: Euler): void {
    const u = this.material.uniforms;
    u.radiance.value = radiance;
    this.projectionInverse.copy((camera as Camera & { projectionMatrix: Matrix4 }).projectionMatrix).invert();
    // View → world (the camera's rotation), then world → environment (the inverse of the environment's turn).
    this.rotation.makeRotationFromEuler(environmentRotation).invert().multiply(camera.matrixWorld);
    this.viewToEnvironment.setFromMatrix4(this.rotation);
    const autoClear = renderer.autoClear;
    renderer.autoClear = false;
    this.pass.render(renderer);
    renderer.autoClear = autoClear;
  }

  dispose(): void {
    this.material.dispose();
    this.pass.dispose();
  }
}
