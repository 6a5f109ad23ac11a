import { atom } from 'nanostores';
import type { Logger } from '../../viewer/Logger.js';
import { ErrorCode, errorCodeForHttpStatus } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { AccessToken, type AccessTokenOptions } from './AccessToken.js';
import { type ApiFlavor, chooseEnvironment, DEFAULT_API, ENVIRONMENTS, type EnvironmentConfig, isApiFlavor } from './Environments.js';
import { TokenCookie } from './TokenCookie.js';

/** How a request is authorised: headers to add, and whether cookies go with it. */
export interface Authorization {
  headers: Record<string, string>;
  withCredentials: boolean;
}

/** Spec 001 §3 "Initializer options": what configures the endpoint and its credentials. */
export interface EndpointOptions extends AccessTokenOptions {
  env?: string;
  api?: string;
  /** Root URL of the service, replacing the environment's. */
  endpoint?: string;
  /** Send cookies with service requests (and the `domain` query parameter). */
  useCredentials?: boolean;
  /** Hand the token to the service as a cookie (POST /auth/settoken) instead of a header. */
  useCookie?: boolean;
}

/**
 * Where documents come from: an environment's service root (or an explicit one), an API flavour that
 * shapes the paths (spec 001 §7), credentials, and the access token. One per viewer.
 */
export class Endpoint {
  readonly accessToken: AccessToken;
  private envName: string;
  private apiName: ApiFlavor;
  private rootOverride: string | null = null;
  private cdnRoot: Promise<string> | null = null;
  private readonly cookie: TokenCookie;
  private followsToken = false;
  useCredentials = false;
  useCookie = false;
  /** The live review servers set for this viewer (the `realtime-server` attribute); empty: the environment's. */
  readonly $realtimeServers = atom<readonly string[]>([]);

  /** A shared AccessToken makes endpoints for other services of the same viewer (see derive). */
  constructor(private readonly logger: Logger, options: EndpointOptions = {}, accessToken?: AccessToken) {
    this.envName = chooseEnvironment(options.env);
    this.apiName = this.environment.defaultApi ?? DEFAULT_API;
    this.accessToken = accessToken ?? new AccessToken(logger);
    this.cookie = new TokenCookie(() => this.getUrl('/auth/settoken'), logger);
    this.configure(options);
  }

  configure(options: EndpointOptions): void {
    if (options.env !== undefined) this.setEnvironment(options.env);
    if (options.api !== undefined) this.setApi(options.api);
    if (options.endpoint !== undefined) this.setRoot(options.endpoint);
    if (options.useCredentials !== undefined) this.useCredentials = options.useCredentials;
    if (options.useCookie !== undefined) this.useCookie = options.useCookie;
    this.accessToken.configure(options);
  }

  /** The same credentials against another root or flavour (a manifest URL of another service). */
  derive(options: Pick<EndpointOptions, 'endpoint' | 'api' | 'env'>): Endpoint {
    const copy = new Endpoint(this.logger, { env: this.envName, api: this.apiName, useCredentials: this.useCredentials, useCookie: this.useCookie }, this.accessToken);
    if (this.rootOverride) copy.setRoot(this.rootOverride);
    copy.configure(options);
    return copy;
  }

  get env(): string {
    return this.envName;
  }

  get api(): ApiFlavor {
    return this.apiName;
  }

  get environment(): EnvironmentConfig {
    return ENVIRONMENTS[this.envName];
  }

  /** The service root: the explicit one, else the environment's ('' is the page's origin). */
  get root(): string {
    const root = this.rootOverride ?? this.environment.ROOT;
    return (root || globalThis.location?.origin || '').replace(/\/+$/, '');
  }

  setEnvironment(env: string | null | undefined): void {
    const chosen = chooseEnvironment(env);
    if (chosen === this.envName) return;
    this.envName = chosen;
    this.apiName = this.environment.defaultApi ?? DEFAULT_API;
    this.cdnRoot = null;
  }

  /** Spec 001 §9: derivativeV2 (default), modelDerivativeV2 or fluent; anything else keeps the current one. */
  setApi(api: string | null | undefined): void {
    if (isApiFlavor(api)) this.apiName = api;
    else if (api) this.logger.warn(`Unknown API flavour "${api}"; using ${this.apiName}`);
    this.cdnRoot = null;
  }

  /** Live review servers, tried in turn (spec 000 §7): a space-separated list or an array; empty gives back the environment's. */
  setRealtimeServers(servers: string | readonly string[] | null | undefined): void {
    const list = typeof servers === 'string' ? servers.split(/\s+/) : (servers ?? []);
    this.$realtimeServers.set(list.map((server) => server.trim()).filter(Boolean));
  }

  /** The live review servers: those set, else the environment's realtime hosts (spec 001 §3). */
  get realtimeServers(): readonly string[] {
    const set = this.$realtimeServers.get();
    return set.length ? set : this.environment.LMV.RTC;
  }

  setRoot(root: string | null | undefined): void {
    this.rootOverride = root ? root.replace(/\/+$/, '') : null;
    this.cdnRoot = null;
  }

  /** An absolute URL under the service root. */
  getUrl(path: string): string {
    return this.withDomain(`${this.root}${path}`);
  }

