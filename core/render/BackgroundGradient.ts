import { type Camera, Color, Mesh, PlaneGeometry, RawShaderMaterial, type WebGLRenderer } from 'three';
import { encodeDisplayOutput } from './displayTarget.js';

/**
 * The view's background: a gradient from the top of the view to its bottom, drawn as a full-view quad
 * behind everything (first, without depth). Unlike three.js's scene background, its program can be
 * compiled ahead of its first frame (`compile`): first use of a program waits until the GPU process has
 * linked it, which took 40–50 ms in the empty viewer's first frame on software GL.
 */
export class BackgroundGradient {
  readonly mesh: Mesh<PlaneGeometry, RawShaderMaterial>;

  constructor(top: Color, bottom: Color) {
    // A raw shader: its program does not depend on the scene's lights, so one program serves every scene.
    const material = new RawShaderMaterial({
      uniforms: { top: { value: new Color() }, bottom: { value: new Color() } },
      vertexShader: /* glsl */ `
        attribute vec3 position;
        attribute vec2 uv;
        varying float vHeight;
        void main() {
          vHeight = uv.y;
          gl_Position = vec4(position.xy, 1.0, 1.0);
        }`,
      // Mixed in linear light, written as display colour (frames are drawn into display targets, like the batches).
      fragmentShader: encodeDisplayOutput(/* glsl */ `
        precision highp float;
        uniform vec3 top;
        uniform vec3 bottom;
        varying float vHeight;
        #include <colorspace_pars_fragment>
        void main() {
          gl_FragColor = vec4(mix(bottom, top, vHeight), 1.0);
          #include <colorspace_fragment>
        }`),
      depthTest: false,
      depthWrite: false,
      toneMapped: false,
    });
    this.mesh = new Mesh(new PlaneGeometry(2, 2), material);
    this.mesh.frustumCulled = false;
    this.mesh.renderOrder = -1e9; // before every other opaque object
    this.setColors(top, bottom);
  }

  /** The colours at the top and the bottom of the view (three.js colours: linear). */
  setColors(top: Color, bottom: Color): void {
    this.mesh.material.uniforms.top.value.copy(top);
    this.mesh.material.uniforms.bottom.value.copy(bottom);
  }

  /** Asks for the program it draws with, without waiting for it. */
  compile(renderer: WebGLRenderer, camera: Camera): void {
    renderer.compile(this.mesh, camera);
  }

  dispose(): void {
    this.mesh.geometry.dispose();
    this.mesh.material.dispose();
  }
}
