// Copies the font 2D drawings' text is drawn with (DejaVu Sans, from the dejavu-fonts-ttf package; Bitstream
// Vera licence with DejaVu's changes in the public domain: res/fonts/LICENSE.txt) into res/fonts/, where the
// text renderer fetches it from the resource root when a drawing with text opens (no network beyond the host;
// the bundles do not carry it). Runs with `npm run setup`, like copyDraco.mjs: in the repository only.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const source = join(root, 'node_modules', 'dejavu-fonts-ttf', 'ttf');
const target = join(root, 'res', 'fonts');
const files = ['DejaVuSans.ttf'];
if (!files.every((file) => existsSync(join(source, file)))) {
  console.log('copy-fonts: dejavu-fonts-ttf is not installed; res/fonts/ left as it is.');
  process.exit(0);
}
mkdirSync(target, { recursive: true });
for (const file of files) copyFileSync(join(source, file), join(target, file));
console.log('copy-fonts: DejaVu Sans → res/fonts/');
