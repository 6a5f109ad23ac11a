import { expect } from '@esm-bundle/chai';
import { AttributeFlags } from '../../../../core/index.js';
import { PropertyDatabase } from '../../../../core/model/PropertyDatabase.js';
import { PropertyDatabaseBuilder } from '../../../../core/model/PropertyDatabaseBuilder.js';
import { mergeLinkedProperties } from '../../../../core/loaders/svf/linkedProperties.js';

/** An instance (2) of a type (3) of a family (4), as SVF property databases link them with __instanceof__. */
function linkedTables() {
  const b = new PropertyDatabaseBuilder();
  const instanceOf = b.attribute('instanceof_objid', '__instanceof__', { flags: AttributeFlags.HIDDEN, dataType: 11 });
  b.setName(2, 'Door 1');
  b.addTyped(2, 'Mark', 'Identity', 'D1');
  b.addTyped(2, 'Width', 'Dimensions', 0.9);
  b.add(2, instanceOf, 3);
  b.setName(3, 'Door type');
  b.addTyped(3, 'Width', 'Dimensions', 0.8);
  b.addTyped(3, 'Fire rating', 'Identity', 'EI30');
  b.add(3, instanceOf, 4);
  b.setName(4, 'Door family');
  b.addTyped(4, 'Manufacturer', 'Identity', 'Acme');
  return b.buildTables(5);
}

describe('SVF linked-property merging (spec 001 §5, files ending in sld)', () => {
  it('adds the linked objects\' properties an instance lacks, its own values winning', () => {
    const merged = new PropertyDatabase(mergeLinkedProperties(linkedTables()));
    const door = merged.getProperties(2)!;
    const values = Object.fromEntries(door.properties.map((p) => [p.displayName, p.displayValue]));
    expect(values).to.deep.equal({ Mark: 'D1', Width: 0.9, 'Fire rating': 'EI30', Manufacturer: 'Acme' });
    expect(door.name).to.equal('Door 1');
  });

  it('leaves objects without links, and a database without __instanceof__, as they are', () => {
    const plain = new PropertyDatabase(linkedTables());
    expect(plain.getProperties(2)!.properties.map((p) => p.displayName)).to.deep.equal(['Mark', 'Width']);
    const merged = new PropertyDatabase(mergeLinkedProperties(linkedTables()));
    expect(merged.getProperties(4)!.properties.map((p) => p.displayName)).to.deep.equal(['Manufacturer']);
    const b = new PropertyDatabaseBuilder();
    b.addTyped(1, 'A', 'C', 1);
    const tables = b.buildTables(2);
    expect(mergeLinkedProperties(tables)).to.equal(tables);
  });
});
