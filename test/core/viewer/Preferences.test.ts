import { expect } from '@esm-bundle/chai';
import { Logger, PREFERENCE_DEFINITIONS } from '../../../core/index.js';
import { Preferences } from '../../../core/viewer/Preferences.js';
import { createViewerStores } from '../../../core/viewer/ViewerStores.js';
import { PREFERENCE_STORAGE_PREFIX } from '../../../core/viewer/Preferences.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';

function create(isMobile = false): Preferences {
  const logger = new Logger();
  logger.setLevel('warning');
  return new Preferences(logger, createViewerStores().$preferences, { isMobile });
}

describe('Preferences', () => {
  afterEach(() => localStorage.clear());

  it('has every preference of spec 001 §3 with its default, and the mobile defaults', () => {
    const names = ['ambientShadows', 'antialiasing', 'groundShadow', 'groundReflection', 'progressiveRendering', 'renderCache', 'swapBlackAndWhite',
      'openPropertiesOnSelect', 'ghosting', 'viewCube', 'lineRendering', 'pointRendering', 'edgeRendering', 'lightPreset', 'backgroundColorPreset',
      'reverseMouseZoomDir', 'reverseHorizontalLookDirection', 'reverseVerticalLookDirection', 'alwaysUsePivot', 'zoomTowardsPivot',
      'orbitPastWorldPoles', 'leftHandedMouseSetup', 'clickToSetCOI', 'optimizeNavigation', 'fusionOrbit', 'fusionOrbitConstrained',
      'envMapBackground', 'useFirstPersonPrototype', 'firstPersonToolPopup', 'bimWalkToolPopup',
      // Issue 32's, beside the spec's: a 2D drawing's lineweights.
      'lineWeights'];
    const prefs = create();
    expect(prefs.names()).to.have.members(names);
    expect(PREFERENCE_DEFINITIONS).to.have.length(names.length);
    expect([prefs.get('antialiasing'), prefs.get('viewCube'), prefs.get('optimizeNavigation')]).to.deep.equal([true, true, false]);
    // Spec 001 §9 "Mobile defaults": antialiasing off, view cube off, optimizeNavigation on.
    const mobile = create(true);
    expect([mobile.get('antialiasing'), mobile.get('viewCube'), mobile.get('optimizeNavigation')]).to.deep.equal([false, false, true]);
  });

  it('rejects a name that is not a string, collides with a method, or was added before', () => {
    const prefs = create();
    const console = new ConsoleRecorder().start();
    try {
      expect(prefs.add(42 as unknown as string, true)).to.equal(false);
      expect(prefs.add('reset', true)).to.equal(false);
      expect(prefs.add('get', 1)).to.equal(false);
      expect(prefs.add('ghosting', false)).to.equal(false);
      expect(prefs.add('myExtensionOption', 3, ['3d'])).to.equal(true);
      expect(prefs.add('myExtensionOption', 4)).to.equal(false);
    } finally {
      console.stop();
    }
    expect(prefs.get('myExtensionOption')).to.equal(3);
    expect(prefs.get('ghosting')).to.equal(true);
    expect(console.warnings.length).to.equal(5);
  });

  it('persists to localStorage unless tagged no-storage, and resets all or by tag', () => {
    const prefs = create();
    prefs.add('sessionOnly', false, ['no-storage']);
    prefs.set('ghosting', false);
    prefs.set('reverseMouseZoomDir', true);
    prefs.set('sessionOnly', true);
    expect(localStorage.getItem(PREFERENCE_STORAGE_PREFIX + 'ghosting')).to.equal('false');
    expect(localStorage.getItem(PREFERENCE_STORAGE_PREFIX + 'sessionOnly')).to.equal(null);

    const again = create();
    again.add('sessionOnly', false, ['no-storage']);
    expect(again.get('ghosting')).to.equal(false);
    expect(again.get('reverseMouseZoomDir')).to.equal(true);
    expect(again.get('sessionOnly')).to.equal(false);

    again.reset('navigation');
    expect(again.get('reverseMouseZoomDir')).to.equal(false);
    expect(again.get('ghosting')).to.equal(false);
    again.reset();
    expect(again.get('ghosting')).to.equal(true);
    expect(create().get('ghosting')).to.equal(true);
  });

  it('resets a stored background preset that fails to parse to null, in storage too', () => {
    localStorage.setItem(PREFERENCE_STORAGE_PREFIX + 'backgroundColorPreset', '[1,2,3');
    expect(create().get('backgroundColorPreset')).to.equal(null);
    expect(localStorage.getItem(PREFERENCE_STORAGE_PREFIX + 'backgroundColorPreset')).to.equal('null');
    localStorage.setItem(PREFERENCE_STORAGE_PREFIX + 'backgroundColorPreset', '[1,2,3]');
    expect(create().get('backgroundColorPreset')).to.equal(null);
    localStorage.setItem(PREFERENCE_STORAGE_PREFIX + 'backgroundColorPreset', '[10,20,30,40,50,60]');
    expect(create().get('backgroundColorPreset')).to.deep.equal([10, 20, 30, 40, 50, 60]);
    const prefs = create();
    const console = new ConsoleRecorder().start();
    try {
      expect(prefs.set('backgroundColorPreset', [1, 2])).to.equal(false);
    } finally {
      console.stop();
    }
    expect(prefs.set('backgroundColorPreset', '[0,0,0,255,255,255]')).to.equal(true);
    expect(prefs.get('backgroundColorPreset')).to.deep.equal([0, 0, 0, 255, 255, 255]);
  });
});
