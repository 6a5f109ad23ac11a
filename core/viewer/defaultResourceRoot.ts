/** res/ at the top of the package, seen from this source file. */
export function defaultResourceRoot(): string {
  return new URL('../../res/', import.meta.url).href;
}
