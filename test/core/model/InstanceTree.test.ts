import { expect } from '@esm-bundle/chai';
import { InstanceTree } from '../../../core/model/InstanceTree.js';
import { indexTree, packNames } from '../../../core/model/InstanceTree.js';

// 1 root ─ 2 ─ 4
//        └ 3 ─ 5, 6
const tree = () =>
  new InstanceTree(
    { rootId: 1, parents: Int32Array.from([0, 0, 1, 1, 2, 3, 3]), names: [null, 'root', 'a', 'b', 'a1', null, 'b2'] },
    Int32Array.from([4, 5, 6, 6, 2]),
  );

describe('InstanceTree', () => {
  it('answers parent, children and names; dbId 0 is never a node', () => {
    const t = tree();
    expect(t.getRootId()).to.equal(1);
    expect(t.getNodeParentId(5)).to.equal(3);
    expect(t.getChildCount(3)).to.equal(2);
    expect(t.getNodeName(5)).to.equal(null);
    expect(t.hasNode(0)).to.equal(false);
    expect(t.hasNode(6)).to.equal(true);
    const children: number[] = [];
    t.enumNodeChildren(3, (id) => void children.push(id));
    expect(children).to.deep.equal([5, 6]);
  });

  it('answers the same names from the packed form a worker sends, empty and missing names included', () => {
    const names = [null, 'root', '', 'b', 'Wand – Außen ✓', null, 'b2'];
    const packed = packNames(names);
    expect(packed.ranges).to.be.instanceOf(Int32Array);
    const t = new InstanceTree({ rootId: 1, parents: Int32Array.from([0, 0, 1, 1, 2, 3, 3]), names: packed });
    for (let dbId = 0; dbId < names.length; dbId++) expect(t.getNodeName(dbId)).to.equal(names[dbId]);
    expect(t.getNodeName(7)).to.equal(null);
    expect(t.getNodeName(-1)).to.equal(null);
    expect(t.getNodeName(1.5)).to.equal(null);
  });

  it('walks subtrees depth first and enumerates fragments recursively', () => {
    const t = tree();
    const all: number[] = [];
    t.enumNodeChildren(1, (id) => void all.push(id), true);
    expect(all).to.deep.equal([2, 4, 3, 5, 6]);
    const frags: number[] = [];
    t.enumNodeFragments(3, (f) => void frags.push(f), true);
    expect(frags.sort()).to.deep.equal([1, 2, 3]);
    const own: number[] = [];
    t.enumNodeFragments(6, (f) => void own.push(f));
    expect(own).to.deep.equal([2, 3]);
  });

  it('takes the indexes a worker built (indexTree) and answers as one that built them itself', () => {
    const data = { rootId: 1, parents: Int32Array.from([0, 0, 1, 1, 2, 3, 3]), names: packNames([null, 'root', 'a', 'b', 'a1', null, 'b2']) };
    const dbIds = Int32Array.from([4, 5, 6, 6, 2]);
    const built = new InstanceTree(data, dbIds);
    const index = indexTree(data, dbIds);
    // The page is given no fragment list: every answer about fragments comes from the index.
    const given = new InstanceTree({ ...data, index });
    const walk = (t: InstanceTree) => {
      const rows: string[] = [];
      t.enumNodeChildren(1, (id) => {
        const frags: number[] = [];
        t.enumNodeFragments(id, (f) => void frags.push(f));
        rows.push(`${id}:${t.getChildCount(id)}:${frags.join(',')}`);
      }, true);
      return rows;
    };
    expect(walk(given)).to.deep.equal(walk(built));
    expect(walk(given)).to.deep.equal(['2:1:4', '4:0:0', '3:2:', '5:0:1', '6:0:2,3']);
  });

  it('stops a walk when the callback returns true', () => {
    const seen: number[] = [];
    tree().enumNodeChildren(1, (id) => (seen.push(id), id === 4), true);
    expect(seen).to.deep.equal([2, 4]);
  });
});
