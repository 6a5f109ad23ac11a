/**
 * res/ beside the bundled script: the CDN build's (res/ is copied beside it). In the library build it is
 * only the root of files the resource index lacks, and a host's bundler must not follow it as a file: webpack
 * 5 and Next.js's Turbopack follow `new URL('./res/', import.meta.url)` even through a constant (the page threw
 * "Cannot find module './res/'", the build failed), so the base is not `import.meta.url` as written.
 */
export function defaultResourceRoot(): string {
  const script = import.meta.url;
  return new URL('./res/', String(script)).href;
}
