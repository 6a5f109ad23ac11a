import type { Logger } from '../../viewer/Logger.js';

/** A token provider: calls back with the token and its lifetime in seconds (spec 001 §3 "Token object"). */
export type AccessTokenProvider = (onToken: (token: string, expiresInSeconds: number) => void) => void;

/** Spec 001 §7, §9: the provider is called again this long before the token expires. */
export const TOKEN_REFRESH_MARGIN_S = 60;

/** Spec 001 §8: warned when a service request has no token at all. */
export const NO_ACCESS_TOKEN_MESSAGE = 'No access token provided';

/** Spec 001 §3 "Token object" (useCookie is the endpoint's: it decides how the token travels). */
export interface AccessTokenOptions {
  accessToken?: string;
  getAccessToken?: AccessTokenProvider;
  /** Seconds between provider calls, instead of the expiry-based schedule. */
  tokenRefreshInterval?: number;
}

/**
 * The access token of one viewer: a fixed token, or one from a provider that is called again 60 s before
 * the token expires (at expiry when it lives 60 s or less). Listeners hear of every new token.
 */
export class AccessToken {
  private token: string | null = null;
  private provider: AccessTokenProvider | null = null;
  private pending: Promise<string | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private warnedMissing = false;
  private refreshInterval: number | undefined;
  private readonly listeners = new Set<(token: string | null) => void>();
  /** Calls of the provider so far. */
  refreshCount = 0;

  constructor(private readonly logger: Logger, options: AccessTokenOptions = {}) {
    this.configure(options);
  }

  configure(options: AccessTokenOptions): void {
    if (options.tokenRefreshInterval !== undefined) this.refreshInterval = options.tokenRefreshInterval;
    if (options.getAccessToken) this.setProvider(options.getAccessToken);
    else if (options.accessToken !== undefined) this.setToken(options.accessToken);
  }

  /** A fixed token (no refresh). */
  setToken(token: string | null | undefined): void {
    this.stopRefresh();
    this.provider = null;
    this.pending = null;
    this.accept(token || null);
  }

  /** A provider, called now and again before each token expires. */
  setProvider(provider: AccessTokenProvider | null | undefined): void {
    this.stopRefresh();
    this.provider = provider ?? null;
    this.pending = null;
    this.token = null;
    if (this.provider) void this.refresh();
  }

  /** The current token, waiting for the provider's first answer. */
  async getToken(): Promise<string | null> {
    if (this.pending) return this.pending;
    return this.token;
  }

  /** The token for a service request; warns once when there is none at all (spec 001 §8). */
  async require(): Promise<string | null> {
    const token = await this.getToken();
    if (!token && !this.warnedMissing) {
      this.warnedMissing = true;
      this.logger.warn(NO_ACCESS_TOKEN_MESSAGE);
    }
    return token;
  }

  onChange(listener: (token: string | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls the provider now; resolves with the new token. */
  refresh(): Promise<string | null> {
    const provider = this.provider;
    if (!provider) return Promise.resolve(this.token);
    this.stopRefresh();
    this.refreshCount++;
    const pending = new Promise<string | null>((resolve) => {
      provider((token, expiresInSeconds) => {
        if (this.provider !== provider) return resolve(null);
        this.accept(token || null);
        this.schedule(expiresInSeconds);
        resolve(this.token);
      });
    });
    this.pending = pending;
    void pending.then(() => {
      if (this.pending === pending) this.pending = null;
    });
    return pending;
  }

  dispose(): void {
    this.stopRefresh();
    this.provider = null;
    this.listeners.clear();
  }

  private accept(token: string | null): void {
    this.token = token;
    for (const listener of this.listeners) listener(token);
  }

  private schedule(expiresInSeconds: number): void {
    const lifetime = Number(expiresInSeconds);
    let delay: number;
    if (this.refreshInterval !== undefined && this.refreshInterval > 0) delay = this.refreshInterval;
    else if (!Number.isFinite(lifetime) || lifetime <= 0) return;
    else delay = lifetime > TOKEN_REFRESH_MARGIN_S ? lifetime - TOKEN_REFRESH_MARGIN_S : lifetime;
    this.timer = setTimeout(() => void this.refresh(), delay * 1000);
  }

  private stopRefresh(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
