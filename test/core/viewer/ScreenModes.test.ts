import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../elements/index.js';
import type { DesignViewerElement } from '../../../elements/index.js';
import { SCREEN_MODES, Viewer } from '../../../core/index.js';
import { ConsoleRecorder } from '../../support/consoleRecorder.js';
import { createContainer, nextEvent } from '../../support/helpers.js';
import { until } from '../../support/navigationInput.js';

/** A button that runs `action` when really clicked: full screen needs a user gesture. */
async function clickToRun(action: () => void): Promise<void> {
  const button = document.createElement('button');
  button.textContent = 'run';
  button.style.cssText = 'position:fixed;left:0;top:0;width:40px;height:20px;z-index:2147483647';
  button.addEventListener('click', action, { once: true });
  document.body.appendChild(button);
  try {
    await sendMouse({ type: 'click', position: [20, 10] });
  } finally {
    button.remove();
  }
}

describe('Screen modes', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  afterEach(async () => {
    if (document.fullscreenElement) await document.exitFullscreen();
    viewer?.finish();
    container?.remove();
  });

  function start(config = {}): void {
    container = createContainer(320, 240);
    viewer = new Viewer(container, { language: 'en', ...config });
    viewer.start();
  }

  it('cycles normal → full browser → full screen → normal, resizing and announcing each change', async () => {
    start();
    expect(SCREEN_MODES).to.deep.equal(['normal', 'full-browser', 'full-screen']);
    const changes: string[] = [];
    viewer.addEventListener('screen-mode-change', (e) => changes.push(e.detail.mode));
    expect(viewer.getScreenMode()).to.equal('normal');

    await clickToRun(() => viewer.nextScreenMode());
    expect(viewer.getScreenMode()).to.equal('full-browser');
    expect(viewer.stores.$screenMode.get()).to.equal('full-browser');
    // The container fills the window, and the canvas follows at once.
    expect(container.getBoundingClientRect().width).to.equal(window.innerWidth);
    expect(container.getBoundingClientRect().height).to.equal(window.innerHeight);
    expect(viewer.canvas.clientWidth).to.equal(window.innerWidth);
    expect(viewer.navigation.viewport.width).to.equal(window.innerWidth);

    await clickToRun(() => viewer.nextScreenMode());
    expect(viewer.getScreenMode()).to.equal('full-screen');
    await until(() => document.fullscreenElement === container);
    // Back from full browser: the container's own styles again.
    expect(container.style.position).to.equal('relative');

    // (Leaving full screen needs no gesture; a page button would not even show over the full-screen element.)
    viewer.nextScreenMode();
    expect(viewer.getScreenMode()).to.equal('normal');
    await until(() => document.fullscreenElement === null);
    // The browser leaves full screen over a few frames on a loaded machine; the viewer follows its container.
    await until(() => viewer.navigation.viewport.width === 320);
    expect(container.getBoundingClientRect().width).to.equal(320);
    expect(changes).to.deep.equal(['full-browser', 'full-screen', 'normal']);
  });

  it('returns to normal on Escape', async () => {
    start();
    viewer.setScreenMode('full-browser');
    viewer.canvas.focus();
    await sendKeys({ press: 'Escape' });
    expect(viewer.getScreenMode()).to.equal('normal');
    expect(container.getBoundingClientRect().width).to.equal(320);
    expect(viewer.escapeScreenMode()).to.equal(false);

    await clickToRun(() => viewer.setScreenMode('full-screen'));
    await until(() => document.fullscreenElement === container);
    // The browser leaves full screen on Escape by itself; the viewer follows.
    await document.exitFullscreen();
    await until(() => viewer.getScreenMode() === 'normal');
  });

  it('leaves a temporary tool before full browser on Escape', async () => {
    start();
    viewer.setScreenMode('full-browser');
    viewer.canvas.focus();
    await sendKeys({ down: 'Alt' });
    await sendKeys({ down: 'Shift' });
    expect(viewer.toolController.getActiveToolName()).to.equal('worldup');
    await sendKeys({ press: 'Escape' });
    expect(viewer.toolController.getActiveToolName()).to.equal('orbit');
    expect(viewer.getScreenMode()).to.equal('full-browser');
    await sendKeys({ up: 'Shift' });
    await sendKeys({ up: 'Alt' });
    await sendKeys({ press: 'Escape' });
    expect(viewer.getScreenMode()).to.equal('normal');
  });

  it('refuses full browser inside a native application, whose cycle skips it', async () => {
    start({ isNativeApplication: true });
    const recorder = new ConsoleRecorder().start();
    viewer.logger.setLevel('warning');
    try {
      expect(viewer.setScreenMode('full-browser')).to.equal(false);
      expect(viewer.setScreenMode('sideways')).to.equal(false);
    } finally {
      recorder.stop();
    }
    expect(recorder.warnings).to.deep.equal(['Screen mode not supported: full-browser', 'Screen mode not supported: sideways']);
    expect(viewer.getScreenMode()).to.equal('normal');
    await clickToRun(() => viewer.nextScreenMode());
    expect(viewer.getScreenMode()).to.equal('full-screen');
    viewer.nextScreenMode();
    expect(viewer.getScreenMode()).to.equal('normal');
  });

  it('falls back to normal with a warning when the browser refuses full screen', async () => {
    // A frame whose page may not go full screen: the browser refuses whatever the user did.
    const frame = document.createElement('iframe');
    frame.allow = "fullscreen 'none'";
    frame.style.cssText = 'width:340px;height:260px;border:0';
    document.body.appendChild(frame);
    try {
      container = frame.contentDocument!.createElement('div');
      container.style.cssText = 'position:relative;width:320px;height:240px';
      frame.contentDocument!.body.appendChild(container);
      viewer = new Viewer(container, { language: 'en' });
      viewer.start();
      const recorder = new ConsoleRecorder().start();
      viewer.logger.setLevel('warning');
      const changes: string[] = [];
      viewer.addEventListener('screen-mode-change', (e) => changes.push(e.detail.mode));
      try {
        await clickToRun(() => viewer.setScreenMode('full-screen'));
        await until(() => viewer.getScreenMode() === 'normal');
      } finally {
        recorder.stop();
      }
      expect(recorder.warnings.some((w) => w.startsWith('Full screen was refused'))).to.equal(true);
      expect(changes).to.deep.equal(['full-screen', 'normal']);
    } finally {
      viewer.finish();
      frame.remove();
    }
  });

  it('reflects the mode in the element\'s screen-mode attribute, both ways', async () => {
    const element = document.createElement('design-viewer') as DesignViewerElement;
    element.style.cssText = 'display:block;width:320px;height:240px';
    const ready = nextEvent(element, 'viewer-ready');
    document.body.appendChild(element);
    await ready;
    try {
      const core = element.viewer!;
      const changed = nextEvent(element, 'screen-mode-change');
      element.setAttribute('screen-mode', 'full-browser');
      expect((await changed).mode).to.equal('full-browser');
      expect(core.getScreenMode()).to.equal('full-browser');
      // The whole element, chrome included, fills the window.
      expect(element.getBoundingClientRect().width).to.equal(window.innerWidth);
      core.escapeScreenMode();
      await element.updateComplete;
      expect(element.getAttribute('screen-mode')).to.equal('normal');
      expect(element.getBoundingClientRect().width).to.equal(320);
    } finally {
      element.remove();
    }
  });
});
