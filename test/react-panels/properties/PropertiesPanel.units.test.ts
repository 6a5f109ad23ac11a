import { expect } from '@esm-bundle/chai';
import { casesOf, derivedUnitsIfc } from '../../support/derivedUnitsIfc.js';
import { $$, click, createViewerElement, exists, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

describe('Properties panel: derived units of an IFC (issue 28 §4)', () => {
  afterEach(removeViewerElements);

  it('shows Tekla\'s "Area per tons" in m²/t and a U-value in the W/(m²·K) the project assigns', async () => {
    const element = await createViewerElement({ width: 780, height: 560 });
    const viewer = element.viewer!;
    const cases = casesOf('IFC4').filter((c) => c.type === 'THERMALTRANSMITTANCEUNIT' || c.type === 'USERDEFINED');
    const url = URL.createObjectURL(new Blob([derivedUnitsIfc({ schema: 'IFC4', cases, assigned: true })]));
    const model = await element.load(url, { fileExtension: 'ifc', fileName: 'tekla.ifc' });
    URL.revokeObjectURL(url);
    await click(toolbarButton(element, 'properties'));
    viewer.select([(await model.getExternalIdMapping())['2YvctVUKr0kugbFTf53O9L']]);
    await waitFor(() => exists(element, '[data-category="Tekla Quantity"]'));
    const rows = (category: string) =>
      $$(element, `[data-category="${category}"] .dv-property-row`).map((row) => [row.querySelector('th')!.textContent, row.querySelector('td')!.textContent]);
    expect(rows('Tekla Quantity')).to.deep.equal([
      ['Area per tons', '15.3 m²/t'],
      ['Weight', '2.25 t'],
    ]);
    expect(rows('Derived units')).to.deep.include(['THERMALTRANSMITTANCEUNIT measure', '2.5 W/(m²·K)']);
    expect(rows('Derived units')).to.deep.include(['Area per tons', '2.5 m²/t']);
  });
});
