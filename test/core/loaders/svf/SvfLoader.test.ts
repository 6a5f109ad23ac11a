import { expect } from '@esm-bundle/chai';
import { Document, type Model, selectViewable, Viewer } from '../../../../core/index.js';
import { type ServedDocuments, issueToken, servedDocuments } from '../../../support/documentServer.js';
import { capture, changedPixels, createContainer, documentServerUrl, nextEvent, sampleUrl } from '../../../support/helpers.js';
import { readSvfFacts, type SvfFacts } from '../../../support/svfFacts.js';

/** Every way the server offers a sample: bundles (zip, folder's .svf, bubble.json, folder) and each API flavour's manifest. */
type Way = { label: string; open: (viewer: Viewer) => Promise<Model> };

function waysToOpen(doc: ServedDocuments['documents'][number]): Way[] {
  const viaDocument = (source: string) => (viewer: Viewer) => viewer.loadDocument(source);
  return [
    { label: 'zip bundle', open: (viewer) => viewer.loadModel(doc.bundles.zip) },
    { label: '.svf in the bundle folder', open: (viewer) => viewer.loadModel(doc.bundles.svf) },
    { label: 'bubble.json of the bundle', open: viaDocument(doc.bundles.bubble) },
    { label: 'bundle folder', open: viaDocument(doc.bundles.folder) },
    { label: 'urn through the derivativeV2 endpoint', open: viaDocument(doc.urn) },
    { label: 'derivativeV2 manifest URL', open: viaDocument(doc.manifests.derivativeV2) },
    { label: 'modelDerivativeV2 manifest URL', open: viaDocument(doc.manifests.modelDerivativeV2) },
    { label: 'fluent manifest URL', open: viaDocument(doc.manifests.fluent) },
  ];
}

function checkAgainstFacts(model: Model, facts: SvfFacts): void {
  expect(model.fragments.count, 'fragments').to.equal(facts.fragmentCount);
  const tree = model.getInstanceTree();
  expect(tree.nodeCount - 1, 'objects').to.equal(facts.objectCount);
  expect(tree.getRootId()).to.equal(facts.rootId);
  for (let dbId = 1; dbId <= facts.objectCount; dbId++) {
    if (dbId === facts.rootId) continue;
    expect(tree.getNodeParentId(dbId), `parent of ${dbId}`).to.equal(facts.parents[dbId]);
    expect(tree.getNodeName(dbId), `name of ${dbId}`).to.equal(facts.names[dbId]);
  }
  // Every fragment belongs to an object of the tree.
  for (let f = 0; f < model.fragments.count; f++) expect(tree.hasNode(model.fragments.getDbId(f))).to.equal(true);
  expect(model.getDistanceUnit()).to.equal(facts.distanceUnit);
  expect(model.getUpVector()).to.deep.equal(facts.worldUp);
  const camera = model.getDefaultCamera();
  expect(camera).to.not.equal(null);
  camera!.position.forEach((v, i) => expect(v).to.be.closeTo(facts.defaultCamera!.position[i], 1e-4));
  camera!.target.forEach((v, i) => expect(v).to.be.closeTo(facts.defaultCamera!.target[i], 1e-4));
}

