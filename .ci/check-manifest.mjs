// Fails when the committed custom-elements.json differs from what the analyzer makes of the sources.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The analyzer writes relative to the working directory: use an ignored folder inside the project.
const out = '.tmp/cem-check';
// The analyzer also points package.json's customElements at its output folder: put package.json back afterwards.
const packageJson = readFileSync('package.json', 'utf8');
try {
  execFileSync('npx', ['cem', 'analyze', '--litelement', '--globs', 'elements/DesignViewerElement.ts', '--outdir', out], { stdio: 'pipe' });
  const fresh = readFileSync(join(out, 'custom-elements.json'), 'utf8');
  const committed = readFileSync('custom-elements.json', 'utf8');
  if (fresh !== committed) {
    console.error('custom-elements.json is stale: run `npm run manifest` and commit the result.');
    process.exit(1);
  }
  console.log('custom-elements.json is up to date.');
} finally {
  writeFileSync('package.json', packageJson);
  rmSync(out, { recursive: true, force: true });
}
