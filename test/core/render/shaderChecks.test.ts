import { expect } from '@esm-bundle/chai';
import { Viewer } from '../../../core/index.js';
import { capture, colourCount, createContainer, sampleUrl } from '../../support/helpers.js';

/** Counts the calls that ask the GPU process for a program's compile or link result (each blocks the page). */
function countStatusQueries(): { count: () => number; restore: () => void } {
  const proto = WebGL2RenderingContext.prototype;
  const { getProgramParameter, getShaderParameter, getProgramInfoLog, getShaderInfoLog } = proto;
  let calls = 0;
  proto.getProgramParameter = function (this: WebGL2RenderingContext, program: WebGLProgram, pname: GLenum) {
    if (pname === this.LINK_STATUS) calls++;
    return getProgramParameter.call(this, program, pname);
  };
  proto.getShaderParameter = function (this: WebGL2RenderingContext, shader: WebGLShader, pname: GLenum) {
    if (pname === this.COMPILE_STATUS) calls++;
    return getShaderParameter.call(this, shader, pname);
  };
  proto.getProgramInfoLog = function (this: WebGL2RenderingContext, program: WebGLProgram) {
    calls++;
    return getProgramInfoLog.call(this, program);
  };
  proto.getShaderInfoLog = function (this: WebGL2RenderingContext, shader: WebGLShader) {
    calls++;
    return getShaderInfoLog.call(this, shader);
  };
  return {
    count: () => calls,
    restore: () => Object.assign(proto, { getProgramParameter, getShaderParameter, getProgramInfoLog, getShaderInfoLog }),
  };
}

/** Loads the car, captures a complete frame and reports how many status queries that took, and whether the car shows. */
async function drawCar(logLevel?: number): Promise<{ queries: number; colours: number }> {
  const container = createContainer(160, 120);
  const viewer = new Viewer(container, { language: 'en', logLevel });
  const queries = countStatusQueries();
  try {
    viewer.start();
    await viewer.loadModel(sampleUrl('gltf/car.glb'));
    const colours = colourCount(capture(viewer));
    return { queries: queries.count(), colours };
  } finally {
    queries.restore();
    viewer.finish();
    container.remove();
  }
}

describe('shader status checks', () => {
  it('draws without waiting on compile results, unless the log level is debug', async function () {
    this.timeout(60000);
    const quiet = await drawCar();
    expect(quiet.colours, 'the car is drawn').to.be.greaterThan(100);
    expect(quiet.queries).to.equal(0);
    const debug = await drawCar(5);
    expect(debug.colours, 'the car is drawn').to.be.greaterThan(100);
    // Each program compiled for the frame is checked: background, copy and at least one batch program.
    expect(debug.queries).to.be.at.least(3);
  });
});
