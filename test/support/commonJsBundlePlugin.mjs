// React 19, hammerjs, loglevel (dxf-parser's logger) and opentype.js ship CommonJS only (opentype.js as its main), which the test server cannot serve to a browser. This
// plugin bundles them once, together (so there is one React), into an ES module, and answers each
// bare import of them with a small module that re-exports from that bundle.
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

/** Package specifier → name of its namespace in the shared bundle. */
const PACKAGES = {
  react: 'react',
  'react/jsx-runtime': 'jsxRuntime',
  'react/jsx-dev-runtime': 'jsxDevRuntime',
  'react-dom': 'reactDom',
  'react-dom/client': 'reactDomClient',
  scheduler: 'scheduler',
  hammerjs: 'hammer',
};
/**
 * CommonJS packages imported by their default export, each bundled on its own: loglevel (dxf-parser's
 * logger, in loader workers, where the shared bundle cannot load: hammerjs needs window) and opentype.js
 * (dxf-viewer's fonts, for the DXF reference pictures), qrcode (the live review's invitation), debug
 * (socket.io-client's logger, in its development build) and polygon-clipping (whose browser build, the one
 * resolved for a browser, is UMD: the 2D drawings' clip regions).
 */
const ALONE_PACKAGES = ['loglevel', 'opentype.js', 'qrcode', 'debug', 'polygon-clipping'];

const PREFIX = '/__commonjs__/';
const BUNDLE = `${PREFIX}bundle.js`;

export function commonJsBundlePlugin({ mode = 'development' } = {}) {
  let bundle;
  const bundleCode = async () => {
    bundle ??= build({
      stdin: {
        contents:
          Object.entries(PACKAGES)
            .map(([specifier, name]) => `import * as ${name} from '${specifier}';`)
            .join('\n') + `\nexport { ${Object.values(PACKAGES).join(', ')} };`,
        resolveDir: process.cwd(),
        loader: 'js',
      },
      bundle: true,
      format: 'esm',
      write: false,
      platform: 'browser',
      define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0].text);
    return bundle;
  };

  const wrapper = (specifier) => {
    const name = PACKAGES[specifier];
    // Named exports are read off the package itself, in a separate node process (React's development
    // build patches the console of whatever process requires it).
    const keys = namedExportsOf(specifier, mode);
    return [
      `import { ${name} as namespace } from '${BUNDLE}';`,
      `const module = namespace.default ?? namespace;`,
      `export default module;`,
      ...keys.map((key) => `export const ${key} = module.${key};`),
    ].join('\n');
  };

  return {
    name: 'commonjs-bundle',
    resolveImport({ source }) {
      if (source in PACKAGES || ALONE_PACKAGES.includes(source)) return `${PREFIX}${encodeURIComponent(source)}.js`;
    },
    async serve(context) {
      if (!context.path.startsWith(PREFIX)) return;
      if (context.path === BUNDLE) return { body: await bundleCode(), type: 'js' };
      const specifier = decodeURIComponent(context.path.slice(PREFIX.length, -'.js'.length));
      if (specifier in PACKAGES) return { body: wrapper(specifier), type: 'js' };
      if (ALONE_PACKAGES.includes(specifier)) return { body: await bundleAlone(specifier), type: 'js' };
    },
  };
}

/** One CommonJS package as an ES module with a default export. */
async function bundleAlone(specifier) {
  const result = await build({
    stdin: { contents: `import value from '${specifier}';\nexport default value;`, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    platform: 'browser',
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** Named exports of a CommonJS package; none for a package that needs a browser to load (hammerjs needs window). */
function namedExportsOf(specifier, mode) {
  try {
    return JSON.parse(
      execFileSync(process.execPath, ['-e', `process.stdout.write(JSON.stringify(Object.keys(require(${JSON.stringify(specifier)}))))`], {
        env: { ...process.env, NODE_ENV: mode },
        stdio: ['ignore', 'pipe', 'ignore'],
      }).toString(),
    ).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key) && key !== 'default');
  } catch {
    return [];
  }
}