  /** Spec 001 §7: the manifest of a document, by the document's urn. */
  getManifestUrl(urn: string): string {
    const id = documentId(urn);
    switch (this.apiName) {
      case 'modelDerivativeV2':
        return this.getUrl(`/modelderivative/v2/designdata/${encodeURIComponent(id)}/manifest`);
      case 'fluent':
        return this.getUrl(`/modeldata/manifest/${encodeURIComponent(id)}`);
      default:
        return this.getUrl(`/derivativeservice/v2/manifest/${encodeURIComponent(id)}`);
    }
  }

  /**
   * Spec 001 §7: a derivative file (an item) of a document. The derivative urn's path segments stay
   * segments, so that files an item refers to resolve beside it (FragmentList.pack beside 0.svf).
   */
  async getItemUrl(documentUrn: string, derivativeUrn: string): Promise<string> {
    const item = encodeDerivativeUrn(derivativeUrn);
    switch (this.apiName) {
      case 'modelDerivativeV2':
        return this.getUrl(`/modelderivative/v2/designdata/${encodeURIComponent(documentId(documentUrn))}/manifest/${item}`);
      case 'fluent':
        return this.withDomain(`${await this.getCdnRoot()}/modeldata/file/${item}`);
      default:
        return this.getUrl(`/derivativeservice/v2/derivatives/${item}`);
    }
  }

  /** Spec 001 §7: a document's thumbnail at a size (and of one viewable, by guid). */
  getThumbnailUrl(urn: string, options: { width?: number; height?: number; guid?: string } = {}): string {
    const id = encodeURIComponent(documentId(urn));
    const query = new URLSearchParams();
    if (options.guid) query.set('guid', options.guid);
    if (options.width) query.set('width', String(options.width));
    if (options.height) query.set('height', String(options.height));
    const path = this.apiName === 'modelDerivativeV2' ? `/modelderivative/v2/designdata/${id}/thumbnail` : `/derivativeservice/v2/thumbnails/${id}`;
    const search = query.toString();
    return this.getUrl(search ? `${path}?${search}` : path);
  }

  /** Spec 001 §7: with credentials, requests carry the page's origin as the `domain` query parameter. */
  withDomain(url: string): string {
    if (!this.useCredentials || !globalThis.location?.origin) return url;
    const parsed = new URL(url, globalThis.location.href);
    if (!parsed.searchParams.has('domain')) parsed.searchParams.set('domain', globalThis.location.origin);
    return parsed.href;
  }

  /** Headers and credentials for a request: the token as a cookie where the service took it, else as a header. */
  async authorize(): Promise<Authorization> {
    const token = await this.accessToken.require();
    if (this.useCookie && !this.followsToken) {
      this.followsToken = true;
      this.accessToken.onChange((next) => this.cookie.replace(next));
    }
    if (token && this.useCookie && (await this.cookie.isSet(token))) return { headers: {}, withCredentials: true };
    return { headers: token ? { Authorization: `Bearer ${token}` } : {}, withCredentials: this.useCredentials };
  }

  /**
   * Headers for a model file's requests (a .glb, .ifc or .svf the viewer loads itself): the token as a
   * bearer header when there is one, and no warning when there is none (a plain file needs none). The one
   * place the viewer builds that header, for the element and for a headless viewer alike.
   */
  async fileAuthorization(): Promise<Record<string, string>> {
    const token = await this.accessToken.getToken();
    return token ? { Authorization: `Bearer ${token}` } : {};
  }

  /** Fetches a service URL, authorised; HTTP failures become the spec's codes with the status kept. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const auth = await this.authorize();
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { ...auth.headers, ...(init.headers as Record<string, string> | undefined) },
        credentials: auth.withCredentials ? 'include' : 'same-origin',
      });
    } catch (reason) {
      throw new ViewerError(ErrorCode.NETWORK_FAILURE, `Network error while loading ${url}: ${(reason as Error)?.message ?? reason}`, 0);
    }
    if (!response.ok) {
      const detail = response.statusText || (await response.text().catch(() => '')).slice(0, 200);
      throw new ViewerError(errorCodeForHttpStatus(response.status), `Error: ${response.status} (${detail})`, response.status);
    }
    return response;
  }

  dispose(): void {
    this.accessToken.dispose();
  }

  /** Spec 001 §7, fluent: GET /cdnurl (text, no credentials) gives the root of derivative files. */
  private getCdnRoot(): Promise<string> {
    this.cdnRoot ??= fetch(`${this.root}/cdnurl`, { credentials: 'omit' })
      .then((r) => (r.ok ? r.text() : ''))
      .then((text) => text.trim().replace(/\/+$/, '') || this.root)
      .catch(() => this.root);
    return this.cdnRoot;
  }
}

/** The document id the service paths take: the urn without its "urn:" prefix. */
export function documentId(urn: string): string {
  return urn.replace(/^urn:/, '');
}

/** Each path segment of a derivative urn, encoded ("urn:a:b/output/0.svf" → "urn%3Aa%3Ab/output/0.svf"). */
export function encodeDerivativeUrn(urn: string): string {
  return urn.split('/').map(encodeURIComponent).join('/');
}
