import { expect } from '@esm-bundle/chai';
import { Viewer } from '../../../../core/index.js';
import { createContainer, sampleUrl } from '../../../support/helpers.js';

describe('svf quick', () => {
  it('loads', async () => {
    const container = createContainer(320, 240);
    const viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    const model = await viewer.loadModel(sampleUrl('svf/bim-sample/0.svf'));
    console.log(model.fragments.count, model.instanceTree.getNodeCountInTree(), model.getUnitString(), JSON.stringify(model.getDefaultCamera()));
    const p = await model.getProperties(1);
    console.log(p.name, p.properties.length);
    expect(model.fragments.count).to.equal(238);
    viewer.finish();
  });
});
