import { expect } from '@esm-bundle/chai';
import { Viewer } from '../../../core/index.js';
import { createContainer, sampleUrl } from '../../support/helpers.js';

describe('smoke', () => {
  it('loads a glb and draws it', async () => {
    const container = createContainer();
    const viewer = new Viewer(container, { language: 'en' });
    expect(viewer.start()).to.equal(true);
    const model = await viewer.loadModel(sampleUrl('gltf/properties.glb'));
    expect(model.fragments.count).to.be.greaterThan(0);
    const stats = viewer.renderNow();
    expect(stats.drawCalls).to.be.greaterThan(0);
    const props = await model.getProperties(2);
    expect(props.name).to.equal('Cube 1 Node');
    viewer.finish();
  });
});
