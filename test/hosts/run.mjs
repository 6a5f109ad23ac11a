// Host apps built from the `npm pack` tarball (issue 29): a vite + React 19 app (its production build and
// its dev server), a webpack 5 app, a server-rendered Next.js app and a plain HTML page with the CDN script,
// each installed from the registry in a folder outside the repository (so nothing resolves into the repo's
// node_modules), built for production, served, and checked in Chromium; and both entry points imported in
// Node. Prints a table per app and exits non-zero on any failure.
//
//   node test/hosts/run.mjs [--no-build] [--keep] [--app vite-react,nextjs] [--checks-after FILE]
//
// --no-build packs the dist/ that is there (CI runs it right after `npm run build`); --keep leaves the
// temporary folders (their path is printed); --checks-after installs at once, then waits for FILE to exist
// before building and checking the apps (CI installs while its tests run).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/chromium.mjs';
import { checkPage, toolbarLabels } from './checkPage.mjs';
import { serveStatic, startNext, startViteDev } from './servers.mjs';
import { buildPackage, checkNode, hostEnv, installTarball, packPackage, repo, sh } from './tarball.mjs';

const SAMPLE = join(repo, 'demo/samples/gltf/car.glb');

/**
 * Each host: its template folder here (`template`, else its name), where its model file goes (before or
 * after the build), whether it builds, its server.
 */
const APPS = [
  { name: 'vite-react', title: 'vite 8 + React 19, <DesignViewer> from design-viewer/react', models: 'public', serve: (dir) => serveStatic(join(dir, 'dist')) },
  { name: 'vite-react-dev', template: 'vite-react', title: "the same app under vite's dev server (npm run dev), no build", models: 'public', build: false, serve: (dir) => startViteDev(dir, hostEnv) },
  { name: 'webpack', title: "webpack 5, import 'design-viewer' and the tag in the HTML", models: 'dist', serve: (dir) => serveStatic(join(dir, 'dist')) },
  { name: 'nextjs', title: 'Next.js 16 App Router, rendered on the server by next start', models: 'public', serve: (dir) => startNext(dir, hostEnv), ssr: true },
  { name: 'cdn', title: 'plain HTML page, the CDN script copied from dist/cdn', models: 'dist', serve: (dir) => serveStatic(join(dir, 'dist')) },
];

const args = process.argv.slice(2);
const option = (name) => args.includes(name);
const only = args.includes('--app') ? args[args.indexOf('--app') + 1].split(',') : null;
const apps = APPS.filter((app) => !only || only.includes(app.name));

const seconds = (start) => (Date.now() - start) / 1000;
const errorText = (error) => String(error.message ?? error).split('\n').filter(Boolean).slice(0, 21).join('\n        ');

/**
 * The server's HTML holds the element with its attributes, rendered for this request: the page takes its
 * model from the query, so another query gives another `src`.
 */
async function serverHtml(url) {
  const tagFor = async (query) => (await (await fetch(new URL(query, url))).text()).match(/<design-viewer\b[^>]*>/)?.[0];
  const tag = await tagFor('/');
  if (!tag) return { ok: false, detail: 'no <design-viewer> in the server HTML' };
  const other = await tagFor('/?model=/models/other.glb');
  const ok = /\ssrc="\/models\/car\.glb"/.test(tag) && /\slanguage="de"/.test(tag) && /\ssrc="\/models\/other\.glb"/.test(other ?? '');
  return { ok, detail: `server HTML has ${tag.slice(0, 160)}; ?model=/models/other.glb renders ${other?.match(/\ssrc="[^"]*"/)?.[0].trim() ?? 'no <design-viewer>'}` };
}

function placeModel(dir, folder) {
  mkdirSync(join(dir, folder, 'models'), { recursive: true });
  cpSync(SAMPLE, join(dir, folder, 'models/car.glb'));
}

/** Copies an app's template and installs the tarball into it (npm, from the registry): network-bound, so all apps at once. */
async function installApp(app, { root, tarball }) {
  const dir = join(root, app.name);
  const row = { name: app.name, title: app.title, times: {}, checks: {} };
  cpSync(join(import.meta.dirname, app.template ?? app.name), dir, { recursive: true });
  const start = Date.now();
  try {
    await installTarball(dir, tarball);
    row.times.install = seconds(start);
  } catch (error) {
    row.times.install = seconds(start);
    row.checks.install = { ok: false, detail: errorText(error) };
  }
  return { app, dir, row };
}

