import { expect } from '@esm-bundle/chai';
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import { Vector3 } from 'three';
import '../../../elements/index.js';
import type { DesignViewerElement } from '../../../elements/index.js';
import { MENU_ITEM_HEIGHT_PX, MENU_MIN_WIDTH_PX, MENU_SEPARATOR_PX } from '../../../react-panels/index.js';
import type { UsageReport } from '../../../core/index.js';
import { frames, nextEvent, sampleUrl } from '../../support/helpers.js';
import { until } from '../../support/navigationInput.js';

const ITEMS = [
  'Go Home',
  'Orthographic',
  'Perspective',
  'Perspective with Ortho Faces',
  'Set current view as Home',
  'Focus and set as Home',
  'Reset Home',
  'Set current view as Front',
  'Set current view as Top',
  'Reset orientation',
];

async function createElement(config: Record<string, unknown> = {}, language = 'en'): Promise<DesignViewerElement> {
  const element = document.createElement('design-viewer');
  element.style.cssText = 'display:block;width:400px;height:300px';
  element.setAttribute('language', language);
  element.config = config;
  const loaded = nextEvent(element, 'geometry-loaded');
  element.setAttribute('src', sampleUrl('gltf/car.glb'));
  document.body.appendChild(element);
  await loaded;
  await until(() => element.shadowRoot!.querySelector('.dv-viewcube') !== null && element.viewer!.translator.isReady);
  element.viewer!.navigation.transitionDurationMs = 0;
  // A model that loads quickly may still be in its first flight to the home view.
  element.viewer!.navigation.finishTransition();
  await frames(2);
  return element;
}

const menuOf = (element: DesignViewerElement) => element.shadowRoot!.querySelector<HTMLElement>('.dv-viewcube-menu');

function cubeCenter(element: DesignViewerElement): [number, number] {
  const zone = [...element.shadowRoot!.querySelectorAll<HTMLElement>('.dv-viewcube-zone')].find((z) => {
    const r = z.getBoundingClientRect();
    return element.shadowRoot!.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === z;
  })!;
  const r = zone.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
}

/** Opens the menu with the secondary button on the cube. */
async function openMenu(element: DesignViewerElement): Promise<HTMLElement> {
  await sendMouse({ type: 'click', position: cubeCenter(element), button: 'right' });
  await until(() => menuOf(element) !== null);
  return menuOf(element)!;
}

async function choose(element: DesignViewerElement, label: string): Promise<void> {
  const menu = menuOf(element) ?? (await openMenu(element));
  const item = menu.querySelector<HTMLElement>(`[data-label="${label}"]`)!;
  const r = item.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
  await until(() => menuOf(element) === null);
}

