import { expect } from '@esm-bundle/chai';
import { emulateMedia, sendKeys, sendMouse } from '@web/test-runner-commands';
import type { RewindExtension } from '../../../core/index.js';
import { sampleUrl } from '../../support/helpers.js';
import { $, click, createViewerElement, exists, focused, frame, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: { target: unknown[] }[] }[];
}
declare global {
  interface Window {
    axe?: { run(context: Element, options?: object): Promise<AxeResult> };
  }
}

async function axe(): Promise<NonNullable<Window['axe']>> {
  if (!window.axe) {
    await new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = '/node_modules/axe-core/axe.min.js';
      script.onload = resolve;
      script.onerror = reject;
      document.head.appendChild(script);
    });
  }
  return window.axe!;
}

/** Serious and critical violations axe-core finds in the element (it reads open shadow roots). */
async function seriousViolations(element: Element): Promise<string[]> {
  const result = await (await axe()).run(element, { resultTypes: ['violations'] });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

describe('Accessibility', () => {
  // Checked in their final look: a tooltip still fading in over a panel reads as too little contrast.
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));
  afterEach(removeViewerElements);

  for (const theme of ['light', 'dark']) {
    it(`has no serious axe-core violations with the panels, menus and dialogs open (${theme})`, async () => {
      const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 780, height: 560, theme });
      const viewer = element.viewer!;
      expect(await seriousViolations(element)).to.deep.equal([]);

      await click(toolbarButton(element, 'browser'));
      await click(toolbarButton(element, 'properties'));
      const tree = viewer.model!.getInstanceTree();
      const parts: number[] = [];
      tree.enumNodeChildren(tree.getRootId(), (id) => void parts.push(id));
      viewer.select([parts[0]]);
      viewer.hide([parts[1]]);
      await waitFor(() => exists(element, '.dv-property-row'));
      await click(toolbarButton(element, 'camera'));
      expect(await seriousViolations(element)).to.deep.equal([]);
      await click(toolbarButton(element, 'camera'));

      await click(toolbarButton(element, 'settings'));
      expect(await seriousViolations(element)).to.deep.equal([]);
      await click($(element, '[data-panel="settings"] .dv-panel-close'));

      const canvas = viewer.canvas.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(canvas.left + canvas.width / 2), Math.round(canvas.top + canvas.height / 2)] });
      await sendMouse({ type: 'down', button: 'right' });
      await sendMouse({ type: 'up', button: 'right' });
      await waitFor(() => exists(element, '.dv-context-menu'));
      expect(await seriousViolations(element)).to.deep.equal([]);
      await sendKeys({ press: 'Escape' });

      void viewer.dialogs.prompt('Name of the view?'); // stays open: its dialog is what is checked
      viewer.dialogs.success('Saved');
      viewer.dialogs.showHud('Walk with the arrow keys', { title: 'Walk', preference: 'bimWalkToolPopup' });
      await waitFor(() => exists(element, '.dv-dialog'));
      expect(await seriousViolations(element)).to.deep.equal([]);
    });
  }

  it('is operable from the keyboard: the canvas, the toolbar and the panels are in the tab order', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 780, height: 560 });
    const viewer = element.viewer!;
    expect(viewer.canvas.tabIndex).to.equal(0);
    viewer.canvas.focus();
    expect(focused(element) === viewer.canvas).to.equal(true);
    // With an earlier view to go back to, the rewind button is a control too.
    const rewind = () => viewer.getExtension<RewindExtension>('rewind')?.timeline;
    await waitFor(() => rewind()?.isRecording === true);
    viewer.navigation.transitionDurationMs = 0;
    await viewer.setViewCube('top');
    await waitFor(() => rewind()!.history.length >= 2);
    const label = () => (focused(element) as HTMLElement).getAttribute('aria-label');
    const inToolbar = () => (focused(element) as HTMLElement).closest('[role="toolbar"]') !== null;
    // Tab from the canvas: the view cube's controls and the rewind button, then the toolbar (one tab stop);
    // Shift+Tab goes back the same way.
    const stops: (string | null)[] = [];
    for (let i = 0; i < 12 && !inToolbar(); i++) {
      await sendKeys({ press: 'Tab' });
      stops.push(label());
    }
    expect(inToolbar(), stops.join(', ')).to.equal(true);
    expect(stops).to.include.members(['Rotate up', 'Rewind']);
    // Focus is visible: a ring around the focused button, an outline around the focused canvas.
    expect(getComputedStyle(focused(element) as HTMLElement).boxShadow).to.not.equal('none');
    await sendKeys({ down: 'Shift' });
    for (let i = 0; i < stops.length; i++) await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(focused(element) === viewer.canvas).to.equal(true);
    expect(getComputedStyle(viewer.canvas).outlineStyle).to.equal('solid');
    for (let i = 0; i < stops.length; i++) await sendKeys({ press: 'Tab' });
    expect(inToolbar()).to.equal(true);
    // The arrow keys move along the toolbar (one tab stop) to the model browser's button.
    const passed: (string | null)[] = [];
    for (let i = 0; i < 20 && (focused(element) as HTMLElement).getAttribute('aria-label') !== 'Model browser'; i++) {
      passed.push((focused(element) as HTMLElement).getAttribute('aria-label'));
      await sendKeys({ press: 'ArrowRight' });
    }
    expect((focused(element) as HTMLElement).getAttribute('aria-label'), passed.join(', ')).to.equal('Model browser');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => exists(element, '[data-panel="browser"]'));
    // Tab goes on into the panel: its title bar, close button, search field, then the tree.
    const reached: string[] = [];
    for (let i = 0; i < 4; i++) {
      await sendKeys({ press: 'Tab' });
      const at = focused(element) as HTMLElement;
      reached.push(at.getAttribute('role') ?? at.tagName.toLowerCase());
    }
    expect(reached).to.include.members(['tree']);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await frame(2);
    expect(viewer.getSelection()).to.have.length(1);
  });
});
