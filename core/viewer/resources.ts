/**
 * The resource root (res/): every texture, cursor, locale and wasm the viewer fetches comes from it.
 * Bundled builds swap `defaultResourceRoot` for one that points beside the script (vite.config.ts).
 */
export { defaultResourceRoot } from './defaultResourceRoot.js';

/** Absolute URL of a file under the resource root. */
export function resourceUrl(root: string, path: string): string {
  return new URL(path.replace(/^\/+/, ''), ensureTrailingSlash(root)).href;
}

export function ensureTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * Spec 000 §7: resources are fetched with credentials only when the endpoint is configured for them and
 * the URL is relative or on the page's own host; otherwise anonymously.
 */
export function credentialsFor(url: string, useCredentials: boolean, pageUrl = globalThis.location?.href ?? 'http://localhost/'): RequestCredentials {
  if (!useCredentials) return 'omit';
  try {
    const isRelative = !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//');
    if (isRelative) return 'include';
    return new URL(url, pageUrl).host === new URL(pageUrl).host ? 'include' : 'omit';
  } catch {
    return 'omit';
  }
}

/** The cross-origin mode for an image fetched from `url` (the same rule as credentialsFor). */
export function crossOriginFor(url: string, useCredentials: boolean): 'use-credentials' | 'anonymous' {
  return credentialsFor(url, useCredentials) === 'include' ? 'use-credentials' : 'anonymous';
}

/** How to fetch one file of the resource root: its URL and the credentials rule of spec 000 §7. */
export interface ResourceRequest {
  url: string;
  /** For fetch(): 'include' only when configured and same-host or relative, else 'omit'. */
  credentials: RequestCredentials;
  /** For images and textures (`<img crossorigin>`, TextureLoader.setCrossOrigin): the same rule. */
  crossOrigin: 'use-credentials' | 'anonymous';
}

/**
 * The one way widgets reach a file under the resource root (textures of the view cube and the gizmo,
 * icons): its absolute URL, and whether the request may carry credentials.
 */
export function resourceRequest(root: string, path: string, useCredentials: boolean, pageUrl?: string): ResourceRequest {
  const url = resourceUrl(root, path);
  const credentials = credentialsFor(url, useCredentials, pageUrl);
  return { url, credentials, crossOrigin: credentials === 'include' ? 'use-credentials' : 'anonymous' };
}
