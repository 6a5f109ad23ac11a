// Copies three.js's Draco decoder (the glTF build: its wasm and the wrapper that loads it) into
// res/wasm/draco/, where the loader worker's DRACOLoader fetches it from the resource root when a glTF
// with KHR_draco_mesh_compression is opened (no network beyond the host; the bundles do not carry it).
// Runs before `npm start`, `npm test`, the builds and `npm run bench` (`npm run setup`): in the repository
// only, never on a host's install.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const source = join(root, 'node_modules', 'three', 'examples', 'jsm', 'libs', 'draco', 'gltf');
const target = join(root, 'res', 'wasm', 'draco');
const files = ['draco_decoder.wasm', 'draco_wasm_wrapper.js'];
if (!files.every((file) => existsSync(join(source, file)))) {
  console.log('copy-draco: three.js is not installed; res/wasm/draco/ left as it is.');
  process.exit(0);
}
mkdirSync(target, { recursive: true });
for (const file of files) copyFileSync(join(source, file), join(target, file));
console.log('copy-draco: Draco decoder → res/wasm/draco/');
