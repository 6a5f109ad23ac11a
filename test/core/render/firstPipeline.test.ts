import { expect } from '@esm-bundle/chai';
import { PerspectiveCamera } from 'three';
import { Viewer } from '../../../core/index.js';
import type { BatchPlan } from '../../../core/model/GeometryBatch.js';
import { placeholderChunk, placeholderModel } from '../../../core/render/placeholderModel.js';
import { SceneRenderer } from '../../../core/render/SceneRenderer.js';
import { buildOpaquePipeline } from '../../../core/render/shaderWarmUp.js';
import { createContainer } from '../../support/helpers.js';

const opaque: BatchPlan = { kind: 'triangles', transparent: false, doubleSided: false, textureMaterial: -1, hasUvs: false, vertexCount: 3, indexCount: 3 };

/** Counts the primitives of every indexed draw, passing each on to the real context. */
function watchDraws(gl: WebGL2RenderingContext): number[] {
  const counts: number[] = [];
  const drawElements = gl.drawElements.bind(gl);
  gl.drawElements = ((mode: number, count: number, type: number, offset: number) => {
    counts.push(count);
    drawElements(mode, count, type, offset);
  }) as typeof gl.drawElements;
  return counts;
}

describe('the opaque batch pipeline built ahead of the first model (software GL)', () => {
  it('draws one triangle offscreen, and a model drawn later uses the program already linked', () => {
    const renderer = new SceneRenderer(document.createElement('canvas'));
    const gl = renderer.renderer.getContext() as WebGL2RenderingContext;
    const draws = watchDraws(gl);
    const model = placeholderModel('drawn later', [opaque], [0]);
    const camera = new PerspectiveCamera(50, 64 / 48, 0.1, 100);
    camera.position.set(0.25, 0.25, 2);
    camera.updateMatrixWorld();
    try {
      renderer.setSize(64, 48, 1);
      buildOpaquePipeline(renderer);
      // A real draw (software GL builds the pipeline then), of the one triangle, with one program.
      expect(draws).to.deep.equal([3]);
      expect(renderer.renderer.info.programs!.length).to.equal(1);

      renderer.addModel(model);
      model.batches[0].append(placeholderChunk(0, 0, 0, 0, 3));
      const frame = renderer.renderFrame(camera, { kind: 'complete' });
      expect(frame.triangles).to.equal(1);
      expect(draws.slice(1)).to.deep.equal([3]);
      expect(renderer.renderer.info.programs!.length).to.equal(1);
      expect(gl.getError()).to.equal(gl.NO_ERROR);
    } finally {
      renderer.dispose();
      model.dispose();
    }
  });

  it('is built as the viewer starts where shaders do not compile in parallel, outside the models of the scene', () => {
    const container = createContainer(160, 120);
    const viewer = new Viewer(container, { language: 'en' });
    try {
      viewer.start();
      const renderer = viewer.renderContext!.renderer;
      const parallel = renderer.extensions.has('KHR_parallel_shader_compile');
      // SwiftShader, where these tests run, has no parallel compiling: the pipeline is built at once.
      expect(parallel).to.equal(false);
      expect(renderer.info.programs!.length).to.equal(1);
      expect(viewer.renderContext!.loadedPrimitives).to.equal(0);
      expect(viewer.getVisibleModels()).to.deep.equal([]);
    } finally {
      viewer.finish();
      container.remove();
    }
  });
});