/** Builds an installed app, serves it and checks it in Chromium: one app at a time (CPU and timing). */
async function checkApp({ app, dir, row }, { browser, labels }) {
  let server;
  let step = 'build';
  try {
    if (row.checks.install) return row;
    if (app.models === 'public') placeModel(dir, 'public');
    if (app.build !== false) {
      const start = Date.now();
      await sh('npm', ['run', 'build'], { cwd: dir });
      row.times.build = seconds(start);
    }
    if (app.models === 'dist') placeModel(dir, 'dist');
    step = 'serve';
    const start = Date.now();
    server = await app.serve(dir);
    if (app.ssr) row.checks['server render'] = await serverHtml(server.url);
    step = 'check';
    Object.assign(row.checks, await checkPage(browser, server.url, labels));
    row.times.check = seconds(start);
  } catch (error) {
    row.checks[step] = { ok: false, detail: errorText(error) };
  } finally {
    await server?.close();
    if (!option('--keep')) rmSync(dir, { recursive: true, force: true });
  }
  return row;
}

function printRow(row) {
  const time = (name) => (row.times[name] === undefined ? '—' : `${row.times[name].toFixed(1)} s`);
  console.log(`\n${row.name}: ${row.title}`);
  console.log(`  install ${time('install')}, build ${time('build')}, serve and check ${time('check')}`);
  const width = Math.max(...Object.keys(row.checks).map((name) => name.length));
  for (const [name, { ok, detail }] of Object.entries(row.checks)) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(width)}  ${detail}`);
}

const root = mkdtempSync(join(tmpdir(), 'design-viewer-hosts-'));
const rows = [];
let browser;
const cleanUp = () => option('--keep') || rmSync(root, { recursive: true, force: true });
process.on('SIGINT', () => (cleanUp(), process.exit(130)));
process.on('SIGTERM', () => (cleanUp(), process.exit(143)));
try {
  let start = Date.now();
  if (!option('--no-build')) await buildPackage();
  const tarball = await packPackage(root);
  console.log(`Packed ${tarball} (${seconds(start).toFixed(1)} s${option('--no-build') ? ', dist/ as built' : ', build:lib, build:cdn, build:types'}); host projects in ${root}`);

  // Every install at once (they wait on the registry, not the CPU), the bare Node project's check with them.
  start = Date.now();
  const node = { name: 'node', title: "a bare Node project: node -e \"import('…')\"", times: {}, checks: {} };
  mkdirSync(join(root, 'node'));
  const nodeCheck = checkNode(join(root, 'node'), tarball).then(
    (checks) => (node.checks = checks),
    (error) => (node.checks.install = { ok: false, detail: errorText(error) }),
  );
  const [installed] = await Promise.all([Promise.all(apps.map((app) => installApp(app, { root, tarball }))), nodeCheck]);
  node.times.install = seconds(start);
  console.log(`Installed the tarball into ${apps.length + 1} host projects at once in ${seconds(start).toFixed(1)} s`);
  rows.push(node);
  printRow(node);
  rmSync(join(root, 'node'), { recursive: true, force: true });

  // CI installs beside its tests (the installs wait on the registry) and builds and checks once they are over.
  const gate = args.includes('--checks-after') ? args[args.indexOf('--checks-after') + 1] : null;
  if (gate && !existsSync(gate)) {
    console.log(`Waiting for ${gate} before the builds and checks`);
    while (!existsSync(gate)) await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  const read = (language) => JSON.parse(readFileSync(join(repo, `res/locales/${language}/allstrings.json`), 'utf8'));
  const labels = toolbarLabels(read('en'), read('de'));
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  for (const entry of installed) {
    const row = await checkApp(entry, { browser, labels });
    rows.push(row);
    printRow(row);
  }
} finally {
  await browser?.close();
  cleanUp();
}

const all = rows.flatMap((row) => Object.values(row.checks));
const failed = all.filter((check) => !check.ok).length;
console.log('\n| host | install | build | serve + check | checks |\n|---|---|---|---|---|');
for (const row of rows) {
  const time = (name) => (row.times[name] === undefined ? '—' : `${row.times[name].toFixed(1)} s`);
  const checks = Object.entries(row.checks);
  const bad = checks.filter(([, check]) => !check.ok).map(([name]) => name);
  console.log(`| ${row.name} | ${time('install')} | ${time('build')} | ${time('check')} | ${checks.length - bad.length}/${checks.length}${bad.length ? ` (failed: ${bad.join(', ')})` : ''} |`);
}
console.log(`\nhosts: ${all.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
