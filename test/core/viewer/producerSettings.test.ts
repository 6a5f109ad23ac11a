import { expect } from '@esm-bundle/chai';
import { LIGHT_PRESETS, Viewer } from '../../../core/index.js';
import { PREFERENCE_STORAGE_PREFIX } from '../../../core/viewer/Preferences.js';
import { applyProducerSettings } from '../../../core/viewer/producerSettings.js';
import { capture, createContainer, sampleUrl } from '../../support/helpers.js';

const boardwalk = LIGHT_PRESETS.findIndex((preset) => preset.name === 'Boardwalk');

describe("a model's own render settings (spec 001 §3 model metadata for light environment, §5 locks, §9 Boardwalk)", () => {
  let viewer: Viewer;

  beforeEach(() => {
    localStorage.clear();
    viewer = new Viewer(createContainer(160, 120), { language: 'en' });
    viewer.start();
  });

  afterEach(() => {
    viewer.finish();
    viewer.container.remove();
    localStorage.clear();
  });

  it('gives a building model the Boardwalk environment unless the user chose a preset, without saving it', async () => {
    await viewer.loadModel(sampleUrl('ifc/IfcOpenHouse_IFC4.ifc'));
    expect(viewer.prefs.get('lightPreset')).to.equal(boardwalk);
    expect(viewer.getState().renderOptions!.environment).to.equal('Boardwalk');
    expect(localStorage.getItem(`${PREFERENCE_STORAGE_PREFIX}lightPreset`), 'not saved').to.equal(null);

    const other = new Viewer(createContainer(160, 120), { language: 'en' });
    other.start();
    try {
      other.setLightPreset(2);
      await other.loadModel(sampleUrl('ifc/IfcOpenHouse_IFC4.ifc'));
      expect(other.prefs.get('lightPreset'), "the user's choice").to.equal(2);
    } finally {
      other.finish();
      other.container.remove();
    }
  });

  it("applies the metadata's environment, exposure, background and switches, except what the user locked", async () => {
    const model = await viewer.loadModel(sampleUrl('gltf/car.glb'));
    await viewer.waitForCompleteFrame();
    viewer.prefs.set('groundShadow', false);
    viewer.prefs.set('groundReflection', false);
    const before = capture(viewer);
    Object.assign(model.metadata, {
      renderEnvironmentStyle: { value: 'Dark Sky' },
      renderEnvironmentExposureBias: { value: -1.5 },
      renderEnvironmentBackgroundColor: { value: [0.2, 0.4, 0.6] },
      renderEnvironmentGroundReflection: { value: true },
      renderEnvironmentGroundShadow: { value: true },
      renderEnvironmentDisplayLines: { value: false },
    });
    viewer.prefs.lock('groundShadow');
    const turnedBefore = viewer.renderContext!.scene.environmentRotation.toArray();
    Object.assign(model.metadata, { renderEnvironmentRotation: { value: Math.PI / 2 } });
    const applied = applyProducerSettings(viewer, model);
    // The environment turned a quarter about the up: reflections and background with it.
    expect(viewer.renderContext!.scene.environmentRotation.toArray()).to.not.deep.equal(turnedBefore);
    expect(applied).to.have.members(['lightPreset', 'backgroundColorPreset', 'groundReflection', 'lineRendering']);
    expect(viewer.prefs.get('lightPreset')).to.equal(LIGHT_PRESETS.findIndex((preset) => preset.name === 'Dark sky'));
    expect(viewer.prefs.get('backgroundColorPreset')).to.deep.equal([51, 102, 153, 51, 102, 153]);
    expect(viewer.prefs.get('groundReflection')).to.equal(true);
    expect(viewer.prefs.get('groundShadow'), 'locked').to.equal(false);
    expect(viewer.prefs.get('lineRendering')).to.equal(false);
    expect(viewer.renderContext!.getToneMapping().exposureBias).to.equal(-1.5);
    // Set for this session only: what the user saved stays.
    expect(localStorage.getItem(`${PREFERENCE_STORAGE_PREFIX}groundReflection`)).to.equal('false');
    expect(viewer.prefs.isChosen('groundReflection')).to.equal(true);
    const after = capture(viewer);
    expect(after.data.subarray(0, 4), 'the background is the model\'s').to.deep.equal(new Uint8Array([51, 102, 153, 255]));
    expect(before.data.subarray(0, 4)).to.not.deep.equal(after.data.subarray(0, 4));
    // A locked preset keeps its own environment and exposure.
    viewer.prefs.lock('lightPreset');
    viewer.setLightPreset(0);
    viewer.renderContext!.setToneMapping({ exposureBias: 0 });
    applyProducerSettings(viewer, model);
    expect(viewer.prefs.get('lightPreset')).to.equal(0);
    expect(viewer.renderContext!.getToneMapping().exposureBias).to.equal(0);
    viewer.prefs.unlock('lightPreset');
    // An environment of no known name warns and changes nothing.
    Object.assign(model.metadata, { renderEnvironmentStyle: { value: 'Moon base' } });
    applyProducerSettings(viewer, model);
    expect(viewer.prefs.get('lightPreset')).to.equal(0);
    expect(viewer.prefs.lock('noSuchPreference')).to.equal(false);
  });
});
