/** res/ beside the bundled script (the CDN build and the library build). */
export function defaultResourceRoot(): string {
  return new URL(/* @vite-ignore */ './res/', import.meta.url).href;
}
