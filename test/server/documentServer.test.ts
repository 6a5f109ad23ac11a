import { expect } from '@esm-bundle/chai';
import { unzipSync } from 'fflate';
import { issueToken, servedDocuments } from '../support/documentServer.js';
import { documentServerUrl, sampleUrl } from '../support/helpers.js';

async function bytesOf(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

describe('Document server (server/documentServer.ts) over real HTTP', () => {
  it('answers range requests with 206 and exactly the bytes asked for, and 416 past the end', async () => {
    const served = await servedDocuments();
    const url = `${served.documents[0].bundles.folder}0.pf`;
    const whole = await bytesOf(await fetch(sampleUrl(`svf/${served.documents[0].name}/0.pf`)));
    const part = await fetch(url, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).to.equal(206);
    expect(part.headers.get('content-range')).to.equal(`bytes 100-199/${whole.length}`);
    expect(await bytesOf(part)).to.deep.equal(whole.slice(100, 200));
    const tail = await fetch(url, { headers: { Range: 'bytes=-16' } });
    expect(await bytesOf(tail)).to.deep.equal(whole.slice(whole.length - 16));
    const beyond = await fetch(url, { headers: { Range: `bytes=${whole.length + 10}-` } });
    expect(beyond.status).to.equal(416);
  });

  it('gzips files for clients that take it, and the browser reads back the same bytes', async () => {
    const served = await servedDocuments();
    const response = await fetch(`${served.documents[0].bundles.folder}0.pf`);
    expect(response.headers.get('content-encoding')).to.equal('gzip');
    const whole = await bytesOf(await fetch(sampleUrl(`svf/${served.documents[0].name}/0.pf`)));
    expect(await bytesOf(response)).to.deep.equal(whole);
    // Files that are gzip already travel as they are.
    const packed = await fetch(`${served.documents[0].bundles.folder}FragmentList.pack`);
    expect(packed.headers.get('content-encoding')).to.equal(null);
  });

  it('guards the service paths with a bearer token or the cookie from /auth/settoken', async () => {
    const served = await servedDocuments();
    const manifest = served.documents[0].manifests.derivativeV2.replace(documentServerUrl(), documentServerUrl('/header-only'));
    expect((await fetch(manifest)).status).to.equal(401);
    const { access_token } = await issueToken();
    expect((await fetch(manifest, { headers: { Authorization: `Bearer ${access_token}` } })).status).to.equal(200);
    const refused = await fetch(documentServerUrl('/auth/settoken'), { method: 'POST', credentials: 'include', body: new URLSearchParams({ 'access-token': 'forged' }) });
    expect(refused.status).to.equal(401);
  });

  it('lists the bundles, and serves each as a zip holding its .svf and bubble.json', async () => {
    const index = await (await fetch(documentServerUrl('/bundles/index.json'))).json();
    const served = await servedDocuments();
    expect(index.map((b: { name: string }) => b.name)).to.deep.equal(served.documents.map((d) => d.name));
    const zip = await bytesOf(await fetch(served.documents[0].bundles.zip));
    expect([...zip.slice(0, 4)]).to.deep.equal([0x50, 0x4b, 0x03, 0x04]);
    const bubble = await (await fetch(served.documents[0].bundles.bubble)).json();
    expect(bubble.children[0].children[0].urn).to.match(/\.svf$/);
  });

  it('lists a tiled sheet (a DXF plotted as a tile pyramid) as a 2D viewable with a leaflet child; both bundles hold its tiles', async () => {
    const served = await servedDocuments();
    const { access_token } = await issueToken();
    const manifest = await (await fetch(served.documents[0].manifests.derivativeV2, { headers: { Authorization: `Bearer ${access_token}` } })).json();
    type Node = { role?: string; type?: string; name?: string; urn?: string; children?: Node[]; [field: string]: unknown };
    const sheet = (manifest.children as Node[]).find((node) => node.children?.some((child) => child.role === 'leaflet'));
    expect(sheet, 'a viewable with a leaflet child').to.include({ type: 'geometry', role: '2d', name: 'dxf-parser_api-cw750-details' });
    const leaflet = sheet!.children!.find((child) => child.role === 'leaflet')!;
    expect(leaflet).to.include({ type: 'resource', mime: 'image/png', tileSize: 512, paperUnits: 'in' });
    expect(leaflet.urn).to.match(/^urn:adsk\.viewing:fs\.file:.+\/output\/sheets\/dxf-parser_api-cw750-details\/$/);
    const [width, height] = leaflet.resolution as number[];
    expect(Math.max(width, height), 'full resolution: 4096 px along the longer side').to.equal(4096);
    expect(leaflet.max_level, 'level 0 is one pixel, as in an APS pyramid').to.equal(Math.ceil(Math.log2(4096)));
    expect(Number(leaflet.paperWidth) / Number(leaflet.paperHeight)).to.be.closeTo(width / height, 0.01);

    // The root tile (the whole sheet in one tile, 512 px wide) through the service, with the token.
    const rootLevel = Number(leaflet.max_level) - 3;
    const itemUrl = `${documentServerUrl()}/derivativeservice/v2/derivatives/${String(leaflet.urn).split('/').map(encodeURIComponent).join('/')}`;
    const root = await fetch(`${itemUrl}${rootLevel}/0_0.png`, { headers: { Authorization: `Bearer ${access_token}` } });
    expect(root.status).to.equal(200);
    const image = await createImageBitmap(await root.blob());
    expect([image.width, image.height]).to.deep.equal([512, Math.ceil(height / 8)]);

    const bubble = await (await fetch(served.documents[0].bundles.bubble)).json();
    const offline = (bubble.children as Node[]).flatMap((node) => node.children ?? []).find((child) => child.role === 'leaflet');
    expect(offline?.urn, 'relative in the bundle').to.equal('sheets/dxf-parser_api-cw750-details/');
    expect((await fetch(`${served.documents[0].bundles.folder}sheets/dxf-parser_api-cw750-details/${leaflet.max_level}/0_0.png`)).status).to.equal(200);
    const zip = unzipSync(await bytesOf(await fetch(served.documents[0].bundles.zip)));
    const tiles = Object.keys(zip).filter((path) => path.startsWith(`${served.documents[0].name}/sheets/dxf-parser_api-cw750-details/`));
    const columns = (z: number) => Math.ceil(Math.ceil(width / 2 ** (Number(leaflet.max_level) - z)) / 512);
    const rows = (z: number) => Math.ceil(Math.ceil(height / 2 ** (Number(leaflet.max_level) - z)) / 512);
    expect(tiles, 'every tile from the root level to full resolution').to.have.length([0, 1, 2, 3].reduce((n, step) => n + columns(rootLevel + step) * rows(rootLevel + step), 0));
  });
});
