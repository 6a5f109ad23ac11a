import { BUNDLED_RESOURCES } from './resourceIndex.js';

/**
 * The resource root (res/): every texture, cursor, locale and wasm the viewer fetches comes from it.
 * Bundled builds swap `defaultResourceRoot` for one that points beside the script (vite.config.ts).
 */
export { defaultResourceRoot } from './defaultResourceRoot.js';

/**
 * Where each file of res/ is: under the resource root the host gave (`config.resourceRoot`: it serves res/
 * itself); else where the host's bundler put it (resourceIndex.ts: the library's files are followed by
 * vite, webpack and rollup); else under the default root, beside the script (the CDN build).
 */
export class ResourceLocator {
  private readonly index: Readonly<Record<string, string>> | null;

  constructor(
    /** The resource root: the host's, or the default one. */
    readonly root: string,
    isRootGiven: boolean,
  ) {
    this.root = ensureTrailingSlash(root);
    this.index = isRootGiven ? null : BUNDLED_RESOURCES;
  }

  /** The URL of a file under res/ ("textures/viewcube-face.png"). */
  url(path: string): string {
    const clean = path.replace(/^\/+/, '');
    return this.index?.[clean] ?? resourceUrl(this.root, clean);
  }

  /** The URLs of every known file under a folder of res/ ("wasm/"), by path: for the loader worker. */
  urlsUnder(folder: string): Record<string, string> {
    const urls: Record<string, string> = {};
    for (const path of Object.keys(this.index ?? {})) if (path.startsWith(folder)) urls[path] = this.url(path);
    return urls;
  }
}

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
 * icons): its URL, and whether the request may carry credentials.
 */
export function resourceRequest(resources: ResourceLocator | string, path: string, useCredentials: boolean, pageUrl?: string): ResourceRequest {
  const url = typeof resources === 'string' ? resourceUrl(resources, path) : resources.url(path);
  const credentials = credentialsFor(url, useCredentials, pageUrl);
  return { url, credentials, crossOrigin: credentials === 'include' ? 'use-credentials' : 'anonymous' };
}
