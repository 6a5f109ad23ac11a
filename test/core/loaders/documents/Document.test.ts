import { expect } from '@esm-bundle/chai';
import { unzipSync } from 'fflate';
import { Document, ErrorCode, Logger, MALICIOUS_MANIFEST_MESSAGE, NO_ACCESS_TOKEN_MESSAGE, selectViewable, Viewer } from '../../../../core/index.js';
import { Endpoint } from '../../../../core/loaders/endpoints/Endpoint.js';
import { ConsoleRecorder } from '../../../support/consoleRecorder.js';
import { type ServedDocuments, issueToken, servedDocuments } from '../../../support/documentServer.js';
import { createContainer, documentServerUrl, nextEvent, sampleUrl } from '../../../support/helpers.js';

async function endpointWithToken(path = ''): Promise<Endpoint> {
  const { access_token } = await issueToken();
  return new Endpoint(new Logger(), { env: 'Local', endpoint: documentServerUrl(path), accessToken: access_token });
}

async function loadError(source: string, endpoint: Endpoint): Promise<{ code: number; message: string; httpStatus?: number }> {
  try {
    await Document.load(source, { endpoint });
  } catch (error) {
    return error as { code: number; message: string; httpStatus?: number };
  }
  throw new Error(`${source} loaded, but it should not have`);
}

