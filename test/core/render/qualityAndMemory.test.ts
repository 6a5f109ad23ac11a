import { expect } from '@esm-bundle/chai';
import { Viewer } from '../../../core/index.js';
import { capture, createContainer, sampleUrl } from '../../support/helpers.js';

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

describe('quality levels and limited memory (issue 33 §2, §9; spec 001 §4)', () => {
  const viewers: Viewer[] = [];
  const open = (config: ConstructorParameters<typeof Viewer>[1]) => {
    const viewer = new Viewer(createContainer(160, 120), { language: 'en', ...config });
    viewers.push(viewer);
    viewer.start();
    return viewer;
  };

  beforeEach(() => localStorage.clear());
  afterEach(() => {
    for (const viewer of viewers.splice(0)) {
      viewer.finish();
      viewer.container.remove();
    }
    localStorage.clear();
  });

  it('"performance" starts the costly effects off; "full" on; a preference the user saved wins over either', () => {
    const fast = open({ quality: 'performance' });
    expect(fast.quality).to.equal('performance');
    expect(['ambientShadows', 'groundShadow', 'antialiasing'].map((name) => fast.prefs.get(name))).to.deep.equal([false, false, false]);
    const full = open({ quality: 'full' });
    expect(full.quality).to.equal('full');
    expect(['ambientShadows', 'groundShadow', 'antialiasing'].map((name) => full.prefs.get(name))).to.deep.equal([true, true, true]);
    full.prefs.set('ambientShadows', false);
    fast.prefs.set('groundShadow', true);
    const again = open({ quality: 'performance' });
    expect(again.prefs.get('groundShadow'), 'saved').to.equal(true);
    expect(again.prefs.get('ambientShadows')).to.equal(false);
    // Restoring the defaults gives the quality's own.
    again.prefs.reset();
    expect(again.prefs.get('groundShadow')).to.equal(false);
    // "auto" on a mobile device is "performance".
    expect(open({ isMobile: true }).quality).to.equal('performance');
  });

  it('over the memory limit the ground shadow is off whatever its preference, and says so; under it, it is drawn', async () => {
    const limited = open({ memoryLimit: 0.01 });
    const roomy = open({});
    for (const viewer of [limited, roomy]) {
      viewer.prefs.set('ambientShadows', false);
      viewer.prefs.set('groundShadow', false);
      await viewer.loadModel(sampleUrl('gltf/car.glb'));
      await viewer.waitForCompleteFrame();
    }
    expect(limited.renderContext!.isMemoryLimited).to.equal(true);
    expect(limited.stores.$memoryLimited.get()).to.equal(true);
    expect(roomy.stores.$memoryLimited.get()).to.equal(false);
    const roomyPlain = capture(roomy);
    const limitedPlain = capture(limited);
    for (const viewer of [limited, roomy]) viewer.prefs.set('groundShadow', true);
    expect(sameBytes(capture(roomy).data, roomyPlain.data), 'the shadow is drawn under the limit').to.equal(false);
    expect(sameBytes(capture(limited).data, limitedPlain.data), 'no shadow over it').to.equal(true);
    expect(limited.prefs.get('groundShadow'), 'the preference itself stays').to.equal(true);
  });
});
