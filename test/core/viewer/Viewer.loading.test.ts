import { expect } from '@esm-bundle/chai';
import { ErrorCode, type Model, Viewer } from '../../../core/index.js';
import { issueToken } from '../../support/documentServer.js';
import { capture, changedPixels, createContainer, documentServerUrl, nextEvent, sampleUrl } from '../../support/helpers.js';

describe('Viewer: loading glTF', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(320, 240);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('sends its access token with a model file of its own, headless (one place builds the header)', async () => {
    const url = documentServerUrl('/protected/gltf/car.glb');
    // error is raised for the refused load: read it at the viewer, not as an uncaught page error.
    const errors: number[] = [];
    viewer.addEventListener('error', (e) => errors.push(e.detail.code));
    const refused = await viewer.loadModel(url).then(() => null, (error: { code: number; httpStatus?: number }) => error);
    expect(refused?.httpStatus, 'no token: the host server refuses the file').to.equal(401);
    await new Promise((resolve) => setTimeout(resolve, 0)); // load errors are raised after the task
    expect(errors, 'access denied (spec 001 §8)').to.deep.equal([4]);
    viewer.endpoint.accessToken.setToken((await issueToken()).access_token);
    const model = await viewer.loadModel(url);
    expect(model.fragments.count, 'with the token: the file loads').to.be.greaterThan(0);
  });

  it('builds the instance tree from the nodes of the default scene (dbId 0 is never an object)', async () => {
    const model = await viewer.loadModel(sampleUrl('gltf/CubeHierarchy.gltf'));
    const tree = model.getInstanceTree();
    expect(tree.getRootId()).to.equal(1);
    expect(tree.getNodeName(1)).to.equal('CubeHierarchy.gltf');
    const names: string[] = [];
    tree.enumNodeChildren(1, (id) => void names.push(tree.getNodeName(id) ?? `Object ${id}`), true);
    expect(names.slice(0, 3)).to.deep.equal(['Parent node 1', 'Child node 1', 'Object 7']);
    expect(tree.hasNode(0)).to.equal(false);
    expect(model.fragments.count).to.be.greaterThan(0);
  });

  it('answers getProperties from node names and extras, and the scene extras on the root', async () => {
    const model = await viewer.loadModel(sampleUrl('gltf/properties.glb'));
    const node = await model.getProperties(2);
    expect(node.name).to.equal('Cube 1 Node');
    const byName = Object.fromEntries(node.properties.map((p) => [p.displayName, p.displayValue]));
    expect(byName['Node Property String']).to.equal('node example');
    expect(byName['Node Property Float']).to.equal(0.5);
    const root = await model.getProperties(1);
    expect(Object.fromEntries(root.properties.map((p) => [p.displayName, p.displayValue]))).to.include({
      'Scene Property String': 'scene example',
      'Scene Property Integer': 1,
    });
    expect(await model.search('node example')).to.deep.equal([2]);
  });

  it('raises progress up to 100, then geometry-loaded, and draws the model', async () => {
    const before = capture(viewer);
    const percents: number[] = [];
    viewer.addEventListener('progress', (e) => percents.push(e.detail.percent));
    const loaded = nextEvent(viewer, 'geometry-loaded');
    const model = await viewer.loadModel(sampleUrl('gltf/car.glb'));
    expect((await loaded).model).to.equal(model);
    expect(percents.at(-1)).to.equal(100);
    const after = capture(viewer);
    const changed = changedPixels(before, after);
    // The car covers a good part of the view, around its centre.
    expect(changed.length).to.be.greaterThan(0.15 * after.width * after.height);
    const centre = (after.height / 2) * after.width + after.width / 2;
    expect(changed).to.include(Math.round(centre));
  });

  it('rejects an unknown extension with code 13 and keeps the model it had', async () => {
    const model = await viewer.loadModel(sampleUrl('gltf/car.glb'));
    const error = nextEvent(viewer, 'error');
    let rejected: unknown = null;
    await viewer.loadModel(sampleUrl('gltf/car.xyz')).catch((e) => (rejected = e));
    const raised = await error;
    expect(raised.code).to.equal(ErrorCode.UNSUPPORTED_FILE_EXTENSION);
    // Spec 001 §8's text first, then the extension and the formats that do load.
    expect(raised.message).to.equal('File extension not supported: ".xyz" (car.xyz). Formats that load: .dxf, .glb, .gltf, .ifc, .ifczip, .leaflet, .pdf, .svf, .svg, .svgz, .zip.');
    expect((rejected as { code: number }).code).to.equal(13);
    expect(viewer.getVisibleModels()).to.deep.equal([model]);
    expect(viewer.hitTestCanvas(160, 120)).to.not.equal(null);
  });

  it('reports a missing file as code 5 with its HTTP status, and a broken one as bad data', async () => {
    const missing = nextEvent(viewer, 'error');
    await viewer.loadModel(sampleUrl('gltf/missing.glb')).catch(() => {});
    expect(await missing).to.include({ code: 5, httpStatus: 404 });
    const broken = new Blob([new Uint8Array([103, 108, 84, 70, 2, 0, 0, 0, 99, 0, 0, 0])]);
    const bad = nextEvent(viewer, 'error');
    await viewer.loadModel(URL.createObjectURL(broken), { fileExtension: 'glb' }).catch(() => {});
    const badError = await bad;
    expect(badError.code).to.equal(ErrorCode.BAD_DATA);
    expect(badError.message).to.match(/^Cannot read .* as glTF/);
    expect(viewer.getVisibleModels()).to.have.length(0);
  });

  it('unloads a model: model-removed, and property calls reject with the spec text', async () => {
    const model: Model = await viewer.loadModel(sampleUrl('gltf/properties.glb'));
    const removed = nextEvent(viewer, 'model-removed');
    viewer.unloadModel(model);
    expect((await removed).model).to.equal(model);
    let message = '';
    await model.getProperties(2).catch((e: Error) => (message = e.message));
    expect(message).to.equal('Properties failed to load since model does not exist');
    await model.search('x').catch((e: Error) => (message = e.message));
    expect(message).to.equal('Search failed since model does not exist');
  });
});
