import { expect } from '@esm-bundle/chai';
import { Viewer } from '../../../core/index.js';
import { createContainer } from '../../support/helpers.js';

describe('Screen modes', () => {
  it('cycles normal → full browser → full screen → normal, raising screen-mode-change, and Escape returns to normal', () => {
    const container = createContainer(320, 240);
    const viewer = new Viewer(container, { startOnInitialize: true });
    const modes: string[] = [];
    viewer.addEventListener('screen-mode-change', (e) => modes.push(e.detail.mode));
    expect(viewer.getScreenMode()).to.equal('normal');
    expect(viewer.escapeScreenMode()).to.equal(false);
    expect(viewer.nextScreenMode()).to.equal('full-browser');
    // Full browser: the container covers the window.
    expect(getComputedStyle(container).position).to.equal('fixed');
    expect(container.getBoundingClientRect().width).to.equal(window.innerWidth);
    expect(viewer.nextScreenMode()).to.equal('full-screen');
    expect(viewer.nextScreenMode()).to.equal('normal');
    expect(getComputedStyle(container).position).to.equal('relative');
    viewer.setScreenMode('full-browser');
    expect(viewer.escapeScreenMode()).to.equal(true);
    expect(viewer.getScreenMode()).to.equal('normal');
    expect(modes).to.deep.equal(['full-browser', 'full-screen', 'normal', 'full-browser', 'normal']);
    expect(viewer.stores.$screenMode.get()).to.equal('normal');
    viewer.finish();
    container.remove();
  });
});
