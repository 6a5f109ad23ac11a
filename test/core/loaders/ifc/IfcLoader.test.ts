import { expect } from '@esm-bundle/chai';
import { type Model, Viewer } from '../../../../core/index.js';
import { createContainer, sampleUrl } from '../../../support/helpers.js';

/** What test/support/extractIfcFacts.mjs read from each sample with its own STEP parser (not web-ifc). */
interface SampleFacts {
  file: string;
  schema: string;
  treeNodeCount: number;
  project: { globalId: string; name: string };
  storeys: { globalId: string; name: string | null; elevation: number | null }[];
  walls: number;
  element: { globalId: string; type: string; name: string | null; path: { type: string; name: string | null }[] };
  property: { category: string; name: string; value: string | number; measure: string } | null;
  lengthUnit: string;
}

const facts: SampleFacts[] = await fetch('/test/core/loaders/ifc/ifcSampleFacts.json').then((r) => r.json());
const LENGTH_SCALES: Record<string, number> = { m: 1, mm: 0.001 };

for (const sample of facts) {
  describe(`IFC loader: ${sample.file} (${sample.schema})`, () => {
    let viewer: Viewer;
    let container: HTMLDivElement;
    let model: Model;
    let mapping: Record<string, number>;

    before(async () => {
      container = createContainer(200, 150);
      viewer = new Viewer(container, { language: 'en' });
      viewer.start();
      model = await viewer.loadModel(sampleUrl(`ifc/${sample.file}`));
      mapping = await model.getExternalIdMapping();
    });
    after(() => {
      viewer.finish();
      container.remove();
    });

    it('roots the instance tree in the project and holds every object the spatial structure reaches', async () => {
      const tree = model.getInstanceTree();
      expect(tree.getNodeCountInTree()).to.equal(sample.treeNodeCount);
      expect(tree.getRootId()).to.equal(1);
      expect(mapping[sample.project.globalId]).to.equal(1);
      expect(tree.getNodeName(1)).to.equal(sample.project.name);
    });

    it('places a known element under Project › Site › Building › Storey with its name, entity and GlobalId', async () => {
      const dbId = mapping[sample.element.globalId];
      expect(dbId).to.be.greaterThan(1);
      const tree = model.getInstanceTree();
      expect(tree.getNodeName(dbId)).to.equal(sample.element.name);
      const ancestors = tree.getAncestors(dbId).slice(1).reverse();
      const path = await model.getBulkProperties(ancestors, ['Entity']);
      expect(path.map((p) => String(p.properties[0].displayValue).toUpperCase())).to.deep.equal(sample.element.path.map((p) => p.type));
      expect(ancestors.map((id) => tree.getNodeName(id) ?? null)).to.deep.equal(sample.element.path.map((p) => p.name || null));
      const own = await model.getProperties(dbId);
      expect(own.externalId).to.equal(sample.element.globalId);
      const entity = own.properties.find((p) => p.displayCategory === 'IFC' && p.displayName === 'Entity');
      expect(String(entity?.displayValue).toUpperCase()).to.equal(sample.element.type);
    });

    it('lists the storeys, bottom first, and counts the walls', async () => {
      const tree = model.getInstanceTree();
      const storeys: number[] = [];
      tree.walk(1, (id) => void (tree.getNodeParentId(id) > 0 && sample.storeys.some((s) => mapping[s.globalId] === id) && storeys.push(id)));
      const expected = [...sample.storeys].sort((a, b) => (a.elevation ?? 0) - (b.elevation ?? 0));
      expect(storeys).to.deep.equal(expected.map((s) => mapping[s.globalId]));
      const all: number[] = [];
      tree.walk(1, (id) => void all.push(id));
      const entities = await model.getBulkProperties(all, ['Entity']);
      const walls = entities.filter((r) => /^IfcWall(StandardCase)?$/.test(String(r.properties[0]?.displayValue)));
      expect(walls.length).to.equal(sample.walls);
    });

    it('gives every fragment to an element of the tree, in the file\'s length unit, Z up', () => {
      const tree = model.getInstanceTree();
      expect(model.fragments.count).to.be.greaterThan(0);
      for (let fragId = 0; fragId < model.fragments.count; fragId++) {
        const dbId = model.fragments.dbIds[fragId];
        expect(tree.hasNode(dbId)).to.equal(true);
        expect(tree.getChildCount(dbId) === 0 || tree.getFragmentCount(dbId) > 0).to.equal(true);
      }
      expect(model.getUnitString()).to.equal(sample.lengthUnit);
      expect(model.getUnitScale()).to.equal(LENGTH_SCALES[sample.lengthUnit]);
      expect(model.getDisplayUnit()).to.equal(sample.lengthUnit);
      expect(model.getUpVector()).to.deep.equal([0, 0, 1]);
      expect(model.getMetadata('IFC', 'schema')).to.equal(sample.schema);
    });

    it('answers a known property of a known element, and finds it by search', async () => {
      const dbId = mapping[sample.element.globalId];
      const { properties } = await model.getProperties(dbId);
      if (!sample.property) {
        // This file has no property sets: only the element's own IFC attributes are there.
        expect(properties.every((p) => p.displayCategory === 'IFC')).to.equal(true);
        expect(await model.search(sample.element.name!)).to.include(dbId);
        return;
      }
      const { category, name, value } = sample.property;
      const found = properties.find((p) => p.displayCategory === category && p.displayName === name);
      expect(found, `${category} / ${name}`).to.not.equal(undefined);
      if (typeof value === 'number') {
        expect(found!.displayValue).to.be.closeTo(value, 1e-9);
        expect(await model.search(sample.element.name!)).to.include(dbId);
      } else {
        expect(found!.displayValue).to.equal(value);
        const hits = await model.search(value.toUpperCase(), [name]);
        expect(hits).to.include(dbId);
        for (const hit of (await model.getBulkProperties(hits, [name])).slice(0, 20)) {
          expect(hit.properties.some((p) => String(p.displayValue).toLowerCase().includes(value.toLowerCase()))).to.equal(true);
        }
      }
    });
  });
}
