import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { AttributeType, type Property } from '../../../core/index.js';
import { formatPropertyValue, groupProperties } from '../../../react-panels/properties/formatProperty.js';
import { nextEvent, sampleUrl } from '../../support/helpers.js';
import { gltfBlobUrl, propertiesGltf } from '../generatedModels.js';
import { $, $$, click, createViewerElement, exists, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

type Element = Awaited<ReturnType<typeof createViewerElement>>;

async function openProperties(element: Element): Promise<void> {
  await click(toolbarButton(element, 'properties'));
  await waitFor(() => exists(element, '[data-panel="properties"]'));
}

function title(element: Element): string {
  return $(element, '[data-panel="properties"] h2').textContent ?? '';
}

function rowsOf(element: Element, category: string): [string, string][] {
  return $$(element, `[data-category="${category}"] .dv-property-row`).map((row) => [row.querySelector('th')!.textContent!, row.querySelector('td')!.textContent!]);
}

function property(values: Partial<Property>): Property {
  return { attributeName: 'a', displayName: 'A', displayValue: '', displayCategory: '', units: null, type: AttributeType.String, precision: 0, hidden: false, ...values };
}

describe('Properties panel', () => {
  afterEach(removeViewerElements);

  it('shows "No properties to display" with nothing selected, then the selected object in categories with "Other"', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/properties.glb'), width: 780, height: 560 });
    const viewer = element.viewer!;
    await openProperties(element);
    expect(title(element)).to.equal('Properties');
    expect($(element, '[data-panel="properties"] .dv-empty').textContent).to.equal('No properties to display');

    const titles: string[] = [];
    const observer = new MutationObserver(() => titles.push(title(element)));
    observer.observe($(element, '[data-panel="properties"] h2'), { childList: true, characterData: true, subtree: true });
    const tree = viewer.model!.getInstanceTree();
    let cube = 0;
    tree.walk(tree.getRootId(), (id) => void (tree.getNodeName(id) === 'Cube 1 Node' && (cube = id)));
    viewer.select([cube]);
    await waitFor(() => exists(element, '[data-category="glTF"]'));
    observer.disconnect();
    expect(titles).to.include('Object Properties Loading...');
    expect(title(element)).to.equal('Properties');
    expect($(element, '.dv-properties-object').textContent).to.equal('Cube 1 Node');
    expect(rowsOf(element, 'glTF').map(([name]) => name)).to.include.members(['Mesh', 'Material']);
    // The node's own extras have no category: they go under "Other", since categories exist.
    expect(rowsOf(element, 'Other')).to.deep.include(['Node Property Float', '0.5']);
    expect(rowsOf(element, 'Other')).to.deep.include(['Node Property String', 'node example']);
    // Hidden properties (the parent link) are left out.
    const names = $$(element, '.dv-property-row th').map((th) => th.textContent);
    expect(names).to.not.include('parent');
  });

  it('collapses a category, makes links clickable and highlights the search text', async () => {
    const element = await createViewerElement({ width: 780, height: 560 });
    const viewer = element.viewer!;
    await element.load(gltfBlobUrl(propertiesGltf()), { fileExtension: 'gltf' });
    await openProperties(element);
    viewer.select([2]);
    await waitFor(() => exists(element, '[data-category="Pset_WallCommon"]'));
    expect(rowsOf(element, 'Pset_WallCommon')).to.deep.equal([
      ['FireRating', 'EI 60'],
      ['IsExternal', 'Yes'],
    ]);
    expect(rowsOf(element, 'Other')).to.deep.include(['Width', '2.543']);
    expect(rowsOf(element, 'Other')).to.deep.include(['Count', '7']);

    const header = $(element, '[data-category="Pset_WallCommon"] .dv-property-category-title button');
    expect(header.getAttribute('aria-expanded')).to.equal('true');
    await click(header);
    expect(header.getAttribute('aria-expanded')).to.equal('false');
    expect(rowsOf(element, 'Pset_WallCommon')).to.deep.equal([]);
    header.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => rowsOf(element, 'Pset_WallCommon').length === 2);

    const link = $(element, '[data-category="Other"] a');
    expect(link.getAttribute('href')).to.equal('https://example.com/spec');
    expect(link.getAttribute('target')).to.equal('_blank');
    expect(link.getAttribute('rel')).to.contain('noopener');
    // It is what a click on its text lands on.
    const rect = link.getClientRects()[0];
    expect(element.shadowRoot!.elementFromPoint(rect.left + 3, rect.top + rect.height / 2)?.closest('a') === link).to.equal(true);

    // The model browser's search text is highlighted in the properties.
    await click(toolbarButton(element, 'browser'));
    const input = $(element, '.dv-search-input') as HTMLInputElement;
    input.focus();
    await sendKeys({ type: 'wall' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $$(element, '[data-panel="properties"] mark').length > 0);
    const marks = $$(element, '[data-panel="properties"] mark').map((m) => m.textContent!.toLowerCase());
    expect(marks.every((m) => m === 'wall')).to.equal(true);
    expect(marks.length).to.be.at.least(2); // "Wall 1" and "Pset_WallCommon"
  });

  it('opens on select when the preference openPropertiesOnSelect is on', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/properties.glb'), width: 780, height: 560 });
    const viewer = element.viewer!;
    viewer.prefs.set('openPropertiesOnSelect', false);
    viewer.select([2]);
    await new Promise((r) => setTimeout(r, 50));
    expect(exists(element, '[data-panel="properties"]')).to.equal(false);
    viewer.clearSelection();
    viewer.prefs.set('openPropertiesOnSelect', true);
    const change = nextEvent(viewer, 'selection-change');
    viewer.select([3]);
    await change;
    await waitFor(() => exists(element, '[data-panel="properties"]'));
    viewer.prefs.reset();
  });

  it('formats values with their precision and units, and groups without "Other" when nothing has a category', () => {
    const words = { yes: 'Yes', no: 'No' };
    expect(formatPropertyValue(property({ displayValue: 1234.5678, type: AttributeType.Double, precision: 2, units: 'mm' }), words)).to.equal('1234.57 mm');
    expect(formatPropertyValue(property({ displayValue: 0.1 + 0.2, type: AttributeType.Double }), words)).to.equal('0.3');
    expect(formatPropertyValue(property({ displayValue: 3, type: AttributeType.Integer, units: 'm' }), words)).to.equal('3 m');
    expect(formatPropertyValue(property({ displayValue: 0, type: AttributeType.Boolean }), words)).to.equal('No');
    expect(formatPropertyValue(property({ displayValue: null }), words)).to.equal('');
    const flat = groupProperties([property({ displayName: 'A' }), property({ displayName: 'B', hidden: true })]);
    expect(flat).to.have.length(1);
    expect(flat[0].category).to.equal('');
    expect(flat[0].properties.map((p) => p.displayName)).to.deep.equal(['A']);
    const grouped = groupProperties([property({ displayName: 'A' }), property({ displayName: 'C', displayCategory: 'Dimensions' }), property({ displayName: 'P', displayCategory: '__parent__' })]);
    expect(grouped.map((g) => g.category)).to.deep.equal(['Dimensions', 'Other']);
  });
});
