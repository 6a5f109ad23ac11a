import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath } from './browser.js';
import { benchRoot } from './server.js';

/** What a bench run names in its report: the Chromium it drove and the commit it measured. */
export function benchVersions(): { chromium: string; commit: string } {
  const chromium = execFileSync(chromiumPath(), ['--version']).toString().trim();
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: benchRoot }).toString().trim();
  return { chromium, commit };
}

/**
 * Writes a run into bench/results: `<prefix>-<time>.json` with every raw figure, and `<latest>` with the
 * report's tables. Returns the json's name.
 */
export function writeBenchResults(prefix: string, latest: string, report: string, figures: unknown): string {
  const dir = join(benchRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const name = `${prefix}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(join(dir, name), JSON.stringify(figures, null, 2));
  writeFileSync(join(dir, latest), `${report}\n`);
  return name;
}
