import { expect } from '@esm-bundle/chai';
import { COOKIE_FALLBACK_MESSAGE, DEFAULT_API, DEFAULT_ENVIRONMENT, Document, ErrorCode, Logger, TOKEN_REFRESH_MARGIN_S } from '../../../../core/index.js';
import { Endpoint } from '../../../../core/loaders/endpoints/Endpoint.js';
import { chooseEnvironment } from '../../../../core/loaders/endpoints/Environments.js';
import { ConsoleRecorder } from '../../../support/consoleRecorder.js';
import { issueToken, servedDocuments } from '../../../support/documentServer.js';
import { documentServerUrl } from '../../../support/helpers.js';

const URN = 'urn:dXJuOmFkc2sub2JqZWN0czpvcy5vYmplY3Q6YnVja2V0L2hvdXNlLnJ2dA';
const ITEM = 'urn:adsk.viewing:fs.file:dXJuOmFkc2sub2JqZWN0czpvcy5vYmplY3Q6YnVja2V0L2hvdXNlLnJ2dA/output/Resource/3D View/{3D}.svf';

/** Waits until the condition holds (polled each frame), for timers that belong to the code under test. */
async function until(condition: () => boolean, timeoutMs = 10000): Promise<void> {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > timeoutMs) throw new Error('Timed out');
    await new Promise((r) => requestAnimationFrame(r));
  }
}

describe('Endpoint: environments, API flavours and paths', () => {
  it('defaults to AutodeskProduction and derivativeV2; env comes from the option, the URL parameter, or the host', () => {
    expect(DEFAULT_ENVIRONMENT).to.equal('AutodeskProduction');
    expect(DEFAULT_API).to.equal('derivativeV2');
    expect(chooseEnvironment('Staging', 'https://example.com/')).to.equal('Staging');
    expect(chooseEnvironment(undefined, 'https://example.com/?env=FluentDev')).to.equal('FluentDev');
    expect(chooseEnvironment(undefined, 'http://localhost:8000/')).to.equal('Local');
    expect(chooseEnvironment('Nowhere', 'https://example.com/')).to.equal('AutodeskProduction');
    const endpoint = new Endpoint(new Logger(), { env: 'AutodeskProduction' });
    expect(endpoint.api).to.equal('derivativeV2');
    expect(endpoint.environment.bubbleManifest).to.equal(true);
    expect(new Endpoint(new Logger(), { env: 'FluentProduction' }).api).to.equal('fluent');
  });

  it('builds the manifest, item and thumbnail paths of each flavour (spec 001 §7)', async () => {
    const endpoint = new Endpoint(new Logger(), { env: 'Local', endpoint: 'https://models.example' });
    const id = URN.slice(4);
    const item = ITEM.split('/').map(encodeURIComponent).join('/');
    expect(endpoint.getManifestUrl(URN)).to.equal(`https://models.example/derivativeservice/v2/manifest/${id}`);
    expect(await endpoint.getItemUrl(URN, ITEM)).to.equal(`https://models.example/derivativeservice/v2/derivatives/${item}`);
    expect(endpoint.getThumbnailUrl(URN, { width: 200, height: 200, guid: 'g1' })).to.equal(`https://models.example/derivativeservice/v2/thumbnails/${id}?guid=g1&width=200&height=200`);
    endpoint.setApi('modelDerivativeV2');
    expect(endpoint.getManifestUrl(URN)).to.equal(`https://models.example/modelderivative/v2/designdata/${id}/manifest`);
    expect(await endpoint.getItemUrl(URN, ITEM)).to.equal(`https://models.example/modelderivative/v2/designdata/${id}/manifest/${item}`);
    expect(endpoint.getThumbnailUrl(URN, { width: 100, height: 100 })).to.equal(`https://models.example/modelderivative/v2/designdata/${id}/thumbnail?width=100&height=100`);
    endpoint.setApi('fluent');
    expect(endpoint.getManifestUrl(URN)).to.equal(`https://models.example/modeldata/manifest/${id}`);
  });

  it('fluent: asks GET /cdnurl (no credentials) for the root of derivative files', async () => {
    const endpoint = new Endpoint(new Logger(), { env: 'Local', api: 'fluent', endpoint: documentServerUrl('/header-only') });
    expect(await endpoint.getItemUrl(URN, 'urn:x/output/0.svf')).to.equal(`${documentServerUrl('/header-only')}/modeldata/file/urn%3Ax/output/0.svf`);
  });

  it('with credentials, adds the page origin as the domain query parameter, and the server still answers', async () => {
    const { access_token } = await issueToken();
    const endpoint = new Endpoint(new Logger(), { env: 'Local', endpoint: documentServerUrl(), accessToken: access_token, useCredentials: true });
    const served = await servedDocuments();
    const url = new URL(endpoint.getManifestUrl(served.documents[0].urn));
    expect(url.searchParams.get('domain')).to.equal(location.origin);
    const doc = await Document.load(served.documents[0].urn, { endpoint });
    expect(doc.getViewables().map((v) => v.role)).to.deep.equal(['3d', '2d', '2d']); // the model, its PDF sheet and its tiled sheet
    const auth = await endpoint.authorize();
    expect(auth.withCredentials).to.equal(true);
  });

  it('serves thumbnails by urn and size', async () => {
    const { access_token } = await issueToken();
    const endpoint = new Endpoint(new Logger(), { env: 'Local', endpoint: documentServerUrl(), accessToken: access_token });
    const served = await servedDocuments();
    for (const size of [100, 400]) {
      const response = await endpoint.fetch(endpoint.getThumbnailUrl(served.documents[0].urn, { width: size, height: size }));
      const image = await createImageBitmap(await response.blob());
      expect(image.width).to.equal(size);
    }
  });
});

