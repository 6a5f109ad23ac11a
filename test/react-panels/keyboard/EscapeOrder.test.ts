import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { ViewerError } from '../../../core/index.js';
import { ESCAPE_STEPS } from '../../../react-panels/index.js';
import { sampleUrl } from '../../support/helpers.js';
import { $, click, createViewerElement, exists, frame, press, removeViewerElements, toolbarButton, untilStill, waitFor } from '../guiHelpers.js';

describe('Escape order', () => {
  afterEach(removeViewerElements);

  it('undoes one thing per press, in the spec order', async () => {
    expect(ESCAPE_STEPS).to.deep.equal([
      'close-context-menu',
      'close-rendering-options',
      'leave-temporary-tool',
      'clear-selection',
      'show-all',
      'dismiss-alert',
      'close-top-panel',
      'leave-full-screen',
    ]);
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 460 });
    const viewer = element.viewer!;
    const tree = viewer.model!.getInstanceTree();
    const parts: number[] = [];
    tree.enumNodeChildren(tree.getRootId(), (id) => void parts.push(id));

    // Build up every state the order undoes.
    await click(toolbarButton(element, 'fullscreen'));
    expect(viewer.getScreenMode()).to.equal('full-browser');
    await untilStill(() => toolbarButton(element, 'browser'));
    await click(toolbarButton(element, 'browser'));
    await click(toolbarButton(element, 'settings'));
    await click($(element, '[data-panel="settings"] [data-tab="environment"]'));
    await click($(element, '.dv-settings-more'));
    expect(exists(element, '[data-panel="settings"]')).to.equal(false);
    await click(toolbarButton(element, 'properties'));
    viewer.reportError(new ViewerError(3, 'offline'));
    await waitFor(() => exists(element, '.dv-alert'));
    viewer.hide([parts[0]]);
    viewer.select([parts[1]]);
    await click(toolbarButton(element, 'pan'));
    expect(viewer.toolController.getActiveToolName()).to.equal('pan');
    const rect = viewer.canvas.getBoundingClientRect();
    const empty: [number, number] = [Math.round(rect.left + 300), Math.round(rect.top + 8)];
    expect(viewer.hitTest(...empty)).to.equal(null);
    await sendMouse({ type: 'move', position: empty });
    await sendMouse({ type: 'down', button: 'right' });
    await sendMouse({ type: 'up', button: 'right' });
    await waitFor(() => exists(element, '.dv-context-menu'));

    const state = () => ({
      menu: exists(element, '.dv-context-menu'),
      renderingOptions: exists(element, '[data-panel="renderingOptions"]'),
      tool: viewer.toolController.getActiveToolName(),
      selected: viewer.getSelection().length,
      hidden: viewer.getHiddenNodes().length,
      alert: exists(element, '.dv-alert'),
      browser: exists(element, '[data-panel="browser"]'),
      properties: exists(element, '[data-panel="properties"]'),
      mode: viewer.getScreenMode(),
    });
    const all = { menu: true, renderingOptions: true, tool: 'pan', selected: 1, hidden: 1, alert: true, browser: true, properties: true, mode: 'full-browser' };
    expect(state()).to.deep.equal(all);

    const expected = [
      { ...all, menu: false },
      { ...all, menu: false, renderingOptions: false },
      { ...all, menu: false, renderingOptions: false, tool: 'orbit' },
      { ...all, menu: false, renderingOptions: false, tool: 'orbit', selected: 0 },
      { ...all, menu: false, renderingOptions: false, tool: 'orbit', selected: 0, hidden: 0 },
      { ...all, menu: false, renderingOptions: false, tool: 'orbit', selected: 0, hidden: 0, alert: false },
      // The top panel is the one opened last: properties, then the model browser.
      { ...all, menu: false, renderingOptions: false, tool: 'orbit', selected: 0, hidden: 0, alert: false, properties: false },
      { ...all, menu: false, renderingOptions: false, tool: 'orbit', selected: 0, hidden: 0, alert: false, properties: false, browser: false },
      { menu: false, renderingOptions: false, tool: 'orbit', selected: 0, hidden: 0, alert: false, properties: false, browser: false, mode: 'normal' },
    ];
    for (const [step, after] of expected.entries()) {
      await press('Escape');
      await frame(2);
      expect(state(), `after Escape ${step + 1}`).to.deep.equal(after);
      // Between steps the focus sits on the canvas, as it does for a user who clicked the model.
      if (!exists(element, '.dv-context-menu')) viewer.canvas.focus();
    }
    // Nothing left to undo: one more Escape changes nothing.
    await press('Escape');
    expect(state()).to.deep.equal(expected[expected.length - 1]);
  });
});
