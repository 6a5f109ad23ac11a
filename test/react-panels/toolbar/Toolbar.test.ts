import { expect } from '@esm-bundle/chai';
import { atom } from 'nanostores';
import { sendKeys } from '@web/test-runner-commands';
import { Extension, type Tool, toolToggleButton, type ToolButtonState, Viewer } from '../../../core/index.js';
import { TOOLBAR_BREAKPOINTS } from '../../../react-panels/index.js';
import { nextEvent, sampleUrl } from '../../support/helpers.js';
import { $, $$, click, createViewerElement, exists, focused, frame, press, removeViewerElements, toolbarButton, untilStill, waitFor } from '../guiHelpers.js';

/** The items the toolbar shows, by their data-item names. */
function shownItems(element: HTMLElement & { shadowRoot: ShadowRoot | null }): string[] {
  return [...element.shadowRoot!.querySelectorAll<HTMLElement>('.dv-toolbar [data-item]')].map((e) => e.dataset.item!);
}

async function resizeTo(element: HTMLElement, width: number): Promise<void> {
  element.style.width = `${width}px`;
  await waitFor(() => Math.round(element.shadowRoot!.querySelector('.dv-chrome')!.getBoundingClientRect().width) === width);
  await frame(3);
}

/**
 * Stands in for live review, which nothing builds yet: an extension with a mode, whose button (the settings
 * group's, hidden below the spec's 380 px) turns the mode on and off.
 */
class LiveReviewStandIn extends Extension {
  private readonly $state = atom<'active' | 'inactive'>('inactive');

  override load(): boolean {
    this.addToolbarButton({
      id: 'collaborate',
      group: 'settings',
      order: 50,
      label: 'Live review',
      icon: 'collaborate',
      hideBelow: TOOLBAR_BREAKPOINTS.collaborate,
      isToggle: true,
      state: this.$state,
      onClick: () => (this.isActive() ? this.viewer.deactivateExtension(this.id) : this.viewer.activateExtension(this.id)),
    });
    return true;
  }

  override activate(mode?: string): boolean {
    this.$state.set('active');
    return super.activate(mode);
  }

  override deactivate(): boolean {
    this.$state.set('inactive');
    return super.deactivate();
  }
}

/** A tool's button, as a third party adds one (the published toolToggleButton), for a tool it may not have registered yet. */
class MarkupStandIn extends Extension {
  private button: ToolButtonState | null = null;

  override load(): boolean {
    const button = toolToggleButton(this.viewer, { toolName: 'markup', group: 'model', order: 40, label: 'Markup', icon: 'measure' });
    this.button = button;
    this.addToolbarButton(button.spec);
    return true;
  }

  override unload(): boolean {
    this.button?.stop();
    return true;
  }
}

