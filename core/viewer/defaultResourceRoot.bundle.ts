/** The folder beside the script, as a variable: bundlers follow only literal `new URL('…', import.meta.url)`s. */
const BESIDE_THE_SCRIPT = './res/';

/**
 * res/ beside the bundled script: the CDN build's (res/ is copied beside it). In the library build it is
 * only the root of files the resource index lacks; the host's bundler must not try to follow a folder
 * (Next.js's Turbopack fails the build on `new URL('./res/', import.meta.url)`), so the path is not literal.
 */
export function defaultResourceRoot(): string {
  return new URL(BESIDE_THE_SCRIPT, import.meta.url).href;
}
