import { expect } from '@esm-bundle/chai';
import { DOCK_DISTANCE_PX, FALLBACK_PANEL_WIDTH, MIN_PANEL_HEIGHT, MIN_PANEL_WIDTH } from '../../../react-panels/index.js';
import { initialGeometry } from '../../../react-panels/docking/dockingGeometry.js';
import { $, centreOf, click, createViewerElement, drag, exists, focused, press, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

async function openProperties(element: Parameters<typeof toolbarButton>[0]): Promise<HTMLElement> {
  await click(toolbarButton(element, 'properties'));
  await waitFor(() => exists(element, '[data-panel="properties"]'));
  return $(element, '[data-panel="properties"]');
}

describe('DockingPanel', () => {
  afterEach(removeViewerElements);

  it('has a title bar and a close button', async () => {
    const element = await createViewerElement({ width: 760, height: 500 });
    const panel = await openProperties(element);
    expect(panel.getAttribute('role')).to.equal('dialog');
    expect($(element, '[data-panel="properties"] h2').textContent).to.equal('Properties');
    expect(panel.getAttribute('aria-labelledby')).to.equal($(element, '[data-panel="properties"] h2').id);
    await click($(element, '[data-panel="properties"] .dv-panel-close'));
    expect(exists(element, '[data-panel="properties"]')).to.equal(false);
    expect(toolbarButton(element, 'properties').getAttribute('aria-pressed')).to.equal('false');
  });

  it('moves with a drag of its title bar, and docks to the right and bottom edges within 5 px', async () => {
    const element = await createViewerElement({ width: 760, height: 500 });
    const panel = await openProperties(element);
    const title = $(element, '[data-panel="properties"] .dv-panel-title');
    const before = panel.getBoundingClientRect();
    const grab = centreOf(title);
    await drag(grab, [grab[0] - 200, grab[1] + 40]);
    const moved = panel.getBoundingClientRect();
    expect(moved.left - before.left).to.be.closeTo(-200, 1);
    expect(moved.top - before.top).to.be.closeTo(40, 1);
    expect(panel.classList.contains('is-docked-right')).to.equal(false);

    // Dropped 4 px short of the right edge: it docks there.
    const host = element.getBoundingClientRect();
    const from = centreOf(title);
    const gap = host.right - moved.right;
    await drag(from, [from[0] + gap - (DOCK_DISTANCE_PX - 1), from[1]]);
    expect(panel.classList.contains('is-docked-right')).to.equal(true);
    expect(panel.getBoundingClientRect().right).to.be.closeTo(host.right, 0.5);

    // Docked, it follows the edge when the viewer grows.
    element.style.width = '780px';
    await waitFor(() => Math.abs(panel.getBoundingClientRect().right - element.getBoundingClientRect().right) < 0.5 && element.getBoundingClientRect().width === 780);

    // Dragged to the bottom edge, it docks there too (and stays docked right).
    const rect = panel.getBoundingClientRect();
    const bottomGap = element.getBoundingClientRect().bottom - rect.bottom;
    const at = centreOf(title);
    await drag(at, [at[0], at[1] + bottomGap - 2]);
    expect(panel.classList.contains('is-docked-bottom')).to.equal(true);
    expect(panel.getBoundingClientRect().bottom).to.be.closeTo(element.getBoundingClientRect().bottom, 0.5);

    // Dragged away by more than 5 px, it undocks.
    const away = centreOf(title);
    await drag(away, [away[0] - 60, away[1] - 60]);
    expect(panel.classList.contains('is-docked-right')).to.equal(false);
    expect(panel.classList.contains('is-docked-bottom')).to.equal(false);
  });

  it('resizes with its footer, never below 100×100, and remembers its size when hidden', async () => {
    const element = await createViewerElement({ width: 760, height: 500 });
    const panel = await openProperties(element);
    const grip = $(element, '[data-panel="properties"] .dv-resize-grip');
    const start = centreOf(grip);
    await drag(start, [start[0] - 1000, start[1] - 1000]);
    expect(panel.getBoundingClientRect().width).to.equal(MIN_PANEL_WIDTH);
    expect(panel.getBoundingClientRect().height).to.equal(MIN_PANEL_HEIGHT);

    const small = centreOf($(element, '[data-panel="properties"] .dv-resize-grip'));
    await drag(small, [small[0] + 150, small[1] + 120]);
    const size = panel.getBoundingClientRect();
    expect(size.width).to.be.closeTo(250, 1);
    expect(size.height).to.be.closeTo(220, 1);

    // Closed and opened again: same size, same place.
    await click(toolbarButton(element, 'properties'));
    expect(exists(element, '[data-panel="properties"]')).to.equal(false);
    const reopened = await openProperties(element);
    const again = reopened.getBoundingClientRect();
    expect(again.width).to.equal(size.width);
    expect(again.height).to.equal(size.height);
    expect(again.left).to.equal(size.left);
  });

  it('moves and resizes from the keyboard', async () => {
    const element = await createViewerElement({ width: 760, height: 500 });
    const panel = await openProperties(element);
    const title = $(element, '[data-panel="properties"] .dv-panel-title');
    title.focus();
    const before = panel.getBoundingClientRect();
    await press('ArrowLeft');
    await press('ArrowDown');
    const after = panel.getBoundingClientRect();
    expect(after.left - before.left).to.be.closeTo(-10, 0.5);
    expect(after.top - before.top).to.be.closeTo(10, 0.5);
    const grip = $(element, '[data-panel="properties"] .dv-resize-grip');
    grip.focus();
    expect(focused(element) === grip, "focus").to.equal(true);
    await press('ArrowRight');
    expect(panel.getBoundingClientRect().width - after.width).to.be.closeTo(10, 0.5);
  });

  it('takes the fallback width of 300 when its placement has none, and stays inside the viewer', () => {
    const geometry = initialGeometry({ top: 10, height: 200 }, { width: 760, height: 500 });
    expect(geometry.width).to.equal(FALLBACK_PANEL_WIDTH);
    expect(geometry.left).to.equal((760 - FALLBACK_PANEL_WIDTH) / 2);
    const clamped = initialGeometry({ right: -50, top: 400, width: 900, height: 300 }, { width: 760, height: 500 });
    expect(clamped.width).to.equal(760);
    expect(clamped.left).to.equal(0);
    expect(clamped.top + clamped.height).to.be.at.most(500);
  });

  it('makes a tall panel the viewer\'s height less 104 px, up to its maximum (spec 001 §9)', async () => {
    expect(initialGeometry({ top: 12, maxHeight: 560 }, { width: 760, height: 500 }).height).to.equal(500 - 104);
    expect(initialGeometry({ top: 12, maxHeight: 300 }, { width: 760, height: 500 }).height).to.equal(300);
    // The model browser opened in a 600×500 viewer: 396 px high.
    const element = await createViewerElement({ width: 600, height: 500 });
    await click(toolbarButton(element, 'browser'));
    await waitFor(() => exists(element, '[data-panel="browser"]'));
    expect($(element, '[data-panel="browser"]').getBoundingClientRect().height).to.be.closeTo(500 - 104, 0.5);
  });

  it('brings a panel to the top of the others when clicked', async () => {
    const element = await createViewerElement({ width: 760, height: 500 });
    await openProperties(element);
    await click(toolbarButton(element, 'browser'));
    const properties = $(element, '[data-panel="properties"]');
    const browser = $(element, '[data-panel="browser"]');
    expect(Number(browser.style.zIndex)).to.be.greaterThan(Number(properties.style.zIndex));
    await click($(element, '[data-panel="properties"] .dv-panel-body'));
    expect(Number(properties.style.zIndex)).to.be.greaterThan(Number(browser.style.zIndex));
  });
});