describe('Endpoint: access tokens against the local server', () => {
  it('calls getAccessToken again 60 s before expiry: a 61 s token is refreshed after about 1 s', async () => {
    expect(TOKEN_REFRESH_MARGIN_S).to.equal(60);
    const calls: number[] = [];
    const endpoint = new Endpoint(new Logger(), {
      env: 'Local',
      endpoint: documentServerUrl('/header-only'),
      getAccessToken: (onToken) => {
        calls.push(performance.now());
        void issueToken(61).then((t) => onToken(t.access_token, t.expires_in));
      },
    });
    try {
      await until(() => calls.length >= 2);
      expect(calls[1] - calls[0]).to.be.within(900, 5000);
    } finally {
      endpoint.dispose();
    }
  });

  it('refreshes at expiry when the token lives 60 s or less, and requests use the new token the server accepts', async () => {
    const tokens: string[] = [];
    const endpoint = new Endpoint(new Logger(), {
      env: 'Local',
      endpoint: documentServerUrl('/header-only'),
      getAccessToken: (onToken) => {
        void issueToken(1).then((t) => {
          tokens.push(t.access_token);
          onToken(t.access_token, t.expires_in);
        });
      },
    });
    try {
      const served = await servedDocuments();
      await Document.load(served.documents[0].urn, { endpoint });
      await until(() => tokens.length >= 2);
      const started = performance.now();
      await until(() => performance.now() - started > 200);
      // The first token has expired on the server by now; the refreshed one opens the document.
      const expired = await fetch(endpoint.getManifestUrl(served.documents[0].urn), { headers: { Authorization: `Bearer ${tokens[0]}` } });
      expect(expired.status).to.equal(401);
      const auth = await endpoint.authorize();
      expect(auth.headers.Authorization).to.equal(`Bearer ${tokens.at(-1)}`);
      const doc = await Document.load(served.documents[0].urn, { endpoint });
      expect(doc.getViewables().map((v) => v.role)).to.deep.equal(['3d', '2d', '2d']); // the model, its PDF sheet and its tiled sheet
    } finally {
      endpoint.dispose();
    }
  });

  it('useCookie: posts the token to /auth/settoken and then sends no Authorization header', async () => {
    const { access_token } = await issueToken();
    const endpoint = new Endpoint(new Logger(), { env: 'Local', endpoint: documentServerUrl(), accessToken: access_token, useCookie: true });
    const auth = await endpoint.authorize();
    expect(auth).to.deep.equal({ headers: {}, withCredentials: true });
    const served = await servedDocuments();
    const doc = await Document.load(served.documents[0].urn, { endpoint });
    expect(doc.getViewables().map((v) => v.role)).to.deep.equal(['3d', '2d', '2d']); // the model, its PDF sheet and its tiled sheet
  });

  it('useCookie against a service that refuses the cookie: the spec warning, then the Authorization header', async () => {
    const recorder = new ConsoleRecorder().start();
    try {
      const logger = new Logger();
      logger.setLevel('warning');
      const { access_token } = await issueToken();
      const endpoint = new Endpoint(logger, { env: 'Local', endpoint: documentServerUrl('/header-only'), accessToken: access_token, useCookie: true });
      const auth = await endpoint.authorize();
      expect(recorder.warnings).to.include(COOKIE_FALLBACK_MESSAGE);
      expect(auth.headers.Authorization).to.equal(`Bearer ${access_token}`);
      const served = await servedDocuments();
      const doc = await Document.load(served.documents[0].urn, { endpoint });
      expect(doc.getViewables().map((v) => v.role)).to.deep.equal(['3d', '2d', '2d']); // the model, its PDF sheet and its tiled sheet
    } finally {
      recorder.stop();
    }
  });

  it('an invalid token is access denied (code 4, HTTP 401)', async () => {
    const endpoint = new Endpoint(new Logger(), { env: 'Local', endpoint: documentServerUrl('/header-only'), accessToken: 'not-a-token' });
    const served = await servedDocuments();
    const error = await Document.load(served.documents[0].urn, { endpoint }).catch((e) => e);
    expect(error).to.include({ code: ErrorCode.NETWORK_ACCESS_DENIED, httpStatus: 401 });
  });
});
