import { expect } from '@esm-bundle/chai';
import { IFC2X3, IFC4 } from 'web-ifc';
import { type Property, Viewer } from '../../../../core/index.js';
import { casesOf, derivedUnitsIfc, measureOf, propertyName, USER_DEFINED_WITHOUT_ELEMENTS } from '../../../support/derivedUnitsIfc.js';
import { createContainer } from '../../../support/helpers.js';

/** The members of web-ifc's IfcDerivedUnitEnum of a schema (its static fields, in upper case). */
function derivedUnitEnum(schema: 'IFC2X3' | 'IFC4'): string[] {
  const enumeration = (schema === 'IFC2X3' ? IFC2X3 : IFC4).IfcDerivedUnitEnum;
  return Object.getOwnPropertyNames(enumeration).filter((name) => /^[A-Z]+$/.test(name));
}

describe('IFC loader: derived units (IfcDerivedUnit, issue 28 §4)', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  before(() => {
    container = createContainer(120, 90);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  after(() => {
    viewer.finish();
    container.remove();
  });

  /** Loads a generated file through the real loader (web-ifc in the worker) and gives the wall's properties by category. */
  async function wallProperties(schema: 'IFC2X3' | 'IFC4', assigned: boolean): Promise<(category: string, name: string) => Property> {
    const url = URL.createObjectURL(new Blob([derivedUnitsIfc({ schema, cases: casesOf(schema), assigned })]));
    const model = await viewer.loadModel(url, { fileExtension: 'ifc', fileName: 'derived-units.ifc' });
    URL.revokeObjectURL(url);
    const wall = (await model.getExternalIdMapping())['2YvctVUKr0kugbFTf53O9L'];
    const { properties } = await model.getProperties(wall);
    viewer.unloadModel(model);
    return (category, name) => {
      const found = properties.find((p) => p.displayCategory === category && p.displayName === name);
      if (!found) throw new Error(`No property ${category} › ${name}`);
      return found;
    };
  }

  for (const schema of ['IFC2X3', 'IFC4'] as const) {
    it(`covers every member of ${schema}'s IfcDerivedUnitEnum as web-ifc defines it`, () => {
      expect(casesOf(schema).map((c) => c.type).sort()).to.deep.equal(derivedUnitEnum(schema).sort());
    });

    it(`${schema}: shows a value in a derived unit as the composite of its elements, prefixes and conversion-based units honoured`, async () => {
      const property = await wallProperties(schema, false);
      const shown = casesOf(schema).map((c) => [c.type, property('Derived units', propertyName(c)).units]);
      expect(shown).to.deep.equal(casesOf(schema).map((c) => [c.type, c.shown]));
      // A user-defined unit without elements shows its UserDefinedType.
      expect(property('Derived units', propertyName(USER_DEFINED_WITHOUT_ELEMENTS)).units).to.equal(USER_DEFINED_WITHOUT_ELEMENTS.shown);
      // A count in a unit the file defines, and a cost in the project's currency.
      expect([property('Derived units', 'Pieces').displayValue, property('Derived units', 'Pieces').units]).to.deep.equal([3, 'piece']);
      expect([property('Derived units', 'Cost').displayValue, property('Derived units', 'Cost').units]).to.deep.equal([120, 'EUR']);
      // Tekla's quantities: an area per tonne and a weight in tonnes, each in the unit it names.
      expect([property('Tekla Quantity', 'Area per tons').displayValue, property('Tekla Quantity', 'Area per tons').units]).to.deep.equal([15.3, 'm²/t']);
      expect([property('Tekla Quantity', 'Weight').displayValue, property('Tekla Quantity', 'Weight').units]).to.deep.equal([2.25, 't']);
    });

    it(`${schema}: a derived measure that names no unit takes the project's unit for its kind, else the SI unit of the schema`, async () => {
      const withMeasure = casesOf(schema).filter((c) => measureOf(c) && c.type !== 'USERDEFINED');
      const assigned = await wallProperties(schema, true);
      expect(withMeasure.map((c) => [c.type, assigned('Derived units', `${c.type} measure`).units])).to.deep.equal(withMeasure.map((c) => [c.type, c.shown]));
      const unassigned = await wallProperties(schema, false);
      const si = (c: (typeof withMeasure)[number]) => (schema === 'IFC2X3' && c.siIfc2x3) || c.si;
      expect(withMeasure.map((c) => [c.type, unassigned('Derived units', `${c.type} measure`).units])).to.deep.equal(withMeasure.map((c) => [c.type, si(c)]));
    });
  }
});
