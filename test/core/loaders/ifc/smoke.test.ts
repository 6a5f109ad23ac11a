import { expect } from '@esm-bundle/chai';
import { Viewer } from '../../../../core/index.js';
import { createContainer, sampleUrl } from '../../../support/helpers.js';

describe('smoke', () => {
  it('loads', async () => {
    const container = createContainer(320, 240);
    const viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    for (const f of ['AC20-FZK-Haus.ifc', 'duplex.ifc', 'example.ifc', 'IfcOpenHouse_IFC4.ifc', 'KIT-Simple-Road-Test-Web-IFC4x3_RC2.ifc']) {
      const t = performance.now();
      const model = await viewer.loadModel(sampleUrl('ifc/' + f));
      const tree = model.getInstanceTree();
      console.log(f, (performance.now() - t).toFixed(0), 'ms frags', model.fragments.count, 'nodes', tree.nodeCount, 'unit', model.getUnitString(), JSON.stringify(model.getBoundingBox()));
      const p = await model.getProperties(2);
      console.log(JSON.stringify(p).slice(0, 600));
      viewer.unloadModel(model);
    }
    expect(1).to.equal(1);
    viewer.finish();
  });
});
