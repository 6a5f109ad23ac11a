import { expect } from '@esm-bundle/chai';
import { LoaderWorkers, startLoaderWorkerEarly } from '../../../core/loaders/LoaderWorkers.js';

describe('LoaderWorkers', () => {
  it('gives the worker started early to the first viewer that starts, and to no other', () => {
    const early = startLoaderWorkerEarly();
    expect(early).to.be.instanceOf(Worker);
    expect(startLoaderWorkerEarly(), 'started once').to.equal(early);
    const first = new LoaderWorkers();
    const second = new LoaderWorkers();
    first.prewarm();
    second.prewarm();
    const taken = [first.take(), second.take()];
    try {
      expect(taken[0]).to.equal(early);
      expect(taken[1]).to.be.instanceOf(Worker).and.not.equal(early);
      // Once taken, a new early start makes a new worker.
      const next = startLoaderWorkerEarly();
      expect(next).to.not.equal(early);
      taken.push(next!);
    } finally {
      for (const worker of taken) worker.terminate();
    }
  });
});
