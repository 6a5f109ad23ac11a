import { readFileSync, readdirSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from '../test/support/chromium.mjs';
import { type Browser, chromium, type Page } from 'playwright-core';

/** The test run's Chromium flags, plus precise memory figures and a callable GC for the measurements. */
export const CHROMIUM_ARGS = [...chromiumArgs, '--enable-precise-memory-info', '--js-flags=--expose-gc'];

export { chromiumPath };

/** Launches a fresh browser; a marker switch lets us find its processes for RSS. */
export async function launch(marker: string, extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs, `--bench-marker=${marker}`],
  });
}

/**
 * Starts the browser's GPU process with a throwaway page, as it is in a browser that is already running:
 * a fresh browser starts it with its first page, blocking that page's main thread for some 350 ms (the
 * compositor waits for it), which would be counted as the loading page's first figures.
 */
export async function warmGpuProcess(browser: Browser): Promise<void> {
  const page = await browser.newPage();
  await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2')!;
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  });
  await page.close();
}

/**
 * Opens a bench page of the given canvas size in a warmed browser and waits until it sets `window[ready]`:
 * its page errors, console errors and failed requests are collected as it runs (`problems`); a time-out or a
 * crash rejects with the time it took and the first problems.
 */
export async function openBenchPage(browser: Browser, pageUrl: string, options: { width: number; height: number; timeoutMs: number; ready: string }): Promise<{ page: Page; problems: string[] }> {
  await warmGpuProcess(browser);
  const page = await browser.newPage({ viewport: { width: options.width + 40, height: options.height + 40 } });
  page.setDefaultTimeout(options.timeoutMs);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && problems.push(`${m.text()} ${m.location().url}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  const crashed = new Promise<never>((_, reject) => page.on('crash', () => reject(new Error('the page crashed'))));
  const started = performance.now();
  await page.goto(pageUrl, { waitUntil: 'commit' });
  const loaded = page.waitForFunction((name) => (window as unknown as Record<string, unknown>)[name] !== undefined, options.ready, { timeout: options.timeoutMs, polling: 50 });
  await Promise.race([loaded, crashed]).catch((e: Error) => {
    throw new Error(`${e.message.split('\n')[0]} after ${((performance.now() - started) / 1000).toFixed(0)} s${problems.length ? ` (${problems.slice(0, 3).join('; ')})` : ''}`);
  });
  return { page, problems };
}

/** The WebGL renderer the bench's browser draws with (SwiftShader here; a GPU's name on a machine with one). */
export async function webglRendererName(): Promise<string> {
  const browser = await launch('renderer-name');
  try {
    const page = await browser.newPage();
    return await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return gl ? String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER)) : 'no WebGL2';
    });
  } finally {
    await browser.close();
  }
}

interface ProcessEntry {
  pid: number;
  ppid: number;
  cmdline: string;
}

function processTable(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      entries.push({ pid: Number(name), ppid, cmdline });
    } catch {
      // The process ended while we looked.
    }
  }
  return entries;
}

function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** RSS of the renderer and GPU processes of the browser launched with this marker. */
export function rendererAndGpuRss(marker: string): { renderer: number; gpu: number } {
  const table = processTable();
  const root = table.find((p) => p.cmdline.includes(`--bench-marker=${marker}`) && !p.cmdline.includes('--type='));
  if (!root) return { renderer: 0, gpu: 0 };
  const descendants = new Set<number>([root.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of table) {
      if (!descendants.has(p.pid) && descendants.has(p.ppid)) {
        descendants.add(p.pid);
        grew = true;
      }
    }
  }
  let renderer = 0;
  let gpu = 0;
  for (const p of table) {
    if (!descendants.has(p.pid)) continue;
    if (p.cmdline.includes('--type=renderer') && !p.cmdline.includes('--extension-process')) renderer += rssBytes(p.pid);
    if (p.cmdline.includes('--type=gpu-process')) gpu += rssBytes(p.pid);
  }
  return { renderer, gpu };
}
