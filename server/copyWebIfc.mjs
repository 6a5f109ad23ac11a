// Copies web-ifc's browser module and its wasm into res/wasm/, where the loader worker imports them
// from the resource root at run time (no network beyond the host; the bundles stay small, since IFC
// support is fetched only when an .ifc is opened). Runs before `npm start`, `npm test`, the builds and
// `npm run bench` (`npm run setup`): in the repository only, never on a host's install.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const target = join(root, 'res', 'wasm');
const source = join(root, 'node_modules', 'web-ifc');
if (!existsSync(join(source, 'web-ifc.wasm'))) {
  console.log('copy-web-ifc: web-ifc is not installed; res/wasm/ left as it is.');
  process.exit(0);
}
mkdirSync(target, { recursive: true });
copyFileSync(join(source, 'web-ifc.wasm'), join(target, 'web-ifc.wasm'));
const version = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')).version;
const api = readFileSync(join(source, 'web-ifc-api.js'), 'utf8');
let code = api;
try {
  // Minified, the module is about half the size; without esbuild the original is copied.
  const esbuild = createRequire(import.meta.url)('esbuild');
  code = esbuild.transformSync(api, { minify: true, format: 'esm', target: 'es2022', legalComments: 'none' }).code;
} catch (error) {
  console.log(`copy-web-ifc: not minified (${error.message})`);
}
writeFileSync(join(target, 'web-ifc-api.js'), `/* web-ifc ${version} (MPL-2.0), https://github.com/ThatOpen/engine_web-ifc */\n${code}`);
writeFileSync(join(target, 'web-ifc.version'), `${version}\n`);
console.log(`copy-web-ifc: web-ifc ${version} → res/wasm/`);
