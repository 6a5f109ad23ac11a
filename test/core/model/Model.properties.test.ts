import { expect } from '@esm-bundle/chai';
import { ErrorCode, Model, NO_PROPERTIES_MESSAGE, OBJECT_TREE_MODEL_GONE, PROPERTIES_MODEL_GONE, SEARCH_MODEL_GONE, Viewer, type ViewerError } from '../../../core/index.js';
import { PropertyDatabaseBuilder } from '../../../core/model/PropertyDatabaseBuilder.js';
import { createContainer, sampleUrl } from '../../support/helpers.js';

async function rejection(promise: Promise<unknown>): Promise<ViewerError> {
  try {
    await promise;
  } catch (error) {
    return error as ViewerError;
  }
  throw new Error('resolved');
}

describe('Model: property failures (spec 001 §8)', () => {
  it('rejects with "Model doesn\'t have any properties" when the model has none', async () => {
    const header = {
      fragments: { dbIds: new Int32Array(0), materialIds: new Int32Array(0), batchIds: new Uint16Array(0), boxes: new Float32Array(0) },
      batches: [],
      materials: [],
      tree: { rootId: 1, parents: new Int32Array(2), names: [null, 'empty'] },
      metadata: {},
      bounds: [],
      cameras: [],
      defaultCamera: -1,
    };
    const model = new Model({ url: 'about:blank', fileName: 'empty' }, header, null, 'empty');
    for (const call of [model.getProperties(1), model.getBulkProperties([1]), model.search('x'), model.getExternalIdMapping()]) {
      const error = await rejection(call);
      expect([error.code, error.message]).to.deep.equal([ErrorCode.BAD_DATA, NO_PROPERTIES_MESSAGE]);
    }
    expect(NO_PROPERTIES_MESSAGE).to.equal("Model doesn't have any properties");
  });

  it('rejects with the "model does not exist" texts (bad data) once the model is unloaded', async () => {
    const container = createContainer(160, 120);
    const viewer = new Viewer(container, { language: 'en' });
    viewer.start();
    const model = await viewer.loadModel(sampleUrl('ifc/IfcOpenHouse_IFC4.ifc'));
    expect((await model.getProperties(2)).dbId).to.equal(2);
    viewer.unloadModel(model);
    const properties = await rejection(model.getProperties(2));
    const bulk = await rejection(model.getBulkProperties([2]));
    const search = await rejection(model.search('wall'));
    const tree = await rejection(model.getObjectTree());
    expect([properties.code, properties.message]).to.deep.equal([ErrorCode.BAD_DATA, 'Properties failed to load since model does not exist']);
    expect(bulk.message).to.equal(PROPERTIES_MODEL_GONE);
    expect([search.code, search.message]).to.deep.equal([ErrorCode.BAD_DATA, 'Search failed since model does not exist']);
    expect([tree.code, tree.message]).to.deep.equal([ErrorCode.BAD_DATA, OBJECT_TREE_MODEL_GONE]);
    expect(SEARCH_MODEL_GONE).to.equal('Search failed since model does not exist');
    expect(OBJECT_TREE_MODEL_GONE).to.equal('ObjectTree failed to load since model does not exist');
    viewer.finish();
    container.remove();
  });
});

describe('PropertyDatabase at 100,000 objects', () => {
  it('finds every object holding a text, case-insensitively, over the whole database', () => {
    const builder = new PropertyDatabaseBuilder();
    const zones = ['North', 'South', 'East', 'West', 'Core'];
    for (let dbId = 1; dbId <= 100_000; dbId++) {
      builder.setName(dbId, `Element ${dbId}`);
      builder.setExternalId(dbId, `guid-${dbId}`);
      builder.addTyped(dbId, 'Zone', 'Pset_Bench', zones[dbId % 5]);
      builder.addTyped(dbId, 'Mark', 'Pset_Bench', `M-${String(dbId).padStart(6, '0')}`);
      builder.addTyped(dbId, 'Length', 'BaseQuantities', (dbId % 97) / 10, { units: 'm' });
    }
    const db = builder.build();
    expect(db.objectCount).to.equal(100_001);
    const north = db.search('nORTh');
    expect(north.length).to.equal(20_000);
    expect(north.every((dbId) => dbId % 5 === 0)).to.equal(true);
    expect(db.search('m-099999')).to.deep.equal([99_999]);
    expect(db.search('element 12345')).to.deep.equal([12_345]);
    expect(db.search('north', ['Mark'])).to.deep.equal([]);
    expect(db.getExternalIdMapping()['guid-54321']).to.equal(54_321);
    const row = db.getProperties(54_321)!.properties.find((p) => p.displayName === 'Length')!;
    expect([row.displayValue, row.units, row.displayCategory]).to.deep.equal([(54_321 % 97) / 10, 'm', 'BaseQuantities']);
  });
});
