import { expect } from '@esm-bundle/chai';
import { $, click, createViewerElement, exists, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

describe('Chrome', () => {
  afterEach(removeViewerElements);

  it('is light by default and dark with theme="dark", styled inside the shadow root only', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    const light = getComputedStyle($(element, '.dv-toolbar')).backgroundColor;
    expect(light).to.equal('rgb(255, 255, 255)');
    element.setAttribute('theme', 'dark');
    await waitFor(() => getComputedStyle($(element, '.dv-toolbar')).backgroundColor !== light);
    const [r, g, b] = getComputedStyle($(element, '.dv-toolbar')).backgroundColor.match(/\d+/g)!.map(Number);
    expect(r + g + b).to.be.lessThan(200);
    // Nothing leaks into the page: the page's own styles are untouched.
    expect([...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('dv-toolbar')))).to.equal(false);
    expect(element.shadowRoot!.adoptedStyleSheets.length).to.be.greaterThan(1);
  });

  it('goes away with the headless attribute and comes back without it', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    expect(exists(element, '.dv-toolbar')).to.equal(true);
    element.setAttribute('headless', '');
    await waitFor(() => !exists(element, '.dv-toolbar'));
    // Without the chrome nothing listens for the context menu either.
    expect(element.viewer!.toolController.getToolNames()).to.not.include('contextmenu');
    element.removeAttribute('headless');
    await waitFor(() => exists(element, '.dv-toolbar'));
    expect(toolbarButton(element, 'settings').getAttribute('aria-label')).to.equal('Settings');
  });

  it('uses the mobile defaults on a mobile device: no antialiasing, no view cube, optimised navigation', async () => {
    const element = await createViewerElement({ width: 600, height: 400, config: { isMobile: true } });
    const viewer = element.viewer!;
    expect(viewer.isMobile).to.equal(true);
    expect([viewer.prefs.get('antialiasing'), viewer.prefs.get('viewCube'), viewer.prefs.get('optimizeNavigation')]).to.deep.equal([false, false, true]);
    const context = viewer.canvas.getContext('webgl2');
    expect(context?.getContextAttributes()?.antialias).to.equal(false);
    // The camera submenu offers Home on touch devices.
    await click(toolbarButton(element, 'camera'));
    expect(exists(element, '.dv-toolbar-menu [data-entry="home"]')).to.equal(true);
  });
});
