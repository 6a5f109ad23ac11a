import { type IUniform, ShaderMaterial } from 'three';

/** The vertex shader of a full-view pass: the quad's (or triangle's) positions are clip space already. */
export const FULLSCREEN_VERTEX = /* glsl */ `
  varying vec2 vUv;
  void main() {
    vUv = uv;
    gl_Position = vec4(position.xy, 0.0, 1.0);
  }`;

/** GLSL: the view-space position of a pixel from its depth (`tDepth`), through the inverse projection (perspective or orthographic). */
export const VIEW_POSITION = /* glsl */ `
  uniform sampler2D tDepth;
  uniform mat4 projectionInverse;
  vec3 viewPositionAt(vec2 uv) {
    float depth = texture2D(tDepth, uv).r;
    vec4 view = projectionInverse * vec4(vec3(uv, depth) * 2.0 - 1.0, 1.0);
    return view.xyz / view.w;
  }`;

/** A full-view pass's material: its fragment shader over the whole target, no depth, no tone mapping. */
export function passMaterial(fragmentShader: string, uniforms: Record<string, IUniform>): ShaderMaterial {
  return new ShaderMaterial({ uniforms, vertexShader: FULLSCREEN_VERTEX, fragmentShader, depthTest: false, depthWrite: false, toneMapped: false });
}

/**
 * The material of a quad laid on the ground (shadow, reflection): blended over what the target holds, under
 * whatever the models draw after it (no depth write). It is depth-tested, a little behind its plane: painted
 * into a target whose models are drawn already (the effect made once they all loaded), it stays under them.
 */
export function groundQuadMaterial(vertexShader: string, fragmentShader: string, uniforms: Record<string, IUniform>): ShaderMaterial {
  return new ShaderMaterial({
    uniforms,
    vertexShader,
    fragmentShader,
    transparent: true,
    depthTest: true,
    depthWrite: false,
    polygonOffset: true,
    polygonOffsetFactor: 1,
    polygonOffsetUnits: 4,
    toneMapped: false,
  });
}
