// Copies pdf.js (pdfjs-dist, Apache-2.0: res/pdfjs/LICENSE) into res/pdfjs/: its display module, which the
// loader worker imports from the resource root when a .pdf is opened, and its worker script, which that
// module starts. No bundle carries them and no network beyond the host is needed. Runs with `npm run setup`,
// like copyWebIfc.mjs: in the repository only.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const source = join(root, 'node_modules', 'pdfjs-dist');
const target = join(root, 'res', 'pdfjs');
const files = ['pdf.min.mjs', 'pdf.worker.min.mjs'];
if (!files.every((file) => existsSync(join(source, 'build', file)))) {
  console.log('copy-pdfjs: pdfjs-dist is not installed; res/pdfjs/ left as it is.');
  process.exit(0);
}
mkdirSync(target, { recursive: true });
for (const file of files) copyFileSync(join(source, 'build', file), join(target, file));
copyFileSync(join(source, 'LICENSE'), join(target, 'LICENSE'));
const version = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')).version;
writeFileSync(join(target, 'pdfjs.version'), `${version}\n`);
console.log(`copy-pdfjs: pdf.js ${version} → res/pdfjs/`);
