import { expect } from '@esm-bundle/chai';
import { Logger, USAGE_EVENTS, USAGE_REPORT_INTERVAL_MS, type UsageReport, Viewer } from '../../../core/index.js';
import { UsageTracker } from '../../../core/viewer/UsageTracker.js';
import { createContainer } from '../../support/helpers.js';
import { until } from '../../support/navigationInput.js';

describe('UsageTracker', () => {
  it('counts events by name and reports them every interval (60 s in the viewer), skipping idle periods', async () => {
    expect(USAGE_REPORT_INTERVAL_MS).to.equal(60000);
    expect(USAGE_EVENTS).to.deep.equal([
      'navigation/home',
      'navigation/setortho',
      'navigation/setpersp',
      'navigation/sethome',
      'navigation/focushome',
      'navigation/resethome',
      'navigation/setfront',
      'navigation/settop',
      'navigation/fit',
    ]);
    const reports: UsageReport[] = [];
    // A short interval stands in for the minute.
    const tracker = new UsageTracker((report) => reports.push(report), new Logger(), 60);
    tracker.track('navigation/home');
    tracker.track('navigation/home');
    tracker.track('navigation/fit');
    await until(() => reports.length === 1);
    expect(reports[0].counts).to.deep.equal({ 'navigation/home': 2, 'navigation/fit': 1 });
    expect(reports[0].until).to.be.at.least(reports[0].since);
    tracker.track('navigation/settop');
    await until(() => reports.length === 2);
    expect(reports[1].counts).to.deep.equal({ 'navigation/settop': 1 });
    expect(reports[1].since).to.equal(reports[0].until);
    // Nothing happened: nothing is sent, and no timer keeps running.
    expect(tracker.flush()).to.equal(null);
    expect(tracker.getCounts()).to.deep.equal({ 'navigation/home': 2, 'navigation/fit': 1, 'navigation/settop': 1 });
    tracker.dispose();
  });

  it('sends what is left when the viewer finishes, and survives a failing callback', () => {
    const container = createContainer(100, 100);
    const reports: UsageReport[] = [];
    const viewer = new Viewer(container, { onUsage: (report) => reports.push(report) });
    viewer.usage.track('navigation/sethome');
    viewer.finish();
    container.remove();
    expect(reports.map((r) => r.counts)).to.deep.equal([{ 'navigation/sethome': 1 }]);

    const failing = new UsageTracker(() => {
      throw new Error('host bug');
    }, new Logger());
    failing.track('navigation/home');
    const originalError = console.error;
    console.error = () => {};
    try {
      expect(failing.flush()!.counts).to.deep.equal({ 'navigation/home': 1 });
    } finally {
      console.error = originalError;
    }
    failing.dispose();
  });
});