describe('Document: manifests from the local server', () => {
  let served: ServedDocuments;
  before(async () => {
    served = await servedDocuments();
  });

  it('reads the nodes the manifest lists: guid, type, role, mime, urn, name, children, camera, useAsDefault', async () => {
    const doc = await Document.load(served.documents[0].urn, { endpoint: await endpointWithToken() });
    const root = doc.getRoot();
    const viewables = root.search({ type: 'geometry', role: '3d' });
    expect(viewables).to.have.length(1);
    const viewable = viewables[0];
    expect(viewable.useAsDefault).to.equal(true);
    expect(viewable.name).to.equal(served.documents[0].name);
    expect(viewable.parent).to.equal(root);
    const svf = root.search({ mime: 'application/autodesk-svf' })[0];
    expect(svf.role).to.equal('graphics');
    expect(svf.urn).to.match(/^urn:adsk\.viewing:fs\.file:.+\.svf$/);
    expect(root.findByGuid(svf.guid)).to.equal(svf);
    const views = root.search({ type: 'view', role: '3d' });
    expect(views.length).to.be.greaterThan(0);
    expect(views[0].camera).to.have.length(13);
    expect(root.search({ role: 'thumbnail' }).length).to.be.greaterThan(0);
    expect(doc.getTranslationStatus()).to.equal('translated');
    expect(doc.canOpen(viewable)).to.equal(true);
    expect(doc.canOpen(views[0])).to.equal(true);
    expect(doc.canOpen(svf)).to.equal(false);
    expect(selectViewable(doc)).to.equal(viewable);
    expect(selectViewable(doc, views[0].guid)).to.equal(views[0]);
    expect(selectViewable(doc, 'no-such-guid')).to.equal(viewable);
    // The item URL goes through the endpoint's derivatives path, the urn's segments kept.
    expect(await doc.getItemUrl(svf)).to.equal(`${documentServerUrl()}/derivativeservice/v2/derivatives/${svf.urn.split('/').map(encodeURIComponent).join('/')}`);
  });

  it('reads the same viewables from the model derivative manifest (derivatives instead of children)', async () => {
    const doc = await Document.load(served.documents[0].manifests.modelDerivativeV2, { endpoint: await endpointWithToken() });
    expect(doc.urn).to.equal(served.documents[0].urn);
    expect(doc.getRoot().search({ type: 'geometry', role: '3d' })).to.have.length(1);
    const svf = doc.getRoot().search({ mime: 'application/autodesk-svf' })[0];
    expect(await doc.getItemUrl(svf)).to.contain('/modelderivative/v2/designdata/');
  });

  it('rejects a manifest holding a script tag as bad data (code 2) with the spec text', async () => {
    const error = await loadError(served.problems.malicious, await endpointWithToken());
    expect(error).to.include({ code: ErrorCode.BAD_DATA, message: MALICIOUS_MANIFEST_MESSAGE });
  });

  it('gives code 9 "No viewable content" for a manifest without geometry', async () => {
    const error = await loadError(served.problems['no-viewables'], await endpointWithToken());
    expect(error).to.include({ code: ErrorCode.BAD_DATA_NO_VIEWABLE_CONTENT, message: 'No viewable content' });
  });

  it('refuses viewables with a missing urn or the urn $file$ as unsupported, through loadDocumentNode', async () => {
    const container = createContainer(200, 150);
    const viewer = new Viewer(container, { language: 'en', env: 'Local', endpoint: documentServerUrl(), accessToken: (await issueToken()).access_token });
    viewer.start();
    try {
      for (const [problem, pattern] of [['missing-urn', /no urn/], ['file-urn', /\$file\$/]] as const) {
        const doc = await Document.load(served.problems[problem], { endpoint: viewer.endpoint });
        const node = selectViewable(doc)!;
        const reported = nextEvent(viewer, 'error');
        let rejected: { code?: number } = {};
        await viewer.loadDocumentNode(doc, node).catch((e) => (rejected = e));
        const detail = await reported;
        expect(detail.code).to.equal(ErrorCode.BAD_DATA);
        expect(detail.message).to.match(/^Unsupported document/).and.to.match(pattern);
        expect(rejected.code).to.equal(ErrorCode.BAD_DATA);
        expect(viewer.getVisibleModels()).to.have.length(0);
      }
    } finally {
      viewer.finish();
      container.remove();
    }
  });

  it('answers a sheet that only has F2D with error 13 naming the formats that load; the model shown stays', async () => {
    const container = createContainer(200, 150);
    const viewer = new Viewer(container, { language: 'en', env: 'Local', endpoint: documentServerUrl(), accessToken: (await issueToken()).access_token });
    viewer.start();
    try {
      const shown = await viewer.loadModel(sampleUrl('gltf/BoxTextured.glb'));
      const doc = await Document.load(served.problems['f2d-sheet'], { endpoint: viewer.endpoint });
      const node = selectViewable(doc)!;
      expect(node.is2D()).to.equal(true);
      expect(doc.canOpen(node), 'a 2D viewable with an f2d child is one a user may pick').to.equal(true);
      const reported = nextEvent(viewer, 'error');
      let rejected: { code?: number } = {};
      await viewer.loadDocumentNode(doc, node).catch((e) => (rejected = e));
      const detail = await reported;
      expect(detail.code).to.equal(ErrorCode.UNSUPPORTED_FILE_EXTENSION);
      expect(rejected.code).to.equal(ErrorCode.UNSUPPORTED_FILE_EXTENSION);
      expect(detail.message).to.match(/f2d/).and.to.match(/Formats that load: .*\.dxf.*\.pdf.*\.svg/);
      expect(viewer.getVisibleModels()).to.deep.equal([shown]);
    } finally {
      viewer.finish();
      container.remove();
    }
  });

  it('tells the translation status: failed with an error message, processing with a node in progress', async () => {
    const endpoint = await endpointWithToken();
    expect((await Document.load(served.problems.failed, { endpoint })).getTranslationStatus()).to.equal('failed');
    expect((await Document.load(served.problems.processing, { endpoint })).getTranslationStatus()).to.equal('processing');
  });

  it('maps manifest load failures to "Error: " + status + detail with the code and the HTTP status', async () => {
    const endpoint = await endpointWithToken();
    const cases: [string, number, number][] = [
      [served.problems['server-error'], 500, ErrorCode.NETWORK_SERVER_ERROR],
      [served.problems.forbidden, 403, ErrorCode.NETWORK_ACCESS_DENIED],
      [served.problems.teapot, 418, ErrorCode.NETWORK_UNHANDLED_RESPONSE_CODE],
      ['urn:dGhpcy1kb2N1bWVudC1kb2VzLW5vdC1leGlzdA', 404, ErrorCode.NETWORK_FILE_NOT_FOUND],
    ];
    for (const [urn, status, code] of cases) {
      const error = await loadError(urn, endpoint);
      expect(error, urn).to.include({ code, httpStatus: status });
      expect(error.message).to.match(new RegExp(`^Error: ${status} \\(.+\\)$`));
    }
  });

  it('without a token warns "No access token provided", and the server answers 401: access denied (code 4)', async () => {
    const recorder = new ConsoleRecorder().start();
    try {
      const logger = new Logger();
      logger.setLevel('warning');
      // The header-only service ignores cookies that other tests may have set.
      const endpoint = new Endpoint(logger, { env: 'Local', endpoint: documentServerUrl('/header-only') });
      const error = await loadError(served.documents[0].urn, endpoint);
      expect(error).to.include({ code: ErrorCode.NETWORK_ACCESS_DENIED, httpStatus: 401 });
      expect(recorder.warnings).to.include(NO_ACCESS_TOKEN_MESSAGE);
    } finally {
      recorder.stop();
    }
  });

  it('reports an unreachable service as a network error (code 3)', async () => {
    const endpoint = new Endpoint(new Logger(), { env: 'Local', endpoint: 'http://localhost:9', accessToken: 'x' });
    const error = await loadError(served.documents[0].urn, endpoint);
    expect(error.code).to.equal(ErrorCode.NETWORK_FAILURE);
  });

  it('loads an offline bundle by its folder, its items beside the bubble.json', async () => {
    const doc = await Document.load(served.documents[0].bundles.folder);
    expect(doc.url).to.equal(served.documents[0].bundles.bubble);
    const svf = doc.getRoot().search({ mime: 'application/autodesk-svf' })[0];
    expect(await doc.getItemUrl(svf)).to.equal(served.documents[0].bundles.svf);
    expect(await doc.getThumbnailUrl(null, 100)).to.match(/_100\.png$/);
  });
});

