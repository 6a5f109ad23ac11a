import { expect } from '@esm-bundle/chai';
import {
  areStatesEqual,
  Extension,
  LIGHT_PRESETS,
  type Model,
  NO_MODEL_MESSAGE,
  NO_STATE_MESSAGE,
  ORTHO_SCALE_MESSAGE,
  Viewer,
  type ViewerState,
} from '../../../core/index.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';
import { capture, changedPixels, createContainer, sampleUrl } from '../../support/helpers.js';

/** Runs `action` with the viewer logging warnings, and returns what it warned. */
function warningsOf(viewer: Viewer, action: () => void): string[] {
  const recorder = new ConsoleRecorder().start();
  viewer.logger.setLevel('warning');
  try {
    action();
  } finally {
    viewer.logger.setLevel(undefined);
    recorder.stop();
  }
  return recorder.warnings;
}

/** Camera values as the state reports them: 3 decimals (spec 000 §5). */
const rounded = (values: number[]) => values.map((v) => Math.round(v * 1000) / 1000);

describe('viewer state (getState / restoreState)', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let model: Model;

  beforeEach(async () => {
    container = createContainer(240, 180);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    model = await viewer.loadModel(sampleUrl('gltf/properties.glb'));
    await viewer.goHome(true);
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('describes the viewer as the spec lists it', () => {
    viewer.select([3]);
    viewer.hide([4]);
    const state = viewer.getState();
    expect(Object.keys(state)).to.have.members(['seedURN', 'objectSet', 'viewport', 'renderOptions', 'cutplanes']);
    expect(state.seedURN).to.equal(model.url);
    expect(state.objectSet).to.deep.equal([{ id: [3], isolated: [], hidden: [4], explodeScale: 0, idType: 'lmv' }]);
    const viewport = state.viewport!;
    expect(Object.keys(viewport)).to.have.members([
      'name', 'eye', 'target', 'up', 'worldUpVector', 'pivotPoint', 'distanceToOrbit', 'aspectRatio', 'projection', 'isOrthographic', 'fieldOfView',
    ]);
    // Real coordinates, rounded to 3 decimals (spec 000 §5).
    const camera = viewer.navigation.getCamera();
    expect(viewport.eye).to.deep.equal(rounded(camera.position.toArray()));
    expect(viewport.target).to.deep.equal(rounded(camera.target.toArray()));
    expect(viewport.eye.some((v) => v !== Math.round(v)), 'not rounded to whole units').to.equal(true);
    expect(viewport.projection).to.equal('perspective');
    expect(viewport.fieldOfView).to.equal(camera.fov);
    expect(viewport.aspectRatio).to.equal(Math.round((240 / 180) * 1000) / 1000);
    const options = state.renderOptions!;
    expect(options.environment).to.equal(LIGHT_PRESETS[viewer.prefs.get('lightPreset') as number].name);
    expect(Object.keys(options.appearance)).to.have.members(['ghostHidden', 'ambientShadow', 'antiAliasing', 'progressiveDisplay', 'swapBlackAndWhite', 'displayLines', 'displayPoints']);
    expect(options.appearance.ghostHidden).to.equal(true);
    expect(Object.keys(options.ambientOcclusion)).to.have.members(['enabled', 'radius', 'intensity']);
    expect(Object.keys(options.toneMap)).to.have.members(['method', 'exposure', 'lightMultiplier']);
    expect(state.cutplanes).to.deep.equal([]);
    expect(JSON.parse(JSON.stringify(state)), 'plain JSON').to.deep.equal(state);

    viewer.toOrthographic();
    const ortho = viewer.getState().viewport!;
    expect(ortho.projection).to.equal('orthographic');
    expect(ortho.isOrthographic).to.equal(true);
    expect(ortho.orthographicHeight).to.equal(rounded([viewer.navigation.getCamera().orthoScale])[0]);
    expect('fieldOfView' in ortho).to.equal(false);
  });

  it('restores what it saved: selection, visibility, explode, cut planes, render options and camera', async () => {
    viewer.hide([2]);
    viewer.select([3]);
    viewer.explode(0.4);
    viewer.setCutPlanes([[0, 1, 0, -0.2]]);
    viewer.setGhosting(false);
    viewer.setLightPreset(2);
    viewer.navigation.orbit(0.7, 0.2);
    viewer.toOrthographic();
    viewer.renderNow();
    const saved = viewer.getState();
    const picture = capture(viewer);

    viewer.showAll();
    viewer.clearSelection();
    viewer.explode(0);
    viewer.setCutPlanes([]);
    viewer.setGhosting(true);
    viewer.setLightPreset(0);
    viewer.toPerspective();
    await viewer.goHome(true);
    expect(changedPixels(picture, capture(viewer)).length).to.be.greaterThan(100);

    expect(viewer.restoreState(saved, undefined, true)).to.equal(true);
    expect(areStatesEqual(viewer.getState(), saved), JSON.stringify(viewer.getState())).to.equal(true);
    expect(viewer.getHiddenNodes()).to.deep.equal([2]);
    expect(viewer.getSelection()).to.deep.equal([3]);
    expect(viewer.getExplodeScale()).to.equal(0.4);
    expect(viewer.getCutPlanes()).to.deep.equal([[0, 1, 0, -0.2]]);
    // The same picture but for edge pixels: the saved camera is rounded to 3 decimals (spec 000 §5).
    expect(changedPixels(picture, capture(viewer)).length, 'the same picture').to.be.at.most(0.002 * 240 * 180);
  });

  it('animates the camera to the saved view unless immediate', async () => {
    const saved = viewer.getState();
    viewer.navigation.orbit(1.2, 0);
    expect(viewer.restoreState(saved)).to.equal(true);
    expect(viewer.navigation.isTransitionActive()).to.equal(true);
    viewer.navigation.finishTransition();
    expect(areStatesEqual(viewer.getState({ viewport: true }), { viewport: saved.viewport })).to.equal(true);
  });

  it('keeps only the keys a filter names, in getState and in restoreState', () => {
    viewer.select([3]);
    expect(Object.keys(viewer.getState({ viewport: true }))).to.deep.equal(['viewport']);
    const partial = viewer.getState({ objectSet: { id: true, hidden: true }, viewport: { eye: true }, seedURN: false });
    expect(partial).to.deep.equal({ objectSet: [{ id: [3], hidden: [] }], viewport: { eye: rounded(viewer.navigation.getCamera().position.toArray()) } });

    const saved = viewer.getState();
    viewer.clearSelection();
    viewer.hide([4]);
    // Restoring the viewport alone leaves selection and visibility as they are.
    expect(viewer.restoreState(saved, { viewport: true }, true)).to.equal(true);
    expect(viewer.getSelection()).to.deep.equal([]);
    expect(viewer.getHiddenNodes()).to.deep.equal([4]);
    expect(viewer.restoreState(saved, { objectSet: true }, true)).to.equal(true);
    expect(viewer.getSelection()).to.deep.equal([3]);
    expect(viewer.getHiddenNodes()).to.deep.equal([]);
  });

  it('warns about a filter value that is neither an object nor a boolean, and keeps that key', () => {
    let state: ViewerState = {};
    const warnings = warningsOf(viewer, () => {
      state = viewer.getState({ viewport: 'yes', seedURN: true });
    });
    expect(Object.keys(state)).to.have.members(['viewport', 'seedURN']);
    expect(warnings.length).to.equal(1);
    expect(warningsOf(viewer, () => viewer.getState('everything')).length).to.equal(1);
  });

  it('does nothing, with the spec warning, without a state or without a model', () => {
    const saved = viewer.getState();
    viewer.select([3]);
    const circular: Record<string, unknown> = { viewport: {} };
    circular.self = circular;
    for (const nothing of [undefined, null, 'state', '{"objectSet": [', [], circular]) {
      let result = true;
      const warnings = warningsOf(viewer, () => (result = viewer.restoreState(nothing)));
      expect(result).to.equal(false);
      expect(warnings).to.deep.equal([NO_STATE_MESSAGE]);
    }
    viewer.unloadModel(model);
    let result = true;
    const warnings = warningsOf(viewer, () => (result = viewer.restoreState(saved)));
    expect(result).to.equal(false);
    expect(warnings).to.deep.equal([NO_MODEL_MESSAGE]);
  });

  it('restores a state saved as JSON text', () => {
    viewer.select([3]);
    const text = JSON.stringify(viewer.getState());
    viewer.clearSelection();
    expect(viewer.restoreState(text, undefined, true)).to.equal(true);
    expect(viewer.getSelection()).to.deep.equal([3]);
  });

  it('reads ids as integers, and leaves out cut planes under 4 numbers and vectors under 3 entries', () => {
    const saved = viewer.getState();
    const target = [...saved.viewport!.target];
    const edited = {
      ...saved,
      objectSet: [{ ...saved.objectSet![0], id: ['3', 4.0], hidden: [2.7] }],
      cutplanes: [[0, 0, 1], [0, 0, 1, 5], 'plane'],
      viewport: { ...saved.viewport!, eye: [1, 2], target },
    };
    expect(viewer.restoreState(edited, undefined, true)).to.equal(true);
    expect(viewer.getSelection()).to.have.members([3, 4]);
    expect(viewer.getHiddenNodes()).to.deep.equal([2]);
    expect(viewer.getCutPlanes()).to.deep.equal([[0, 0, 1, 5]]);
    expect(rounded(viewer.navigation.getCamera().position.toArray()), 'a short vector keeps the eye where it was').to.deep.equal(saved.viewport!.eye);
  });

  it('warns when an orthographic height does not match the eye-target distance', () => {
    viewer.toOrthographic();
    const saved = viewer.getState();
    expect(warningsOf(viewer, () => viewer.restoreState(saved, undefined, true))).to.deep.equal([]);
    const wrong = { ...saved, viewport: { ...saved.viewport!, orthographicHeight: saved.viewport!.orthographicHeight! * 5 } };
    expect(warningsOf(viewer, () => viewer.restoreState(wrong, undefined, true))).to.deep.equal([ORTHO_SCALE_MESSAGE]);
    expect(viewer.navigation.getCamera().orthoScale, 'the saved height is shown').to.be.closeTo(wrong.viewport.orthographicHeight, 1e-9);
  });

  it('carries the keys extensions add', async () => {
    const restored: unknown[] = [];
    class Notes extends Extension {
      override getState(state: ViewerState) {
        state.notes = { count: 2 };
      }
      override restoreState(state: ViewerState) {
        restored.push(state.notes);
        return true;
      }
    }
    Viewer.registerExtension('Test.StateNotes', Notes);
    try {
      await viewer.loadExtension('Test.StateNotes');
      const state = viewer.getState();
      expect(state.notes).to.deep.equal({ count: 2 });
      expect(viewer.restoreState({ ...state, notes: { count: 5 } }, undefined, true)).to.equal(true);
      expect(restored).to.deep.equal([{ count: 5 }]);
    } finally {
      Viewer.unregisterExtension('Test.StateNotes');
    }
  });
});
