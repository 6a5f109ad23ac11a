import type { Logger } from './Logger.js';

/** Spec 000 §7: usage statistics are reported every 60 s. */
export const USAGE_REPORT_INTERVAL_MS = 60000;

/** Spec 000 §7: the usage events the viewer counts, by name. */
export const USAGE_EVENTS = [
  'navigation/home',
  'navigation/setortho',
  'navigation/setpersp',
  'navigation/sethome',
  'navigation/focushome',
  'navigation/resethome',
  'navigation/setfront',
  'navigation/settop',
  'navigation/fit',
] as const;
export type UsageEventName = (typeof USAGE_EVENTS)[number];

/** What the host's usage callback receives: how often each event happened since the previous report. */
export interface UsageReport {
  counts: Record<string, number>;
  /** When the counted period started and ended (Date.now() times). */
  since: number;
  until: number;
}

export type UsageCallback = (report: UsageReport) => void;

/**
 * Counts usage events by name and reports the counts to the host's callback (`config.onUsage`) every
 * 60 s, and once more when the viewer finishes (spec 000 §7). A period in which nothing happened is not
 * reported. Without a callback, counting still works (`getCounts()`), and nothing is sent anywhere.
 */
export class UsageTracker {
  private counts = new Map<string, number>();
  private totals = new Map<string, number>();
  private since = Date.now();
  private timer: ReturnType<typeof setInterval> | null = null;
  private finished = false;

  constructor(
    private readonly callback: UsageCallback | undefined,
    private readonly logger: Logger,
    private readonly intervalMs = USAGE_REPORT_INTERVAL_MS,
  ) {}

  /** Counts one event. */
  track(name: UsageEventName | string): void {
    if (this.finished || !name) return;
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    this.totals.set(name, (this.totals.get(name) ?? 0) + 1);
    // The timer runs only once there is something to report: an idle viewer keeps no interval alive.
    if (this.callback && !this.timer) this.timer = setInterval(() => this.flush(), this.intervalMs);
  }

  /** Counts since the viewer started, by name. */
  getCounts(): Record<string, number> {
    return Object.fromEntries(this.totals);
  }

  /** Counts not yet reported, by name. */
  getPendingCounts(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  /** Reports what was counted since the last report now (nothing when nothing happened). */
  flush(): UsageReport | null {
    if (this.counts.size === 0) {
      this.stopTimer();
      return null;
    }
    const report: UsageReport = { counts: Object.fromEntries(this.counts), since: this.since, until: Date.now() };
    this.counts = new Map();
    this.since = report.until;
    this.stopTimer();
    try {
      this.callback?.(report);
    } catch (reason) {
      // A failing host callback must not break the viewer.
      this.logger.error('Usage callback failed', reason);
    }
    return report;
  }

  /** Sends the last counts and stops. */
  dispose(): void {
    if (this.finished) return;
    this.flush();
    this.finished = true;
    this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