describe('Toolbar', () => {
  before(() => {
    Viewer.registerExtension('Test.LiveReview', LiveReviewStandIn);
    Viewer.registerExtension('Test.Markup', MarkupStandIn);
  });
  after(() => {
    Viewer.unregisterExtension('Test.LiveReview');
    Viewer.unregisterExtension('Test.Markup');
  });
  afterEach(removeViewerElements);

  it('hides items by the viewer width at the breakpoints 740, 700, 515, 380 and 310', async () => {
    const element = await createViewerElement({ width: 780, height: 300 });
    await element.viewer!.loadExtension('Test.LiveReview');
    await waitFor(() => shownItems(element).includes('collaborate'));
    expect(shownItems(element)).to.include.members(['orbit', 'pan', 'zoom', 'walk', 'camera', 'explode', 'section', 'collaborate']);

    await resizeTo(element, TOOLBAR_BREAKPOINTS.orbit - 1); // 739
    expect(shownItems(element)).to.not.include.members(['orbit']);
    for (const gone of ['orbit', 'pan', 'zoom', 'walk']) expect(shownItems(element)).to.not.include(gone);
    expect(shownItems(element)).to.include.members(['camera', 'section']);

    await resizeTo(element, TOOLBAR_BREAKPOINTS.orbit); // exactly 740 shows them again
    expect(shownItems(element)).to.include.members(['orbit', 'pan', 'zoom', 'walk']);

    await resizeTo(element, TOOLBAR_BREAKPOINTS.section - 1);
    expect(shownItems(element)).to.not.include('section');
    expect(shownItems(element)).to.include('camera');

    await resizeTo(element, TOOLBAR_BREAKPOINTS.camera - 1);
    expect(shownItems(element)).to.not.include('camera');
    expect(shownItems(element)).to.include.members(['collaborate', 'explode']);

    await resizeTo(element, TOOLBAR_BREAKPOINTS.collaborate - 1);
    expect(shownItems(element)).to.not.include('collaborate');
    expect(shownItems(element)).to.include('explode');

    await resizeTo(element, TOOLBAR_BREAKPOINTS.explode - 1);
    expect(shownItems(element)).to.not.include('explode');
    // The settings tools stay at every width, and the bar fits inside the viewer.
    expect(shownItems(element)).to.include.members(['browser', 'properties', 'settings', 'fullscreen']);
    const bar = $(element, '.dv-toolbar').getBoundingClientRect();
    const host = element.getBoundingClientRect();
    expect(bar.left).to.be.at.least(host.left);
    expect(bar.right).to.be.at.most(host.right);
  });

  it('treats the navigation tools as a radio group: activating one deactivates the others', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 780 });
    const viewer = element.viewer!;
    expect(toolbarButton(element, 'orbit').getAttribute('aria-pressed')).to.equal('true');
    expect(toolbarButton(element, 'orbit').classList.contains('is-active')).to.equal(true);

    await click(toolbarButton(element, 'pan'));
    expect(viewer.toolController.getActiveToolName()).to.equal('pan');
    expect(toolbarButton(element, 'pan').getAttribute('aria-pressed')).to.equal('true');
    expect(toolbarButton(element, 'orbit').getAttribute('aria-pressed')).to.equal('false');

    // The orbit combo offers free orbit; choosing it leaves pan.
    await click($(element, '[data-combo-arrow="orbit"]'));
    await click($(element, '.dv-toolbar-menu [data-entry="freeorbit"]'));
    expect(viewer.toolController.getActiveToolName()).to.equal('freeorbit');
    expect(toolbarButton(element, 'pan').getAttribute('aria-pressed')).to.equal('false');
    expect(toolbarButton(element, 'orbit').getAttribute('aria-label')).to.equal('Free orbit');

    // Clicking the active tool again leaves it: the default tool (orbit) comes back.
    await click(toolbarButton(element, 'orbit'));
    expect(viewer.toolController.getActiveToolName()).to.equal('orbit');
  });

  it('shows an extension\'s button only while the extension is loaded; live review\'s turns its mode on and off', async () => {
    const element = await createViewerElement({ width: 780 });
    const viewer = element.viewer!;
    expect(shownItems(element)).to.include.members(['explode', 'section', 'settings']);
    expect(shownItems(element)).to.not.include('collaborate');

    const liveReview = await viewer.loadExtension('Test.LiveReview');
    await waitFor(() => shownItems(element).includes('collaborate'));
    // Its place in the settings group: after settings (40), before full screen (60).
    const settingsGroup = shownItems(element).filter((item) => ['browser', 'layers', 'properties', 'settings', 'collaborate', 'fullscreen'].includes(item));
    expect(settingsGroup).to.deep.equal(['browser', 'layers', 'properties', 'settings', 'collaborate', 'fullscreen']);
    expect(toolbarButton(element, 'collaborate').getAttribute('aria-pressed')).to.equal('false');
    await click(toolbarButton(element, 'collaborate'));
    expect(liveReview.isActive()).to.equal(true);
    await waitFor(() => toolbarButton(element, 'collaborate').getAttribute('aria-pressed') === 'true');
    await click(toolbarButton(element, 'collaborate'));
    expect(liveReview.isActive()).to.equal(false);
    await waitFor(() => toolbarButton(element, 'collaborate').getAttribute('aria-pressed') === 'false');

    // Unloading an extension takes its button away.
    viewer.unloadExtension('Test.LiveReview');
    await waitFor(() => !shownItems(element).includes('collaborate'));
    expect(shownItems(element)).to.include.members(['explode', 'section']);
  });

  it('shows a disabled button for a tool that is not registered, which ignores clicks until the tool exists', async () => {
    const element = await createViewerElement({ width: 780 });
    const viewer = element.viewer!;
    await viewer.loadExtension('Test.Markup');
    await waitFor(() => shownItems(element).includes('markup'));
    expect(shownItems(element).filter((item) => ['explode', 'section', 'markup'].includes(item))).to.deep.equal(['explode', 'section', 'markup']);
    expect(viewer.toolController.getToolNames()).to.not.include('markup');
    const markup = toolbarButton(element, 'markup');
    expect(markup.getAttribute('aria-disabled')).to.equal('true');
    expect(markup.classList.contains('is-disabled')).to.equal(true);
    const heard: string[] = [];
    viewer.addEventListener('tool-change', (e) => heard.push(e.detail.toolName));
    await click(markup);
    expect(heard).to.deep.equal([]);
    expect(viewer.toolController.getActiveToolName()).to.equal('orbit');

    // A tool registered under the name lights the button up; a click then toggles it.
    const markupTool: Tool = { names: ['markup'], priority: 20 };
    viewer.toolController.registerTool(markupTool);
    viewer.toolController.activateTool('markup');
    viewer.toolController.deactivateTool('markup');
    await waitFor(() => toolbarButton(element, 'markup').getAttribute('aria-disabled') === null);
    await click(toolbarButton(element, 'markup'));
    expect(viewer.toolController.isToolActive('markup')).to.equal(true);
    expect(toolbarButton(element, 'markup').getAttribute('aria-pressed')).to.equal('true');
  });

  it('explodes with a 0-1 slider while the explode button is on, beside orbit, and puts the model back when it is off', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/properties.glb'), width: 780, height: 400 });
    const viewer = element.viewer!;
    expect(exists(element, '[data-panel="explode"]')).to.equal(false);
    await click(toolbarButton(element, 'explode'));
    expect(toolbarButton(element, 'explode').getAttribute('aria-pressed')).to.equal('true');
    await waitFor(() => exists(element, '[data-panel="explode"]'));
    expect(viewer.toolController.getActiveToolName(), 'navigation goes on beside it').to.equal('orbit');
    const slider = $(element, '[data-panel="explode"] input[type="range"]') as HTMLInputElement;
    expect([Number(slider.min), Number(slider.max), Number(slider.step)]).to.deep.equal([0, 1, 0.01]);
    expect(slider.getAttribute('aria-label')).to.equal('Explode scale');
    const before = viewer.capturePixels(200, 100);
    const changes: number[] = [];
    viewer.addEventListener('explode-change', (e) => changes.push(e.detail.scale));
    slider.focus();
    await press('ArrowRight');
    await waitFor(() => viewer.getExplodeScale() > 0);
    expect(viewer.getExplodeScale()).to.be.closeTo(0.01, 1e-9);
    await press('End');
    await waitFor(() => viewer.getExplodeScale() === 1);
    expect(Number(slider.value)).to.equal(1);
    expect(changes.at(-1)).to.equal(1);
    const exploded = viewer.capturePixels(200, 100);
    expect(exploded.data.some((v, i) => Math.abs(v - before.data[i]) > 12), 'the picture changes').to.equal(true);

    await click(toolbarButton(element, 'explode'));
    await waitFor(() => !exists(element, '[data-panel="explode"]'));
    expect(viewer.getExplodeScale()).to.equal(0);
    expect(toolbarButton(element, 'explode').getAttribute('aria-pressed')).to.equal('false');
  });

  it('sections with a plane across a chosen axis while the section button is on, and takes it away when it is off', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/properties.glb'), width: 780, height: 400 });
    const viewer = element.viewer!;
    await click(toolbarButton(element, 'section'));
    await waitFor(() => exists(element, '[data-panel="section"]'));
    expect(toolbarButton(element, 'section').getAttribute('aria-pressed')).to.equal('true');
    expect(viewer.getCutPlanes().length).to.equal(1);
    const axis = (name: string) => $(element, `[data-panel="section"] [data-axis="${name}"]`);
    expect(axis('y').getAttribute('aria-pressed'), 'level with the ground first (glTF is y-up)').to.equal('true');
    await click(axis('x'));
    await waitFor(() => viewer.getCutPlanes()[0]?.[0] === 1);
    expect(axis('x').getAttribute('aria-pressed')).to.equal('true');
    const slider = $(element, '[data-panel="section"] input[type="range"]') as HTMLInputElement;
    expect(slider.getAttribute('aria-label')).to.equal('Section position');
    const before = viewer.getCutPlanes()[0][3];
    slider.focus();
    await press('Home');
    await waitFor(() => viewer.getCutPlanes()[0][3] !== before);
    expect(Number(slider.value)).to.equal(0);
    await click($(element, '[data-panel="section"] .dv-section-flip'));
    await waitFor(() => viewer.getCutPlanes()[0][0] === -1);

    await click(toolbarButton(element, 'section'));
    await waitFor(() => !exists(element, '[data-panel="section"]'));
    expect(viewer.getCutPlanes()).to.deep.equal([]);
  });

  it('has translated tooltips that follow the language attribute', async () => {
    const element = await createViewerElement({ width: 780 });
    const tooltip = () => $(element, '[data-item="pan"] .dv-tooltip').textContent;
    expect(tooltip()).to.equal('Pan');
    expect(toolbarButton(element, 'pan').getAttribute('aria-label')).to.equal('Pan');
    const french = await (await fetch('/res/locales/fr/allstrings.json')).json();
    const changed = nextEvent(element, 'language-change');
    element.setAttribute('language', 'fr-CA');
    expect((await changed).language).to.equal('fr');
    await waitFor(() => tooltip() === french.Pan);
    expect(french.Pan).to.not.equal('Pan');
    expect(toolbarButton(element, 'pan').getAttribute('aria-label')).to.equal(french.Pan);
  });

  it('opens the camera submenu by click and by keyboard; Fit to view frames the model', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 780 });
    const viewer = element.viewer!;
    await click(toolbarButton(element, 'camera'));
    const entries = $$(element, '.dv-toolbar-menu [data-entry]').map((e) => e.dataset.entry);
    expect(entries).to.include.members(['fit', 'fov', 'roll']);
    expect(entries).to.not.include('home'); // Home is offered on touch devices only
    expect(toolbarButton(element, 'camera').getAttribute('aria-expanded')).to.equal('true');

    // Move the camera away, then Fit to view brings the whole model back into view.
    const home = viewer.navigation.getView();
    viewer.navigation.setView(home.position.clone().multiplyScalar(6), home.center.clone());
    const change = nextEvent(viewer, 'camera-change');
    await click($(element, '.dv-toolbar-menu [data-entry="fit"]'));
    await change;
    expect(exists(element, '.dv-toolbar-menu')).to.equal(false);
    expect(viewer.navigation.position.length()).to.be.lessThan(home.position.clone().multiplyScalar(6).length());

    // Keyboard: ArrowUp opens it with the first entry focused, arrows move, Escape closes back to the button.
    toolbarButton(element, 'camera').focus();
    await press('ArrowUp');
    expect((focused(element) as HTMLElement).dataset.entry).to.equal('fit');
    await press('ArrowDown');
    expect((focused(element) as HTMLElement).dataset.entry).to.equal(entries[1]);
    await press('Escape');
    expect(exists(element, '.dv-toolbar-menu')).to.equal(false);
    expect(focused(element) === toolbarButton(element, 'camera'), "focus").to.equal(true);
  });

  it('is one tab stop whose buttons the arrow keys, Home and End move between', async () => {
    const element = await createViewerElement({ width: 780 });
    const buttons = $$(element, '.dv-toolbar [data-toolbar-button]');
    expect(buttons.filter((b) => b.tabIndex === 0)).to.have.length(1);
    expect($(element, '.dv-toolbar').getAttribute('role')).to.equal('toolbar');
    buttons[0].focus();
    await press('ArrowRight');
    expect(focused(element) === buttons[1], "focus").to.equal(true);
    expect(buttons[1].tabIndex).to.equal(0);
    expect(buttons[0].tabIndex).to.equal(-1);
    await press('End');
    expect(focused(element) === buttons[buttons.length - 1], "focus").to.equal(true);
    await press('Home');
    expect(focused(element) === buttons[0], "focus").to.equal(true);
    // Enter on a panel button opens the panel.
    toolbarButton(element, 'properties').focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => exists(element, '[data-panel="properties"]'));
  });

  it('cycles the screen mode with the full screen button: normal, full browser, full screen, normal', async () => {
    const element = await createViewerElement({ width: 400 });
    const viewer = element.viewer!;
    const modes: string[] = [];
    viewer.addEventListener('screen-mode-change', (e) => modes.push(e.detail.mode));
    await click(toolbarButton(element, 'fullscreen'));
    expect(viewer.getScreenMode()).to.equal('full-browser');
    expect(element.getAttribute('screen-mode')).to.equal('full-browser');
    await waitFor(() => Math.abs(element.getBoundingClientRect().width - window.innerWidth) < 1);
    await untilStill(() => toolbarButton(element, 'fullscreen'));
    await click(toolbarButton(element, 'fullscreen'));
    expect(viewer.getScreenMode()).to.equal('full-screen');
    // Entering full screen lays the chrome out again a frame or more later; click where the button settles.
    await untilStill(() => toolbarButton(element, 'fullscreen'));
    await click(toolbarButton(element, 'fullscreen'));
    expect(viewer.getScreenMode()).to.equal('normal');
    expect(modes).to.deep.equal(['full-browser', 'full-screen', 'normal']);
    await waitFor(() => Math.round(element.getBoundingClientRect().width) === 400);
  });
});
