import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const root = import.meta.dirname;
const here = (path: string) => resolve(root, path);

/** In bundles, the loader worker travels inline and res/ is found beside the script. */
const bundleAliases = [
  { find: /^(.*)\/createLoaderWorker\.js$/, replacement: here('core/loaders/createLoaderWorker.inline.ts') },
  { find: /^(.*)\/defaultResourceRoot\.js$/, replacement: here('core/viewer/defaultResourceRoot.bundle.ts') },
];

/**
 * The library's index of res/ files is a module of the package itself, `dist/res/resources.js`, imported by
 * the package's name and left to the host's bundler: there its `new URL('./…', import.meta.url)` literals
 * are followed, and the files copied into the host's output (vite's library mode would inline them all).
 */
const RESOURCE_INDEX_MODULE = 'design-viewer/res/resources.js';
const libraryResourceIndex = { find: /^(.*)\/resourceIndex\.js$/, replacement: RESOURCE_INDEX_MODULE };
/** The CDN script finds res/ beside itself. */
const cdnResourceIndex = { find: /^(.*)\/resourceIndex\.js$/, replacement: here('core/viewer/resourceIndex.cdn.ts') };

/** Writes dist/res/resources.js: core/viewer/resourceIndex.ts's list, its URLs relative to res/ itself. */
function writeResourceIndex(outDir: string): Plugin {
  return {
    name: 'write-resource-index',
    closeBundle() {
      const source = readFileSync(here('core/viewer/resourceIndex.ts'), 'utf8');
      const entries = [...source.matchAll(/'([^']+)': new URL\('\.\.\/\.\.\/res\/([^']+)', import\.meta\.url\)\.href,/g)];
      if (entries.length === 0) this.error('core/viewer/resourceIndex.ts no longer lists its files as expected');
      const lines = entries.map(([, path, file]) => `  '${path}': new URL('./${file}', import.meta.url).href,`);
      const text = `// Every file of res/ the viewer fetches (core/viewer/resourceIndex.ts), for the host's bundler to follow.\nexport const BUNDLED_RESOURCES = {\n${lines.join('\n')}\n};\n`;
      writeFileSync(resolve(outDir, 'res/resources.js'), text);
    },
  };
}

/**
 * three's DRACOLoader names its decoder files with `new URL(…, import.meta.url)`, which a build turns into
 * 1.7 MB of base64 inside the loader worker: every worker would decode and compile it on boot. The viewer
 * always sets the decoder's path (res/wasm/draco/), so bundles leave those defaults empty.
 */
function dropDracoDefaultPaths(): Plugin {
  return {
    name: 'drop-draco-default-paths',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('three/examples/jsm/loaders/DRACOLoader.js')) return null;
      const stripped = code.replace(/new URL\(\s*'[^']*draco[^']*',\s*import\.meta\.url\s*\)\.toString\(\)/g, "''");
      if (stripped === code) this.error('DRACOLoader no longer names its decoder files as expected');
      return { code: stripped, map: null };
    },
  };
}

/**
 * Bundled workers get the same treatment as the main script. A worker travels as one inline script, so
 * what it imports on demand stays inside it (evaluated on demand, not split into files).
 */
const bundledWorker = { format: 'es' as const, plugins: () => [dropDracoDefaultPaths()], rollupOptions: { output: { codeSplitting: false } } };

/** Copies res/ beside a build's output. */
function copyResources(outDir: string): Plugin {
  return {
    name: 'copy-res',
    closeBundle() {
      cpSync(here('res'), resolve(outDir, 'res'), { recursive: true });
    },
  };
}

/**
 * The runtime dependencies and peers (package.json: React is a peer, so a React host and the chrome share
 * one copy) stay imports in the library build: the host's bundler resolves them.
 */
const packageJson = JSON.parse(readFileSync(here('package.json'), 'utf8')) as { dependencies: Record<string, string>; peerDependencies: Record<string, string> };
const dependencies = Object.keys({ ...packageJson.dependencies, ...packageJson.peerDependencies }).map((name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}($|/)`));

/** Chunk names carry hashes: drop the last build's before writing new ones, so none goes stale in dist/. */
function cleanChunks(outDir: string): Plugin {
  return {
    name: 'clean-chunks',
    buildStart() {
      rmSync(resolve(outDir, 'chunks'), { recursive: true, force: true });
    },
  };
}

const library: UserConfig = {
  resolve: { alias: [...bundleAliases, libraryResourceIndex] },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    target: 'es2022',
    lib: {
      entry: { 'design-viewer': here('elements/index.ts'), react: here('elements/react.ts') },
      formats: ['es'],
    },
    rollupOptions: { external: [...dependencies, RESOURCE_INDEX_MODULE], output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
  },
  worker: bundledWorker,
  plugins: [cleanChunks('dist'), copyResources('dist'), writeResourceIndex('dist')],
};

/** One self-contained module script for a <script> tag: only res/ sits beside it. */
const cdn: UserConfig = {
  resolve: { alias: [...bundleAliases, cdnResourceIndex] },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/cdn',
    emptyOutDir: true,
    sourcemap: false,
    minify: true,
    target: 'es2022',
    lib: { entry: here('elements/index.ts'), formats: ['es'], fileName: () => 'design-viewer.js' },
    // Lib mode keeps whitespace for bundlers; a script tag gets a fully minified file.
    rollupOptions: { output: { codeSplitting: false, minify: true } },
  },
  worker: bundledWorker,
  plugins: [copyResources('dist/cdn')],
};

/** The demo and its samples, as static files (npm run build:demo). */
const demoSite: UserConfig = {
  root: here('demo'),
  base: './',
  resolve: { alias: [...bundleAliases, cdnResourceIndex] },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { outDir: here('dist/demo'), emptyOutDir: true, target: 'es2022' },
  worker: bundledWorker,
  plugins: [
    copyResources('dist/demo/assets'),
    {
      name: 'copy-samples',
      closeBundle() {
        mkdirSync(here('dist/demo'), { recursive: true });
        cpSync(here('demo/samples'), here('dist/demo/samples'), { recursive: true });
        if (existsSync(here('demo/samples.json'))) copyFileSync(here('demo/samples.json'), here('dist/demo/samples.json'));
      },
    },
  ],
};

/** `npm start`: the demo with live sources. */
const devServer: UserConfig = {
  root,
  server: { host: 'localhost', port: Number(process.env.PORT ?? 5173), strictPort: false, open: false },
  worker: { format: 'es' },
  appType: 'mpa',
  // The pages, and the loader worker: vite's start-up scan follows no `new Worker(new URL(…))`, so what the
  // worker imports (three's glTF, Draco and meshopt decoders) was found only once the page ran, and the
  // optimiser reloaded the page ("optimized dependencies changed") on every first visit. Scanned up front,
  // they are bundled before the first page is served.
  optimizeDeps: { entries: ['demo/index.html', 'bench/**/*.html', 'core/loaders/loader.worker.ts'] },
};

export default defineConfig(({ command, mode }) => {
  if (command === 'serve') return devServer;
  if (mode === 'cdn') return cdn;
  if (mode === 'demo') return demoSite;
  return library;
});
