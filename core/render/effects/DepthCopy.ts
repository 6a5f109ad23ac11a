import { DepthTexture, NearestFilter, UnsignedIntType, type WebGLRenderer, WebGLRenderTarget } from 'three';

/**
 * The depth of a drawn frame, copied out of its target into a texture the screen passes read (ambient
 * occlusion, edges, post-process styles): a blit of the depth buffer where the draws tested depth (the
 * multisampled buffer of a multisampled target), resolving the samples. One copy serves every pass of a frame.
 */
export class DepthCopy {
  private target: WebGLRenderTarget | null = null;

  /** Copies `source`'s depth; the texture holds it until the next copy. */
  copy(renderer: WebGLRenderer, source: WebGLRenderTarget): DepthTexture {
    const { width, height } = source;
    if (!this.target || this.target.width !== width || this.target.height !== height) {
      this.dispose();
      const depthTexture = new DepthTexture(width, height, UnsignedIntType);
      this.target = new WebGLRenderTarget(width, height, { depthBuffer: true, depthTexture, minFilter: NearestFilter, magFilter: NearestFilter });
    }
    const gl = renderer.getContext() as WebGL2RenderingContext;
    // The destination's framebuffer exists once three.js has set the target up.
    renderer.setRenderTarget(this.target);
    const sourceProperties = renderer.properties.get(source) as { __webglFramebuffer?: WebGLFramebuffer; __webglMultisampledFramebuffer?: WebGLFramebuffer };
    const read = source.samples > 0 ? sourceProperties.__webglMultisampledFramebuffer : sourceProperties.__webglFramebuffer;
    const draw = (renderer.properties.get(this.target) as { __webglFramebuffer?: WebGLFramebuffer }).__webglFramebuffer;
    if (read && draw) {
      renderer.state.bindFramebuffer(gl.READ_FRAMEBUFFER, read);
      renderer.state.bindFramebuffer(gl.DRAW_FRAMEBUFFER, draw);
      gl.blitFramebuffer(0, 0, width, height, 0, 0, width, height, gl.DEPTH_BUFFER_BIT, gl.NEAREST);
      renderer.state.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
    }
    renderer.setRenderTarget(null);
    return this.target.depthTexture!;
  }

  dispose(): void {
    this.target?.depthTexture?.dispose();
    this.target?.dispose();
    this.target = null;
  }
}
