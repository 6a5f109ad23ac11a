import { expect } from '@esm-bundle/chai';
import { AttributeFlags } from '../../../core/index.js';
import { PropertyDatabaseBuilder } from '../../../core/model/PropertyDatabaseBuilder.js';

function buildSample() {
  const builder = new PropertyDatabaseBuilder();
  builder.setName(2, 'Basic Wall');
  builder.setExternalId(2, 'guid-wall');
  builder.addTyped(2, 'Width', 'Dimensions', 0.25, { units: 'm', precision: 3 });
  builder.addTyped(2, 'Material', 'Identity', 'Concrete');
  builder.addTyped(2, 'Secret', 'Identity', 'x', { flags: AttributeFlags.HIDDEN });
  builder.setName(1, 'Project');
  builder.addTyped(3, 'Material', 'Identity', 'Concrete');
  builder.setName(3, 'Slab');
  return builder.build(4);
}

describe('PropertyDatabase', () => {
  it('stores each distinct value once and resolves an object through its pairs', () => {
    const db = buildSample();
    const wall = db.getProperties(2)!;
    expect(wall.name).to.equal('Basic Wall');
    expect(wall.externalId).to.equal('guid-wall');
    const width = wall.properties.find((p) => p.displayName === 'Width')!;
    expect(width).to.include({ displayValue: 0.25, displayCategory: 'Dimensions', units: 'm', precision: 3, hidden: false });
    expect(wall.properties.find((p) => p.displayName === 'Secret')!.hidden).to.equal(true);
    expect(wall.properties.some((p) => p.displayCategory === '__name__')).to.equal(false);
  });

  it('answers null for objects it does not have', () => {
    expect(buildSample().getProperties(99)).to.equal(null);
    expect(buildSample().getProperties(0)).to.equal(null);
  });

  it('searches values case-insensitively, names included, optionally by attribute', () => {
    const db = buildSample();
    expect(db.search('CONCRETE')).to.deep.equal([2, 3]);
    expect(db.search('slab')).to.deep.equal([3]);
    expect(db.search('concrete', ['Width'])).to.deep.equal([]);
    expect(db.search('')).to.deep.equal([]);
  });

  it('filters bulk properties by name and maps external ids', () => {
    const db = buildSample();
    const bulk = db.getBulkProperties([2, 3], ['Material']);
    expect(bulk.map((r) => r.properties.map((p) => p.displayValue))).to.deep.equal([['Concrete'], ['Concrete']]);
    expect(db.getExternalIdMapping()).to.deep.equal({ 'guid-wall': 2 });
  });
});
