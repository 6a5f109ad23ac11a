import { expect } from '@esm-bundle/chai';
import { FragmentFlag, type Model, NEGATIVE_SELECTION_MESSAGE, Viewer } from '../../../core/index.js';
import { ModelSelectionState } from '../../../core/selection/ModelSelectionState.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';
import { createContainer, sampleUrl } from '../../support/helpers.js';

describe('selection (spec 000 §3–§5)', () => {
  let viewer: Viewer;
  let model: Model;
  let container: HTMLDivElement;
  let recorder: ConsoleRecorder;
  let events: { selections: { dbIds: number[]; fragIds: number[] }[] }[];

  before(async () => {
    container = createContainer(200, 150);
    viewer = new Viewer(container, { language: 'en', logLevel: 'warning' });
    viewer.start();
    // CubeHierarchy: "Parent node 1" (dbId 2) has children 3, 4, 6 with meshes below them.
    model = await viewer.loadModel(sampleUrl('gltf/CubeHierarchy.gltf'));
    viewer.addEventListener('selection-change', (e) => events.push(e.detail));
  });
  after(() => {
    viewer.finish();
    container.remove();
  });
  beforeEach(() => {
    viewer.clearSelection();
    events = [];
    recorder = new ConsoleRecorder().start();
  });
  afterEach(() => recorder.stop());

  const descendantFragments = (dbId: number) => {
    const ids: number[] = [];
    model.instanceTree.enumNodeFragments(dbId, (f) => void ids.push(f), true);
    return ids.sort((a, b) => a - b);
  };

  it('selecting a parent counts its children: their fragments are highlighted and reported', () => {
    viewer.select([2]);
    expect(events).to.have.length(1);
    const [selection] = events[0].selections;
    expect(selection.dbIds).to.deep.equal([2]);
    expect([...selection.fragIds].sort((a, b) => a - b)).to.deep.equal(descendantFragments(2));
    for (const fragId of descendantFragments(2)) expect(model.fragments.flags[fragId] & FragmentFlag.SELECTED).to.not.equal(0);
    const outside = [...Array(model.fragments.count).keys()].filter((f) => !descendantFragments(2).includes(f));
    for (const fragId of outside) expect(model.fragments.flags[fragId] & FragmentFlag.SELECTED).to.equal(0);
  });

  it('does nothing when the same set is selected again', () => {
    viewer.select([3, 4]);
    viewer.select([4, 3]);
    expect(events).to.have.length(1);
  });

  it('toggles, adding and removing one node', () => {
    viewer.toggleSelect(3);
    viewer.toggleSelect(4);
    expect(viewer.getSelection()).to.deep.equal([3, 4]);
    viewer.toggleSelect(3);
    expect(viewer.getSelection()).to.deep.equal([4]);
    expect(events).to.have.length(3);
  });

  it('logs "Attempting to select node 0." and changes nothing for node 0', () => {
    viewer.toggleSelect(0);
    viewer.select([0]);
    expect(recorder.errors.filter((m) => m === 'Attempting to select node 0.')).to.have.length(2);
    expect(events).to.have.length(0);
  });

  it('warns when one call names several models, and uses the first', () => {
    viewer.select([3], [model, model]);
    expect(recorder.warnings.some((m) => /not yet supported/.test(m))).to.equal(true);
    expect(viewer.getSelection()).to.deep.equal([3]);
  });

  it('throws the spec error when a count would go negative', () => {
    const state = new ModelSelectionState(model);
    const broken = state as unknown as { adjust(dbId: number, delta: number): void };
    expect(() => broken.adjust(3, -1)).to.throw(NEGATIVE_SELECTION_MESSAGE);
    expect(NEGATIVE_SELECTION_MESSAGE).to.equal('Selection State machine broken. Negatively selected object!');
  });

  it('clears, reporting an empty aggregate selection', () => {
    viewer.select([3]);
    viewer.clearSelection();
    expect(events.at(-1)!.selections).to.deep.equal([]);
    expect(viewer.getAggregateSelection()).to.deep.equal([]);
  });

  it('drops hidden objects from the selection', () => {
    viewer.select([3, 4]);
    viewer.hide([3]);
    expect(viewer.getSelection()).to.deep.equal([4]);
    viewer.showAll();
  });
});
