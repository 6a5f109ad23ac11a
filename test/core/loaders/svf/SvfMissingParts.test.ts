import { expect } from '@esm-bundle/chai';
import { unzipSync } from 'fflate';
import { type Model, Viewer } from '../../../../core/index.js';
import { ConsoleRecorder } from '../../../support/consoleRecorder.js';
import { capture, changedPixels, createContainer, documentServerUrl, sampleUrl } from '../../../support/helpers.js';

/**
 * The document server's partial bundles (server/documents/PartialBundles.ts): the bim-sample SVF, served
 * cacheable for an hour, with the files a session removed answering 404 (and kept under stale/ in its zip).
 */
class PartialBundle {
  private readonly session = `s${Math.random().toString(36).slice(2)}`;

  get svf(): string {
    return documentServerUrl(`/partial/${this.session}/bim-sample/0.svf`);
  }

  get zip(): string {
    return documentServerUrl(`/partial/${this.session}/bim-sample.zip`);
  }

  async remove(...files: string[]): Promise<void> {
    for (const file of files) {
      const response = await fetch(documentServerUrl(`/partial/${this.session}/remove?file=${encodeURIComponent(file)}`), { method: 'POST' });
      expect(response.ok).to.equal(true);
    }
  }
}

function loadedCount(model: Model): number {
  let loaded = 0;
  for (let f = 0; f < model.fragments.count; f++) if (model.fragments.isLoaded(f)) loaded++;
  return loaded;
}

describe('SVF: a manifest naming files that are not there', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let recorder: ConsoleRecorder;
  let errors: unknown[];

  beforeEach(() => {
    container = createContainer(200, 150);
    viewer = new Viewer(container, { language: 'en', logLevel: 'warning' });
    viewer.start();
    errors = [];
    viewer.addEventListener('error', (event) => errors.push(event.detail));
    recorder = new ConsoleRecorder().start();
  });
  afterEach(() => {
    recorder.stop();
    viewer.finish();
    container.remove();
  });

  it('loads what it can, warns with the number of missing parts, and says it is incomplete', async () => {
    const bundle = new PartialBundle();
    const complete = await viewer.loadModel(bundle.svf);
    expect(complete.isIncomplete()).to.equal(false);
    const fragments = complete.fragments.count;
    viewer.unloadModel(complete);

    const missing = new PartialBundle();
    await missing.remove('Materials.json.gz', 'CameraDefinitions.bin');
    const empty = capture(viewer);
    const model = await viewer.loadModel(missing.svf);
    expect(model.isIncomplete()).to.equal(true);
    expect([...model.getMissingParts()].sort()).to.deep.equal(['CameraDefinitions.bin', 'Materials.json.gz']);
    expect(recorder.warnings.filter((w) => w.includes('0.svf is incomplete: 2 missing parts'))).to.have.length(1);
    // Everything else is there and drawn; no error is raised for the missing parts.
    expect(model.fragments.count).to.equal(fragments);
    expect(loadedCount(model)).to.equal(fragments);
    expect(changedPixels(empty, capture(viewer)).length).to.be.greaterThan(0.02 * 200 * 150);
    expect(model.getInstanceTree().getNodeCountInTree()).to.be.greaterThan(1);
    expect(errors).to.deep.equal([]);
  });

  it('keeps the tree and properties of a model whose only geometry pack is missing', async () => {
    const bundle = new PartialBundle();
    await bundle.remove('0.pf');
    const model = await viewer.loadModel(bundle.svf);
    expect(model.getMissingParts()).to.deep.equal(['0.pf']);
    expect(loadedCount(model)).to.equal(0);
    expect(model.getInstanceTree().getNodeCountInTree()).to.be.greaterThan(1);
    expect((await model.getProperties(1)).properties.length).to.be.greaterThan(0);
    expect(recorder.warnings.some((w) => w.includes('0.svf is incomplete: 1 missing part (0.pf)'))).to.equal(true);
  });

  it('loads a local .svf chosen without one of the files its manifest names', async () => {
    const folder = sampleUrl('svf/bim-sample/');
    const svf = new Uint8Array(await (await fetch(`${folder}0.svf`)).arrayBuffer());
    const manifest = JSON.parse(new TextDecoder().decode(unzipSync(svf)['manifest.json'])) as { assets: { URI: string }[] };
    // The files a user picks with the .svf (by name, as a file input gives them), all but the materials.
    const resources: Record<string, string> = {};
    for (const { URI } of manifest.assets) {
      if (URI.startsWith('embed:') || URI === 'Materials.json.gz') continue;
      resources[URI] = URL.createObjectURL(await (await fetch(folder + URI)).blob());
    }
    const model = await viewer.loadModel(URL.createObjectURL(new Blob([svf])), { fileExtension: 'svf', fileName: '0.svf', resources });
    expect(model.getMissingParts()).to.deep.equal(['Materials.json.gz']);
    expect(loadedCount(model)).to.equal(model.fragments.count);
  });

  it('never takes another entry of a zip bundle for a missing one', async () => {
    const bundle = new PartialBundle();
    await bundle.remove('0.pf'); // the zip keeps it as bim-sample/stale/0.pf
    const model = await viewer.loadModel(bundle.zip);
    expect(model.getMissingParts()).to.deep.equal(['0.pf']);
    expect(loadedCount(model)).to.equal(0);
  });

  it('never takes the browser-cached copy of a file the server no longer has', async () => {
    const bundle = new PartialBundle();
    const first = await viewer.loadModel(bundle.svf);
    const fragments = loadedCount(first);
    expect(fragments).to.be.greaterThan(0);
    viewer.unloadModel(first);
    // The pack was served cacheable for an hour; the server now answers 404 for it.
    await bundle.remove('0.pf');
    const second = await viewer.loadModel(bundle.svf);
    expect(second.getMissingParts()).to.deep.equal(['0.pf']);
    expect(loadedCount(second)).to.equal(0);
  });
});
