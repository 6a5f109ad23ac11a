import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Raw and gzip sizes of the builds, as README.md states them. A build is its entry plus the chunks it loads. */
const chunks = (() => {
  try {
    return readdirSync('dist/chunks').filter((f) => f.endsWith('.js')).map((f) => join('dist/chunks', f));
  } catch {
    return [];
  }
})();
const builds: [string, string[]][] = [
  ['ESM library (`design-viewer`: dist/design-viewer.js + dist/chunks)', ['dist/design-viewer.js', ...chunks]],
  ['React wrapper (`design-viewer/react`: dist/react.js, on top of the library)', ['dist/react.js']],
  ['CDN script (`design-viewer/cdn`: dist/cdn/design-viewer.js, self-contained)', ['dist/cdn/design-viewer.js']],
];

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log('\n| build | raw | gzip |\n|---|---|---|');
for (const [name, files] of builds) {
  try {
    const raw = files.reduce((sum, f) => sum + statSync(f).size, 0);
    const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
    console.log(`| ${name} | ${kib(raw)} | ${kib(gzip)} |`);
  } catch {
    console.log(`| ${name} | missing | missing |`);
  }
}
console.log('\nThe library leaves its dependencies (three, lit, react, …) to the host\'s bundler; the CDN script includes them all, and both carry the loader worker inline.');
