import { expect } from '@esm-bundle/chai';
import '../../elements/index.js';
import type { DesignViewerElement } from '../../elements/index.js';
import { type ServedDocuments, issueToken, servedDocuments } from '../support/documentServer.js';
import { documentServerUrl } from '../support/helpers.js';

function waitFor<T = unknown>(element: HTMLElement, name: string): Promise<T> {
  return new Promise((resolve) =>
    element.addEventListener(
      name,
      (e) => {
        // A bubbling `error` would reach window, where the test framework takes it for an uncaught error.
        if (name === 'error') e.stopPropagation();
        resolve((e as CustomEvent<T>).detail);
      },
      { once: true },
    ),
  );
}

describe('<design-viewer> with documents', () => {
  let element: DesignViewerElement;
  let served: ServedDocuments;

  before(async () => {
    served = await servedDocuments();
  });
  beforeEach(async () => {
    element = document.createElement('design-viewer');
    element.style.cssText = 'width:320px;height:240px';
    element.headless = true;
    element.env = 'Local';
    element.config = { endpoint: documentServerUrl(), language: 'en' };
    element.accessToken = (await issueToken()).access_token;
  });
  afterEach(() => element.remove());

  it('opens a manifest given as src: the default viewable of the document', async () => {
    element.src = served.documents[0].manifests.derivativeV2;
    const loaded = waitFor<{ model: { fileName: string; nameOverride?: string } }>(element, 'geometry-loaded');
    document.body.appendChild(element);
    const { model } = await loaded;
    expect(model.fileName).to.match(/\.svf$/);
    expect(model.nameOverride).to.equal(served.documents[0].name);
  });

  it('opens the viewable named by the viewable attribute (a view: the camera goes to it)', async () => {
    const manifest = await (await fetch(served.documents[0].manifests.derivativeV2, { headers: { Authorization: `Bearer ${element.accessToken}` } })).json();
    const view = manifest.children[0].children.find((c: { type: string }) => c.type === 'view');
    element.setAttribute('viewable', view.guid);
    element.src = served.documents[0].urn;
    const loaded = waitFor(element, 'geometry-loaded');
    document.body.appendChild(element);
    await loaded;
    const camera = element.viewer!.navigation.getCamera();
    expect(camera.position.x).to.be.closeTo(view.camera[0], 1e-3);
    expect(camera.position.y).to.be.closeTo(view.camera[1], 1e-3);
  });

  it('dispatches error with code 2 for a malicious manifest and keeps working', async () => {
    element.src = served.problems.malicious;
    const failed = waitFor<{ code: number; message: string }>(element, 'error');
    document.body.appendChild(element);
    expect(await failed).to.deep.equal({ code: 2, message: 'Malicious document content detected Abort loading' });
    const loaded = waitFor(element, 'geometry-loaded');
    element.src = served.documents[0].bundles.folder;
    await loaded;
    expect(element.viewer!.getVisibleModels()).to.have.length(1);
  });
});
