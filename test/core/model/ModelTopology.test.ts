import { expect } from '@esm-bundle/chai';
import { gzipSync } from 'fflate';
import { TOPOLOGY_LIMIT_MB, TOPOLOGY_LIMIT_MOBILE_MB, Viewer } from '../../../core/index.js';
import { createContainer, sampleUrl } from '../../support/helpers.js';

describe('Model topology (spec 000 §5, §8, §9)', () => {
  const viewers: Viewer[] = [];
  const open = (isMobile = false) => {
    const viewer = new Viewer(createContainer(160, 120), { language: 'en', isMobile });
    viewer.start();
    viewers.push(viewer);
    return viewer;
  };
  afterEach(() => {
    for (const viewer of viewers.splice(0)) {
      viewer.finish();
      viewer.container.remove();
    }
  });

  it('answers "no-topology" for a model without a topology path', async () => {
    const viewer = open();
    const model = await viewer.loadModel(sampleUrl('ifc/IfcOpenHouse_IFC4.ifc'));
    expect(model.hasTopology()).to.equal(false);
    expect(await viewer.loadTopology(model)).to.deep.equal({ status: 'no-topology' });
  });

  it('answers "topology-too-big" with limitMB and topologyMB past 100 MB, and past 20 MB on mobile', async () => {
    expect([TOPOLOGY_LIMIT_MB, TOPOLOGY_LIMIT_MOBILE_MB]).to.deep.equal([100, 20]);
    const desktop = open();
    const big = await desktop.loadModel(sampleUrl('gltf/properties.glb'), { topology: { path: 'topology.json.gz', sizeMB: 120 } });
    expect(await desktop.loadTopology(big)).to.deep.equal({ status: 'topology-too-big', limitMB: 100, topologyMB: 120 });
    const mobile = open(true);
    const medium = await mobile.loadModel(sampleUrl('gltf/properties.glb'), { topology: { path: 'topology.json.gz', sizeMB: 30 } });
    expect(await mobile.loadTopology(medium)).to.deep.equal({ status: 'topology-too-big', limitMB: 20, topologyMB: 30 });
  });

  it('loads a gzipped topology within the limit, once', async () => {
    const topology = { edges: [[0, 1], [1, 2]], faces: [{ id: 7 }] };
    const url = URL.createObjectURL(new Blob([gzipSync(new TextEncoder().encode(JSON.stringify(topology)))]));
    const viewer = open(true);
    const model = await viewer.loadModel(sampleUrl('gltf/properties.glb'), { topology: { path: url, sizeMB: 20 } });
    const first = await viewer.loadTopology(model);
    expect(first).to.deep.equal({ status: 'loaded', topology });
    URL.revokeObjectURL(url); // a second request would fail: the result is kept
    expect(await viewer.loadTopology(model)).to.equal(first);
  });
});