describe('SVF: every sample from the local document server', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let served: ServedDocuments;

  before(async () => {
    served = await servedDocuments();
    expect(served.documents.length).to.be.greaterThan(0);
  });
  beforeEach(async () => {
    container = createContainer(320, 240);
    const { access_token } = await issueToken();
    viewer = new Viewer(container, { language: 'en', env: 'Local', endpoint: documentServerUrl(), accessToken: access_token });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('opens each sample every way, with the counts, tree, unit and default camera of its own files', async () => {
    for (const doc of served.documents) {
      const facts = await readSvfFacts(sampleUrl(`svf/${doc.name}/`), doc.bundles.svf.split('/').pop()!);
      for (const way of waysToOpen(doc)) {
        const model = await way.open(viewer);
        try {
          checkAgainstFacts(model, facts);
        } catch (error) {
          (error as Error).message = `${doc.name} (${way.label}): ${(error as Error).message}`;
          throw error;
        }
        viewer.unloadModel(model);
      }
    }
  });

  it('answers properties from the property database files as they are', async () => {
    for (const doc of served.documents) {
      const facts = await readSvfFacts(sampleUrl(`svf/${doc.name}/`), doc.bundles.svf.split('/').pop()!);
      const model = await viewer.loadDocument(doc.urn);
      const root = await model.getProperties(1);
      expect(root.name).to.equal(facts.names[1]);
      const shown = root.properties.map((p) => [p.displayCategory, p.displayName, p.displayValue]);
      expect(shown).to.deep.equal(facts.rootProperties);
      // Search reaches names in the database.
      const someName = facts.names.find((n, dbId) => dbId > 1 && n && n.length > 3)!;
      expect(await model.search(someName)).to.include(facts.names.indexOf(someName));
      viewer.unloadModel(model);
    }
  });

  it('draws the sample from its default camera: progress to 100, geometry-loaded, pixels on screen', async () => {
    const doc = served.documents[0];
    const before = capture(viewer);
    const loaded = nextEvent(viewer, 'geometry-loaded');
    const model = await viewer.loadModel(doc.bundles.zip);
    expect((await loaded).model).to.equal(model);
    const facts = await readSvfFacts(sampleUrl(`svf/${doc.name}/`), doc.bundles.svf.split('/').pop()!);
    const camera = viewer.navigation.getCamera();
    expect(camera.position.x).to.be.closeTo(facts.defaultCamera!.position[0], 1e-3);
    expect(camera.position.y).to.be.closeTo(facts.defaultCamera!.position[1], 1e-3);
    const changed = changedPixels(before, capture(viewer));
    expect(changed.length).to.be.greaterThan(0.02 * 320 * 240);
    // Every fragment's geometry arrived and is placed inside the model's box.
    const box = model.getBoundingBox().expandByScalar(1e-3);
    for (let f = 0; f < model.fragments.count; f++) {
      expect(model.fragments.isLoaded(f), `fragment ${f} loaded`).to.equal(true);
      const fragmentBox = model.fragments.getWorldBox(f).translate(model.globalOffset);
      expect(box.containsBox(fragmentBox), `fragment ${f} inside the world box`).to.equal(true);
    }
  });

  it('without a property database, takes the tree from InstanceTree.bin (fragments under the same parents)', async () => {
    const doc = served.documents[0];
    const facts = await readSvfFacts(sampleUrl(`svf/${doc.name}/`), doc.bundles.svf.split('/').pop()!);
    // A database location where there is none: the property files answer 404.
    const model = await viewer.loadModel(doc.bundles.svf, { propertyDbPath: documentServerUrl('/bundles/no-such-bundle/') });
    expect(model.fragments.count).to.equal(facts.fragmentCount);
    const tree = model.getInstanceTree();
    for (let f = 0; f < model.fragments.count; f++) {
      const dbId = model.fragments.getDbId(f);
      expect(tree.hasNode(dbId)).to.equal(true);
      expect(tree.getNodeParentId(dbId), `parent of ${dbId}`).to.equal(facts.parents[dbId]);
    }
    let message = '';
    await model.getProperties(1).catch((e: Error) => (message = e.message));
    expect(message).to.equal("Model doesn't have any properties");
  });

  it('opens the document view node at its camera, and a second open of the same item keeps the model', async () => {
    const doc = served.documents[0];
    const document = await Document.load(doc.urn, { endpoint: viewer.endpoint });
    const viewable = selectViewable(document)!;
    const model = await viewer.loadDocumentNode(document, viewable);
    const view = document.getRoot().search({ type: 'view', role: '3d' })[0];
    expect(view.camera).to.have.length(13);
    viewer.navigation.orbit(0.5, 0.2);
    const again = await viewer.loadDocumentNode(document, view);
    expect(again).to.equal(model);
    expect(viewer.getVisibleModels()).to.have.length(1);
    const camera = viewer.navigation.getCamera();
    expect(camera.position.x).to.be.closeTo(view.camera![0], 1e-3);
    expect(camera.position.z).to.be.closeTo(view.camera![2], 1e-3);
  });
});