describe('Document: 2D sheets', () => {
  let served: ServedDocuments;
  let viewer: Viewer;
  let container: HTMLDivElement;
  before(async () => {
    served = await servedDocuments();
  });
  beforeEach(async () => {
    container = createContainer(240, 180);
    viewer = new Viewer(container, { language: 'en', env: 'Local', endpoint: documentServerUrl(), accessToken: (await issueToken()).access_token });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('lists a PDF sheet as a 2D viewable; selecting it switches to the sheet (its page, pan, 2D), and back', async () => {
    const doc = await Document.load(served.documents[0].urn, { endpoint: viewer.endpoint });
    const [model3d, sheet] = doc.getViewables();
    expect(model3d.is3D()).to.equal(true);
    expect(sheet.is2D()).to.equal(true);
    const page = sheet.search({ mime: 'application/pdf' })[0];
    expect(page.role).to.equal('pdf-page');
    expect(doc.canOpen(sheet)).to.equal(true);

    const building = await viewer.loadDocumentNode(doc, model3d);
    expect(building.is3d()).to.equal(true);
    const drawing = await viewer.loadDocumentNode(doc, sheet);
    expect(drawing.is2d()).to.equal(true);
    expect(drawing.getData().metadata.pages).to.deep.include({ page: 1 });
    expect(viewer.getVisibleModels()).to.deep.equal([drawing]);
    expect(viewer.toolController.getActiveToolName()).to.equal('pan');
    expect(viewer.layers.getLayers().length, 'the plot\'s optional content groups').to.equal(3);

    const again = await viewer.loadDocumentNode(doc, model3d);
    expect(again.is3d()).to.equal(true);
    expect(viewer.getVisibleModels()).to.deep.equal([again]);
  });

  it('opens the sheet of an offline bundle from beside its bubble.json; the zip bundle holds the sheet too', async () => {
    const doc = await Document.load(served.documents[0].bundles.folder);
    const sheet = doc.getViewables().find((v) => v.is2D())!;
    const pdf = sheet.search({ mime: 'application/pdf' })[0];
    expect(await doc.getItemUrl(pdf)).to.equal(`${served.documents[0].bundles.folder}${pdf.urn}`);
    const drawing = await viewer.loadDocumentNode(doc, sheet);
    expect(drawing.is2d()).to.equal(true);
    const bytes: ArrayBuffer = await (await fetch(served.documents[0].bundles.zip)).arrayBuffer();
    const zip = unzipSync(new Uint8Array(bytes));
    const inZip = zip[`${served.documents[0].name}/${pdf.urn}`];
    expect(new TextDecoder().decode(inZip.subarray(0, 5))).to.equal('%PDF-');
  });
});
