import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { SEARCH_DELAY_MS, SEARCH_MIN_LENGTH, SEARCH_ROW_HEIGHT } from '../../../react-panels/index.js';
import { nextEvent, sampleUrl } from '../../support/helpers.js';
import { $, $$, click, createViewerElement, exists, press, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

type Element = Awaited<ReturnType<typeof createViewerElement>>;

async function searchField(element: Element): Promise<HTMLInputElement> {
  await click(toolbarButton(element, 'browser'));
  const input = $(element, '.dv-search-input') as HTMLInputElement;
  input.focus();
  return input;
}

function resultNames(element: Element): string[] {
  return $$(element, '.dv-search-result-name').map((r) => r.textContent!);
}

describe('Search box', () => {
  afterEach(removeViewerElements);

  it('waits for 3 characters and 800 ms after typing stops', async () => {
    expect([SEARCH_MIN_LENGTH, SEARCH_DELAY_MS]).to.deep.equal([3, 800]);
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 500 });
    await searchField(element);
    await sendKeys({ type: 'Wh' });
    await new Promise((r) => setTimeout(r, SEARCH_DELAY_MS + 300));
    expect(exists(element, '.dv-search-results')).to.equal(false);
    expect(exists(element, '.dv-tree')).to.equal(true);

    await sendKeys({ type: 'e' });
    // Not at once: the search waits for typing to stop.
    expect(exists(element, '.dv-search-results')).to.equal(false);
    await waitFor(() => exists(element, '.dv-search-results'), 5000);
    expect(resultNames(element)).to.have.members(['Wheels', 'Wheel Rods']);
    expect($$(element, '.dv-search-result')[0].getBoundingClientRect().height).to.equal(SEARCH_ROW_HEIGHT);
  });

  it('searches at once on Enter, selects and zooms to a result, and closes on an empty term', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 500 });
    const viewer = element.viewer!;
    await searchField(element);
    await sendKeys({ type: 'grille' });
    await press('Enter');
    // Well before the 800 ms a typed search waits.
    await waitFor(() => exists(element, '.dv-search-result'), SEARCH_DELAY_MS - 100);
    expect(resultNames(element)).to.deep.equal(['Grille']);
    const camera = nextEvent(viewer, 'camera-change');
    await click($(element, '.dv-search-result'));
    await camera;
    expect(viewer.getSelection().map((id) => viewer.model!.getInstanceTree().getNodeName(id))).to.deep.equal(['Grille']);

    // Emptying the field closes the results: the tree is back.
    const input = $(element, '.dv-search-input') as HTMLInputElement;
    input.focus();
    await press('Escape');
    expect(input.value).to.equal('');
    await waitFor(() => exists(element, '.dv-tree') && !exists(element, '.dv-search-results'));
    // Escape in a field with text only cleared it: the selection is still there.
    expect(viewer.getSelection()).to.have.length(1);
  });

  it('shows "No Results" and "Try another term" when nothing matches', async () => {
    const element = await createViewerElement({ src: sampleUrl('gltf/car.glb'), width: 600, height: 500 });
    await searchField(element);
    await sendKeys({ type: 'zebra crossing' });
    await press('Enter');
    await waitFor(() => exists(element, '.dv-search-empty'));
    expect($(element, '.dv-search-empty strong').textContent).to.equal('No Results');
    expect($(element, '.dv-search-empty span').textContent).to.equal('Try another term');
  });
});
