import { expect } from '@esm-bundle/chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { TREE_INDENT_BASE, TREE_INDENT_PER_LEVEL, TREE_ROW_HEIGHT, TREE_ROW_POOL } from '../../../react-panels/index.js';
import { nextEvent, sampleUrl } from '../../support/helpers.js';
import { gltfBlobUrl, wideTreeGltf } from '../generatedModels.js';
import { $, $$, centreOf, click, createViewerElement, exists, focused, frame, press, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

type Element = Awaited<ReturnType<typeof createViewerElement>>;

async function openBrowser(element: Element): Promise<void> {
  await click(toolbarButton(element, 'browser'));
  await waitFor(() => exists(element, '[data-panel="browser"]'));
}

function rows(element: Element): HTMLElement[] {
  return $$(element, '.dv-tree-row').sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
}

function rowNamed(element: Element, label: string): HTMLElement {
  const row = rows(element).find((r) => r.querySelector('.dv-tree-label')?.textContent === label);
  if (!row) throw new Error(`No tree row labelled ${label}`);
  return row;
}

/** The row, scrolled into the tree's view first (a real user scrolls to what they click). */
async function shownRow(element: Element, label: string): Promise<HTMLElement> {
  rowNamed(element, label).scrollIntoView({ block: 'nearest' });
  await frame(2);
  return rowNamed(element, label);
}

/** A real double click (two clicks in quick succession, the second counting 2) at the centre of an element. */
async function doubleClick(target: HTMLElement): Promise<void> {
  const [x, y] = centreOf(target);
  await executeServerCommand('mouse-double-click', { x, y });
  await frame();
}

describe('Model browser', () => {
  afterEach(removeViewerElements);

  it('says "Model Browser is not available." when there is no tree', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    await openBrowser(element);
    expect($(element, '[data-panel="browser"] h2').textContent).to.equal('Model');
    expect($(element, '[data-panel="browser"] .dv-empty').textContent).to.equal('Model Browser is not available.');
  });

  it('labels the root with the file name, or the name override, and unnamed nodes "Object {id}"', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 400 });
    await openBrowser(element);
    const root = rows(element)[0];
    expect(root.querySelector('.dv-tree-label')!.textContent).to.equal('car.glb');
    expect(root.getAttribute('aria-level')).to.equal('1');
    expect(root.getAttribute('aria-expanded')).to.equal('true');

    const viewer = element.viewer!;
    await viewer.loadModel(gltfBlobUrl(wideTreeGltf(4, 2)), { fileExtension: 'gltf', modelNameOverride: 'Generated site' });
    await waitFor(() => rows(element).some((r) => r.textContent === 'Generated site'));
    const labels = rows(element).map((r) => r.querySelector('.dv-tree-label')!.textContent);
    // Node 0 "Site" is dbId 2; its children are nodes 1–4 (dbIds 3–6), the even ones named.
    await click((await shownRow(element, 'Site')).querySelector('.dv-tree-toggle')!);
    const after = rows(element).map((r) => r.querySelector('.dv-tree-label')!.textContent);
    expect(labels).to.include('Generated site');
    expect(after).to.include.members(['Object 3', 'Element 2', 'Object 5', 'Element 4']);
  });

  it('selects a node on click without moving the camera; Shift and Ctrl add to the selection; rows show their states', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 400 });
    const viewer = element.viewer!;
    await openBrowser(element);
    const tree = viewer.model!.getInstanceTree();

    const before = viewer.navigation.position.clone();
    let cameraChanges = 0;
    viewer.addEventListener('camera-change', () => cameraChanges++);
    await click(await shownRow(element, 'Wheels'));
    await frame(3);
    expect(cameraChanges).to.equal(0);
    expect(viewer.navigation.position.distanceTo(before)).to.equal(0);
    const wheels = viewer.getSelection()[0];
    expect(tree.getNodeName(wheels)).to.equal('Wheels');
    expect(viewer.getSelection()).to.have.length(1);
    expect(rowNamed(element, 'Wheels').classList.contains('is-selected')).to.equal(true);
    expect(rowNamed(element, 'Wheels').getAttribute('aria-selected')).to.equal('true');
    // The root is an ancestor of the selection.
    expect(rows(element)[0].classList.contains('is-ancestor-selected')).to.equal(true);

    await click(await shownRow(element, 'Body'), 'left', ['Shift']);
    expect(viewer.getSelection().map((id) => tree.getNodeName(id))).to.have.members(['Wheels', 'Body']);
    await click(await shownRow(element, 'Wheels'), 'left', ['Control']);
    expect(viewer.getSelection().map((id) => tree.getNodeName(id))).to.deep.equal(['Body']);
    expect(rowNamed(element, 'Wheels').classList.contains('is-selected')).to.equal(false);

    // A plain click selects that node alone.
    await click(await shownRow(element, 'Grille'));
    expect(viewer.getSelection().map((id) => tree.getNodeName(id))).to.deep.equal(['Grille']);
  });

  it('focuses a node on a double click, as in the canvas, keeping it the only selection', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 400 });
    const viewer = element.viewer!;
    await openBrowser(element);
    const tree = viewer.model!.getInstanceTree();
    let wheels = -1;
    tree.walk(tree.getRootId(), (id) => void (tree.getNodeName(id) === 'Wheels' && (wheels = id)));
    const framed = viewer.navigation.computeFitView(viewer.getBoundsOf([wheels], viewer.model));
    expect(viewer.navigation.position.distanceTo(framed.position)).to.be.greaterThan(0.1);
    await doubleClick(await shownRow(element, 'Wheels'));
    await waitFor(() => viewer.navigation.position.distanceTo(framed.position) < 1e-6);
    expect(viewer.navigation.target.distanceTo(framed.center)).to.be.lessThan(1e-6);
    expect(viewer.getSelection()).to.deep.equal([wheels]);
    // A double click on a parent (the model's root) focuses it; it does not close it.
    const count = rows(element).length;
    const root = tree.getRootId();
    const whole = viewer.navigation.computeFitView(viewer.getBoundsOf([root], viewer.model));
    await doubleClick(await shownRow(element, 'car.glb'));
    await waitFor(() => viewer.navigation.position.distanceTo(whole.position) < 1e-6);
    expect(rows(element)).to.have.length(count);
    expect(viewer.getSelection()).to.deep.equal([root]);
    // F focuses the active row from the keyboard, as it fits the view in the canvas.
    $(element, '.dv-tree').focus();
    await press('ArrowDown');
    await press('ArrowDown');
    const active = $(element, `#${CSS.escape($(element, '.dv-tree').getAttribute('aria-activedescendant')!)}`).textContent!;
    let activeId = -1;
    tree.walk(root, (id) => void (tree.getNodeName(id) === active && (activeId = id)));
    const focused = viewer.navigation.computeFitView(viewer.getBoundsOf([activeId], viewer.model));
    await press('f');
    await waitFor(() => viewer.navigation.position.distanceTo(focused.position) < 1e-6);
  });

  it('toggles visibility with the eye icon, dimming hidden nodes', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 400 });
    const viewer = element.viewer!;
    await openBrowser(element);
    const row = rowNamed(element, 'Body');
    const eye = row.querySelector<HTMLElement>('.dv-tree-eye')!;
    expect(eye.getAttribute('aria-label')).to.equal('Hide');
    const hidden = nextEvent(viewer, 'hide-change');
    await click(eye);
    const { dbIds } = await hidden;
    expect(viewer.isNodeVisible(dbIds[0])).to.equal(false);
    await waitFor(() => rowNamed(element, 'Body').classList.contains('is-hidden'));
    expect(rowNamed(element, 'Body').querySelector('.dv-tree-eye')!.getAttribute('aria-label')).to.equal('Show');
    // Hiding does not select.
    expect(viewer.getSelection()).to.deep.equal([]);
    await click(rowNamed(element, 'Body').querySelector('.dv-tree-eye')!);
    expect(viewer.isNodeVisible(dbIds[0])).to.equal(true);
    await waitFor(() => !rowNamed(element, 'Body').classList.contains('is-hidden'));
  });

  it('collapses and expands nodes by click and keyboard, and opens the context menu on right click', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 400 });
    const viewer = element.viewer!;
    await openBrowser(element);
    const count = rows(element).length;
    expect(count).to.equal(8); // the root and its seven parts
    await click(rows(element)[0].querySelector('.dv-tree-toggle')!);
    expect(rows(element)).to.have.length(1);
    expect(rows(element)[0].classList.contains('is-collapsed')).to.equal(true);
    expect(rows(element)[0].getAttribute('aria-expanded')).to.equal('false');

    // Keyboard: the tree is one tab stop; Right expands, Down moves, Enter selects, Left goes to the parent.
    $(element, '.dv-tree').focus();
    await press('ArrowRight');
    expect(rows(element)).to.have.length(count);
    expect(rows(element)[0].classList.contains('is-expanded')).to.equal(true);
    await press('ArrowDown');
    await press('ArrowDown');
    expect($(element, '.dv-tree').getAttribute('aria-activedescendant')).to.equal(rows(element)[2].id);
    await press('Enter');
    expect(viewer.getSelection()).to.have.length(1);
    await press('ArrowLeft');
    expect($(element, '.dv-tree').getAttribute('aria-activedescendant')).to.equal(rows(element)[0].id);

    await click(await shownRow(element, 'Bumpers'), 'right');
    await waitFor(() => exists(element, '.dv-context-menu'));
    expect(viewer.getSelection().map((id) => viewer.model!.getInstanceTree().getNodeName(id))).to.deep.equal(['Bumpers']);
    expect($$(element, '.dv-context-menu-item').map((b) => b.textContent)).to.include('Isolate');
    expect((focused(element) as HTMLElement).classList.contains('dv-context-menu-item')).to.equal(true);
  });

  it('shows "Loading model" with a spinning image while the model loads', async () => {
    const element = await createViewerElement({ width: 600, height: 400 });
    await openBrowser(element);
    const loaded = element.load(gltfBlobUrl(wideTreeGltf(30000)), { fileExtension: 'gltf' });
    await waitFor(() => exists(element, '.dv-tree-loading'), 5000);
    expect($(element, '.dv-tree-loading').textContent).to.equal('Loading model');
    expect(getComputedStyle($(element, '.dv-tree-spinner')).animationName).to.equal('dv-spin');
    await loaded;
    await waitFor(() => exists(element, '.dv-tree-row'));
    expect(exists(element, '.dv-tree-loading')).to.equal(false);
  });

  it('virtualises 100,000 nodes: rows of 36 px, indented 13 + 25 per level, from a reused pool', async () => {
    const element = await createViewerElement({ width: 600, height: 500 });
    await element.load(gltfBlobUrl(wideTreeGltf(100000, 1000)), { fileExtension: 'gltf' });
    await openBrowser(element);
    await click((await shownRow(element, 'Site')).querySelector('.dv-tree-toggle')!);
    const tree = $(element, '.dv-tree');
    // 100,002 rows (model root, Site, its 100,000 children) are scrollable, few are in the page.
    expect(tree.scrollHeight).to.be.closeTo(100002 * TREE_ROW_HEIGHT, TREE_ROW_HEIGHT);
    const rendered = rows(element);
    expect(rendered.length).to.be.greaterThan(5);
    expect(rendered.length).to.be.at.most(TREE_ROW_POOL);
    expect(rendered[1].getBoundingClientRect().height).to.equal(TREE_ROW_HEIGHT);
    expect(getComputedStyle(rendered[0]).paddingLeft).to.equal(`${TREE_INDENT_BASE}px`);
    expect(getComputedStyle(rendered[2]).paddingLeft).to.equal(`${TREE_INDENT_BASE + 2 * TREE_INDENT_PER_LEVEL}px`);

    // Scrolling reuses the same DOM rows from the pool.
    const before = new Set(rendered);
    tree.scrollTop = 20 * TREE_ROW_HEIGHT;
    await frame(3);
    const shifted = rows(element);
    expect(shifted.some((row) => before.has(row))).to.equal(true);
    expect(shifted.every((row) => before.has(row) || shifted.length > before.size)).to.equal(true);

    // End jumps to the last node, which is rendered and labelled.
    tree.focus();
    await press('End');
    await waitFor(() => rows(element).some((r) => r.textContent === 'Element 100000'));
    expect(rows(element).length).to.be.at.most(TREE_ROW_POOL);
    expect(tree.getAttribute('aria-activedescendant')).to.equal(rows(element).find((r) => r.textContent === 'Element 100000')!.id);
  });
});
