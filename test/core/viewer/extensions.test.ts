import { expect } from '@esm-bundle/chai';
import { Extension, EXTENSION_FAILED, EXTENSION_NOT_FOUND, EXTENSION_NOT_LOADED, Viewer } from '../../../core/index.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';
import { createContainer } from '../../support/helpers.js';

/** What the test extensions did, in order. */
const calls: string[] = [];

class Counter extends Extension {
  override load() {
    calls.push(`load ${JSON.stringify(this.options)}`);
    return true;
  }
  override unload() {
    calls.push('unload');
    return true;
  }
  override activate(mode?: string) {
    calls.push(`activate ${mode ?? ''}`);
    return super.activate(mode);
  }
  override deactivate() {
    calls.push('deactivate');
    return super.deactivate();
  }
}

class Refuses extends Extension {
  override load() {
    return false;
  }
}

class Throws extends Extension {
  override async load(): Promise<boolean> {
    throw new Error('no licence');
  }
}

describe('extensions', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let recorder: ConsoleRecorder;

  before(() => {
    expect(Viewer.registerExtension('Test.Counter', Counter)).to.equal(true);
    Viewer.registerExtension('Test.Refuses', Refuses);
    Viewer.registerExtension('Test.Throws', Throws);
  });
  after(() => {
    for (const id of ['Test.Counter', 'Test.Refuses', 'Test.Throws']) Viewer.unregisterExtension(id);
  });
  beforeEach(() => {
    calls.length = 0;
    container = createContainer(120, 90);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    recorder = new ConsoleRecorder().start();
  });
  afterEach(() => {
    recorder.stop();
    viewer.finish();
    container.remove();
  });

  it('registers an id once', () => {
    expect(Viewer.registerExtension('Test.Counter', Refuses)).to.equal(false);
  });

  it('loads a registered extension once, with its options, and raises extension-loaded', async () => {
    const loaded: string[] = [];
    viewer.addEventListener('extension-loaded', (e) => loaded.push(e.detail.extensionId));
    const extension = await viewer.loadExtension<Counter>('Test.Counter', { colour: 'red' });
    expect(extension).to.be.instanceOf(Counter);
    expect(extension.viewer).to.equal(viewer);
    expect(extension.id).to.equal('Test.Counter');
    expect(await viewer.loadExtension('Test.Counter')).to.equal(extension);
    expect(viewer.getExtension('Test.Counter')).to.equal(extension);
    expect(viewer.getLoadedExtensions()).to.deep.equal(['Test.Counter']);
    expect(loaded).to.deep.equal(['Test.Counter']);
    expect(calls).to.deep.equal(['load {"colour":"red"}']);
  });

  it('rejects an id nobody registered with "Extension not found", and logs it', async () => {
    const error = await viewer.loadExtension('Test.Missing').then(
      () => null,
      (reason: Error) => reason,
    );
    expect(error?.message).to.equal(`${EXTENSION_NOT_FOUND}: Test.Missing`);
    expect(recorder.errors.some((line) => line.includes(EXTENSION_NOT_FOUND))).to.equal(true);
    expect(viewer.getExtension('Test.Missing')).to.equal(null);
  });

  it('rejects with "Extension failed to load" when load() refuses or throws, and keeps nothing of it', async () => {
    for (const id of ['Test.Refuses', 'Test.Throws']) {
      const error = await viewer.loadExtension(id).then(
        () => null,
        (reason: Error) => reason,
      );
      expect(error?.message, id).to.equal(`${EXTENSION_FAILED}: ${id}`);
      expect(viewer.getExtension(id)).to.equal(null);
    }
    expect(viewer.getLoadedExtensions()).to.deep.equal([]);
    // The viewer goes on: another extension still loads.
    await viewer.loadExtension('Test.Counter');
    expect(viewer.getLoadedExtensions()).to.deep.equal(['Test.Counter']);
  });

  it('activates a loaded extension; a missing one logs the spec message and gives false', async () => {
    viewer.logger.setLevel('warning');
    expect(viewer.activateExtension('Test.Counter', 'list')).to.equal(false);
    expect(recorder.warnings).to.deep.equal([EXTENSION_NOT_LOADED]);
    const extension = await viewer.loadExtension('Test.Counter');
    expect(viewer.activateExtension('Test.Counter', 'list')).to.equal(true);
    expect(extension.isActive('list')).to.equal(true);
    expect(viewer.deactivateExtension('Test.Counter')).to.equal(true);
    expect(extension.isActive()).to.equal(false);
    viewer.logger.setLevel(undefined);
  });

  it('unloads an extension (deactivating it first) and raises extension-unloaded', async () => {
    const unloaded: string[] = [];
    viewer.addEventListener('extension-unloaded', (e) => unloaded.push(e.detail.extensionId));
    await viewer.loadExtension('Test.Counter');
    viewer.activateExtension('Test.Counter');
    expect(viewer.unloadExtension('Test.Counter')).to.equal(true);
    expect(viewer.unloadExtension('Test.Counter')).to.equal(false);
    expect(viewer.getExtension('Test.Counter')).to.equal(null);
    expect(unloaded).to.deep.equal(['Test.Counter']);
    expect(calls.slice(1)).to.deep.equal(['activate ', 'deactivate', 'unload']);
  });

  it('loads the config extensions after start, and unloads every extension when the viewer finishes', async () => {
    const other = createContainer(120, 90);
    const configured = new Viewer(other, { language: 'en', extensions: ['Test.Counter', 'Test.Missing'] });
    const loaded = new Promise((resolve) => configured.addEventListener('extension-loaded', resolve, { once: true }));
    configured.start();
    await loaded;
    expect(configured.getLoadedExtensions()).to.deep.equal(['Test.Counter']);
    configured.finish();
    other.remove();
    expect(calls).to.deep.equal(['load {}', 'unload']);
  });
});
