import { expect } from '@esm-bundle/chai';
import { ResourceLocator } from '../../../core/viewer/resources.js';
import { BUNDLED_RESOURCES } from '../../../core/viewer/resourceIndex.js';

describe('resources (res/)', () => {
  it('lists every file the viewer fetches, each answered as a file and not as an HTML page', async () => {
    const index = BUNDLED_RESOURCES!;
    const paths = Object.keys(index);
    for (const prefix of ['cursors/', 'textures/viewcube-', 'locales/', 'wasm/draco/', 'wasm/web-ifc', 'ui/spinner.png']) {
      expect(paths.some((path) => path.startsWith(prefix)), prefix).to.equal(true);
    }
    expect(paths.filter((path) => path.startsWith('locales/')), 'the 16 languages').to.have.length(16);
    for (const path of paths) {
      const response = await fetch(index[path], { method: 'HEAD' });
      expect(response.status, path).to.equal(200);
      expect(response.headers.get('content-type') ?? '', path).not.to.contain('text/html');
    }
  });

  it('finds files under the root the host gave, else where the index says', () => {
    const given = new ResourceLocator('https://cdn.example.com/viewer/res', true);
    expect(given.root).to.equal('https://cdn.example.com/viewer/res/');
    expect(given.url('textures/viewcube-face.png')).to.equal('https://cdn.example.com/viewer/res/textures/viewcube-face.png');
    expect(given.urlsUnder('wasm/'), 'the worker finds wasm under the root').to.deep.equal({});

    const bundled = new ResourceLocator('https://unused.example.com/res/', false);
    expect(bundled.url('textures/viewcube-face.png')).to.equal(BUNDLED_RESOURCES!['textures/viewcube-face.png']);
    expect(bundled.url('/cursors/orbit.png'), 'a leading slash is the same path').to.equal(BUNDLED_RESOURCES!['cursors/orbit.png']);
    expect(bundled.url('not/listed.png'), 'a file the index lacks: under the root').to.equal('https://unused.example.com/res/not/listed.png');
    expect(Object.keys(bundled.urlsUnder('wasm/')).sort()).to.deep.equal(['wasm/draco/draco_decoder.wasm', 'wasm/draco/draco_wasm_wrapper.js', 'wasm/web-ifc-api.js', 'wasm/web-ifc.wasm']);
  });
});
