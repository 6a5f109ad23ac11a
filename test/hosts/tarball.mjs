// The package as a host gets it: built, packed with `npm pack`, installed from the tarball into projects
// outside the repository (so nothing resolves into the repo's own node_modules), and imported in Node.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const repo = join(import.meta.dirname, '../..');

/**
 * The environment for host projects: what `npm run` sets about the repo (its package, script, prefix) does
 * not leak into them; npm's own configuration (npm_config_registry, _cache, …) does.
 */
const REPO_SCRIPT_VARIABLES = /^npm_(package_|lifecycle_|command$|config_local_prefix$)/i;
export const hostEnv = Object.fromEntries(Object.entries({ ...process.env, NEXT_TELEMETRY_DISABLED: '1' }).filter(([name]) => !REPO_SCRIPT_VARIABLES.test(name)));

/** A failed command's story: from its first line that names an error (else its last lines), colours dropped. */
function errorLines(output) {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n').filter((line) => line.trim());
  const first = lines.findIndex((line) => /error|failed/i.test(line));
  return (first >= 0 ? lines.slice(first, first + 20) : lines.slice(-20)).join('\n');
}

/** Runs a command; resolves with its output, rejects with the output's tail when it fails. */
export function sh(command, args, { cwd, env = hostEnv } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve(output);
      reject(Object.assign(new Error(`${command} ${args.join(' ')} exited with ${code}\n${errorLines(output)}`), { output }));
    });
  });
}

/** What the tarball ships ("files" in package.json): the library, the CDN script, the types, res/. */
export async function buildPackage() {
  for (const script of ['build:lib', 'build:cdn', 'build:types']) await sh('npm', ['run', script], { cwd: repo, env: process.env });
}

/** `npm pack` into `dir`; returns the tarball's path. */
export async function packPackage(dir) {
  const { name, version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  await sh('npm', ['pack', '--pack-destination', dir], { cwd: repo, env: process.env });
  return join(dir, `${name}-${version}.tgz`);
}

/** Installs the tarball (and whatever the project's package.json lists) as a host does. */
export function installTarball(projectDir, tarball) {
  return sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: projectDir });
}

/**
 * A bare Node project with only the tarball installed: both entry points import (what every SSR host
 * does first), and the installed package runs no install script.
 */
export async function checkNode(projectDir, tarball) {
  writeFileSync(join(projectDir, 'package.json'), JSON.stringify({ name: 'host-node', private: true, type: 'module' }, null, 2));
  await installTarball(projectDir, tarball);
  const checks = {};
  for (const entry of ['design-viewer', 'design-viewer/react']) {
    checks[`import('${entry}')`] = await sh('node', ['-e', `import('${entry}')`], { cwd: projectDir }).then(
      () => ({ ok: true, detail: 'imports in Node' }),
      (error) => ({ ok: false, detail: (error.output.match(/^\w*Error[^\n]*/m)?.[0] ?? error.message.split('\n')[0]).slice(0, 200) }),
    );
  }
  const { scripts = {} } = JSON.parse(readFileSync(join(projectDir, 'node_modules/design-viewer/package.json'), 'utf8'));
  const installScripts = ['preinstall', 'install', 'postinstall', 'prepare'].filter((name) => scripts[name]);
  checks['no install script'] = {
    ok: installScripts.length === 0,
    detail: installScripts.length ? installScripts.map((name) => `${name}: ${scripts[name]}`).join('; ') : 'the installed package.json has none',
  };
  return checks;
}
