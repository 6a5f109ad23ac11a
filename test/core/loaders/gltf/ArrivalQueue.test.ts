import { expect } from '@esm-bundle/chai';
import { ArrivalQueue } from '../../../../core/loaders/gltf/ArrivalQueue.js';

const MB = 2 ** 20;

describe('ArrivalQueue', () => {
  // fragId → bytes of the binary chunk it needs; plan order is fragId order.
  const needs = [5 * MB + 10, 100, Infinity, 2 * MB, 5 * MB + 9, 2 * MB + 1, 40 * MB, Infinity, 0, 5 * MB + 11];
  const fragIds = needs.map((_, i) => i);

  it('hands out each fragment once, in plan order, as soon as the bytes it needs have arrived', () => {
    const queue = new ArrivalQueue(fragIds, (fragId) => needs[fragId]);
    expect(queue.size).to.equal(10);
    expect(queue.take(0)).to.deep.equal([8]);
    expect(queue.take(99)).to.deep.equal([]);
    expect(queue.take(2 * MB)).to.deep.equal([1, 3]);
    // Within one bucket: only what has arrived, the rest stays.
    expect(queue.take(5 * MB + 10)).to.deep.equal([0, 4, 5]);
    expect(queue.take(5 * MB + 10)).to.deep.equal([]);
    expect(queue.take(39 * MB)).to.deep.equal([9]);
    expect(queue.size).to.equal(3);
    expect(queue.remaining()).to.deep.equal([2, 6, 7]);
  });

  it('keeps what needs the whole file until it is asked for, even when every byte has arrived', () => {
    const queue = new ArrivalQueue(fragIds, (fragId) => needs[fragId]);
    const all = queue.take(Infinity);
    expect(all).to.deep.equal([0, 1, 3, 4, 5, 6, 8, 9]);
    expect(queue.remaining()).to.deep.equal([2, 7]);
    expect(queue.take(Infinity, true)).to.deep.equal([2, 7]);
    expect(queue.size).to.equal(0);
  });

  it('takes a subset of fragIds (a later pass over what an earlier one left) and reports their needs', () => {
    const queue = new ArrivalQueue([6, 2, 9], (fragId) => needs[fragId]);
    expect(queue.needOf(9)).to.equal(5 * MB + 11);
    expect(queue.needOf(2)).to.equal(Infinity);
    expect(queue.take(Infinity, true)).to.deep.equal([2, 6, 9]);
  });
});
