import { LinearFilter, WebGLRenderTarget } from 'three';

/**
 * A target that holds display colours: plain 8-bit RGBA, into which the materials write sRGB-encoded
 * colours themselves (`encodeDisplayOutput`), as three.js's materials do when they draw onto the canvas.
 * An sRGB-format multisampled buffer would encode in the hardware instead, but software GL pays for
 * that on every sample: drawing the background into one took 28 ms against 3 ms here (400×300, 4×).
 * Everything drawn into such a target must encode its output. Only colour is resolved out of a
 * multisampled one: the depth the next slices test against stays in its multisampled buffer.
 */
export function createDisplayTarget(width: number, height: number, samples: number): WebGLRenderTarget {
  return new WebGLRenderTarget(width, height, { samples, minFilter: LinearFilter, magFilter: LinearFilter, depthBuffer: true, resolveDepthBuffer: false });
}

/** Makes a three.js fragment shader write sRGB-encoded colour, for a display target (createDisplayTarget). */
export function encodeDisplayOutput(fragmentShader: string): string {
  return fragmentShader.replace('#include <colorspace_fragment>', 'gl_FragColor = sRGBTransferOETF( gl_FragColor );');
}