describe('ViewCubeMenu', () => {
  let element: DesignViewerElement;
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
    element?.remove();
  });

  it('lists the ten items in order, separators between the groups, at the spec sizes', async () => {
    element = await createElement();
    const menu = await openMenu(element);
    const children = [...menu.children] as HTMLElement[];
    expect(children.map((c) => (c.getAttribute('role') === 'separator' ? '—' : c.textContent))).to.deep.equal([
      ITEMS[0], '—', ITEMS[1], ITEMS[2], ITEMS[3], '—', ITEMS[4], ITEMS[5], ITEMS[6], '—', ITEMS[7], ITEMS[8], ITEMS[9],
    ]);
    expect(menu.getBoundingClientRect().width).to.be.at.least(MENU_MIN_WIDTH_PX);
    for (const item of menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')) expect(item.getBoundingClientRect().height).to.equal(MENU_ITEM_HEIGHT_PX);
    for (const separator of menu.querySelectorAll<HTMLElement>('[role="separator"]')) expect(separator.getBoundingClientRect().height).to.equal(MENU_SEPARATOR_PX);
    expect([MENU_MIN_WIDTH_PX, MENU_ITEM_HEIGHT_PX, MENU_SEPARATOR_PX]).to.deep.equal([256, 25, 1]);
  });

  it('shows the projection as a radio set that follows the camera', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    const checked = () => [...menuOf(element)!.querySelectorAll('[role="menuitemradio"]')].filter((i) => i.getAttribute('aria-checked') === 'true').map((i) => i.textContent);
    await openMenu(element);
    expect(checked()).to.deep.equal(['Perspective']);
    await choose(element, 'Orthographic');
    expect(viewer.navigation.isPerspective).to.equal(false);
    await openMenu(element);
    expect(checked()).to.deep.equal(['Orthographic']);
    await choose(element, 'Perspective with Ortho Faces');
    expect(viewer.viewCube.getProjection()).to.equal('perspective-ortho-faces');
    // Not at a face view: perspective; turning to a face makes it orthographic.
    expect(viewer.navigation.isPerspective).to.equal(true);
    await viewer.setViewCube('front');
    expect(viewer.navigation.isPerspective).to.equal(false);
    await openMenu(element);
    expect(checked()).to.deep.equal(['Perspective with Ortho Faces']);
    await choose(element, 'Perspective');
    expect(viewer.navigation.isPerspective).to.equal(true);
    await openMenu(element);
    expect(checked()).to.deep.equal(['Perspective']);
  });

  it('closes on a click outside it, and on Escape without leaving full browser', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    await openMenu(element);
    const before = viewer.navigation.position.clone();
    await sendMouse({ type: 'click', position: [30, 280] });
    await until(() => menuOf(element) === null);
    // Nothing in it ran.
    expect(viewer.navigation.position.distanceTo(before)).to.be.lessThan(1e-9);
    viewer.setScreenMode('full-browser');
    await frames(2);
    await openMenu(element);
    await sendKeys({ press: 'Escape' });
    await until(() => menuOf(element) === null);
    expect(viewer.getScreenMode()).to.equal('full-browser');
    await sendKeys({ press: 'Escape' });
    await until(() => viewer.getScreenMode() === 'normal');
  });

  it('opens from a finger held still on the cube, and a quick tap turns the view instead', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    const direction = viewer.navigation.getDirection();
    const [x, y] = cubeCenter(element);
    await executeServerCommand('touch-press', { x, y, durationMs: 800 });
    await until(() => menuOf(element) !== null);
    // The menu stays once the finger lifts, and the view did not turn.
    await frames(3);
    expect(menuOf(element)).to.not.equal(null);
    expect(viewer.navigation.getDirection().distanceTo(direction)).to.be.lessThan(1e-9);
    await sendKeys({ press: 'Escape' });
    await until(() => menuOf(element) === null);
    await executeServerCommand('touch-tap', { points: [[x, y]] });
    await until(() => viewer.navigation.getDirection().distanceTo(direction) > 1e-3);
    await frames(3);
    expect(menuOf(element)).to.equal(null);
  });

  it('leaves a finger out of the left-handed button swap: a tap still turns the view', async () => {
    element = await createElement();
    const viewer = element.viewer!;
    viewer.prefs.set('leftHandedMouseSetup', true);
    try {
      await frames(2);
      const direction = viewer.navigation.getDirection();
      await executeServerCommand('touch-tap', { points: [cubeCenter(element)] });
      await until(() => viewer.navigation.getDirection().distanceTo(direction) > 1e-3);
      expect(menuOf(element)).to.equal(null);
    } finally {
      viewer.prefs.set('leftHandedMouseSetup', false); // preferences persist across viewers
    }
  });

  it('opens from the menu icon, which toggles it', async () => {
    element = await createElement();
    await element.viewer!.setViewCube('front');
    await frames(2);
    const icon = element.shadowRoot!.querySelector<HTMLElement>('.dv-viewcube-context')!;
    const r = icon.getBoundingClientRect();
    const point: [number, number] = [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
    await sendMouse({ type: 'click', position: point });
    await until(() => menuOf(element) !== null);
    expect(icon.getAttribute('aria-expanded')).to.equal('true');
    await sendMouse({ type: 'click', position: point });
    await until(() => menuOf(element) === null);
  });

  it('stays inside the canvas', async () => {
    element = await createElement();
    await openMenu(element);
    const host = element.getBoundingClientRect();
    const menu = menuOf(element)!.getBoundingClientRect();
    // Opened at the cube in the top-right corner: it would run off the right; it does not.
    expect(menu.left).to.be.at.least(host.left);
    expect(menu.right).to.be.at.most(host.right);
    expect(menu.top).to.be.at.least(host.top);
    expect(menu.bottom).to.be.at.most(host.bottom + 0.5);
  });

  it('runs each action and reports its usage event to the host', async () => {
    const reports: UsageReport[] = [];
    element = await createElement({ onUsage: (report: UsageReport) => reports.push(report) });
    const viewer = element.viewer!;
    const nav = viewer.navigation;
    const home = viewer.getHomeView()!;

    await viewer.setViewCube('left');
    await choose(element, 'Go Home');
    expect(nav.position.distanceTo(home.position)).to.be.lessThan(1e-6);

    await viewer.setViewCube('left');
    await choose(element, 'Set current view as Home');
    expect(viewer.getHomeView()!.position.distanceTo(nav.position)).to.be.lessThan(1e-9);

    await choose(element, 'Focus and set as Home');
    expect(viewer.getHomeView()!.position.distanceTo(nav.computeFitView(viewer.getVisibleBounds()).position)).to.be.lessThan(1e-6);

    await choose(element, 'Reset Home');
    expect(viewer.getHomeView()!.position.distanceTo(home.position)).to.be.lessThan(1e-9);
    expect(nav.position.distanceTo(home.position)).to.be.lessThan(1e-6);

    await viewer.setViewCube('right');
    await choose(element, 'Set current view as Front');
    expect(viewer.viewCube.currentNamedView()).to.equal('front');
    await viewer.setViewCube('top');
    await choose(element, 'Set current view as Top');
    expect(viewer.viewCube.currentNamedView()).to.equal('top');
    await choose(element, 'Reset orientation');
    expect(nav.worldUp.distanceTo(new Vector3(0, 1, 0))).to.be.lessThan(1e-9);

    await choose(element, 'Orthographic');
    await choose(element, 'Perspective');
    await choose(element, 'Perspective with Ortho Faces');

    viewer.usage.flush();
    expect(reports).to.have.length(1);
    expect(reports[0].counts).to.deep.equal({
      'navigation/home': 1,
      'navigation/sethome': 1,
      'navigation/focushome': 1,
      'navigation/resethome': 1,
      'navigation/setfront': 1,
      'navigation/settop': 1,
      'navigation/fit': 1,
      'navigation/setortho': 1,
      'navigation/setpersp': 2,
    });
  });

  it('speaks the viewer language', async () => {
    element = await createElement({}, 'de');
    const menu = await openMenu(element);
    expect(menu.querySelector('[data-label="Go Home"]')!.textContent).to.equal('Zur Ausgangsansicht');
    expect([...element.shadowRoot!.querySelectorAll('.dv-viewcube-label')].map((l) => l.textContent)).to.deep.equal(['VORNE', 'RECHTS', 'HINTEN', 'LINKS', 'OBEN', 'UNTEN']);
  });
});
