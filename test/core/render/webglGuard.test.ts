import { expect } from '@esm-bundle/chai';
import { webglProblem } from '../../support/webglConsolePlugin.mjs';
import { takeWebglProblems } from '../../support/webglGuard.js';

/** A context of its own, flushed: ANGLE's messages come back only once its commands reach the GPU process. */
function provokeErrors(): void {
  const gl = document.createElement('canvas').getContext('webgl2')!;
  // Chromium's own validation: a buffer first bound as vertex data cannot become an index buffer.
  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.COPY_WRITE_BUFFER, buffer);
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, buffer);
  // ANGLE's: an indexed draw with no index buffer.
  const shader = (type: number, source: string) => {
    const s = gl.createShader(type)!;
    gl.shaderSource(s, `#version 300 es\nprecision mediump float;\n${source}`);
    gl.compileShader(s);
    return s;
  };
  const program = gl.createProgram()!;
  gl.attachShader(program, shader(gl.VERTEX_SHADER, 'void main() { gl_Position = vec4(0.0); }'));
  gl.attachShader(program, shader(gl.FRAGMENT_SHADER, 'out vec4 colour; void main() { colour = vec4(1.0); }'));
  gl.linkProgram(program);
  gl.useProgram(program);
  gl.bindVertexArray(gl.createVertexArray());
  gl.drawElements(gl.TRIANGLES, 3, gl.UNSIGNED_SHORT, 0);
  gl.flush();
}

describe('the WebGL guard (test/support/webglGuard.ts)', () => {
  it('is on in a test file that does not import it', () => {
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('design-viewer.webgl-guard')]).to.equal(true);
  });

  it('sees the WebGL errors Chromium prints, from its own validation and from ANGLE', async () => {
    provokeErrors();
    const seen: string[] = [];
    const wanted = [/^WebGL: INVALID_OPERATION: bindBuffer: buffers bound to non ELEMENT_ARRAY_BUFFER targets/, /GL_INVALID_OPERATION: glDrawElements/];
    // ANGLE's message comes from the GPU process, a frame or so later.
    for (let frame = 0; frame < 60 && !wanted.every((w) => seen.some((m) => w.test(m))); frame++) seen.push(...(await takeWebglProblems()));
    // Taken here, so the guard does not fail this test for them.
    expect(seen.filter((m) => wanted[0].test(m))).to.have.length(1);
    expect(seen.filter((m) => wanted[1].test(m))).to.have.length(1);
  });

  it('counts errors and warnings that lose drawing, not the cost of reading pixels back', () => {
    const problems = [
      'WebGL: INVALID_OPERATION: copyBufferSubData: Cannot copy into an element buffer destination from a non-element buffer source',
      'WebGL: too many errors, no more errors will be reported to the console for this context.',
      '[.WebGL-0x7c5400242000]GL_INVALID_OPERATION: glDrawElements: Must have element array buffer bound.',
      '[.WebGL-0x7c5400242000]RENDER WARNING: there is no texture bound to the unit 0',
      'WARNING: Too many active WebGL contexts. Oldest context will be lost.',
    ];
    const fine = [
      '[.WebGL-0x7c5400242000]GL Driver Message (OpenGL, Performance, GL_CLOSE_PATH_NV, High): GPU stall due to ReadPixels',
      'WebGL: CONTEXT_LOST_WEBGL: loseContext: context lost',
      'Canvas2D: Multiple readback operations using getImageData are faster with the willReadFrequently attribute set to true.',
      'THREE.WebGLRenderer: Context Lost.',
    ];
    expect(problems.filter((m) => !webglProblem(m))).to.deep.equal([]);
    expect(fine.filter((m) => webglProblem(m))).to.deep.equal([]);
  });
});
