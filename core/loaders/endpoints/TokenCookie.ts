import type { Logger } from '../../viewer/Logger.js';

/** Spec 001 §8: warned when the server does not take the token as a cookie. */
export const COOKIE_FALLBACK_MESSAGE = 'Failed to set token in cookie. Will use header instead.';

/**
 * The token handed to one service as a cookie (spec 001 §7): POST {root}/auth/settoken with the form body
 * `access-token`, credentials included. Remembers whether the server took it; a refused or failed post is
 * warned about once per token, and the caller falls back to the Authorization header.
 */
export class TokenCookie {
  private token: string | null = null;
  private accepted: Promise<boolean> = Promise.resolve(false);

  constructor(
    private readonly url: () => string,
    private readonly logger: Logger,
  ) {}

  /** True when the server holds this token as a cookie (posting it first if needed). */
  isSet(token: string): Promise<boolean> {
    if (token !== this.token) this.post(token);
    return this.accepted;
  }

  /** A refreshed token replaces the cookie at once, once one has been set. */
  replace(token: string | null): void {
    if (token && this.token !== null && token !== this.token) this.post(token);
  }

  private post(token: string): void {
    this.token = token;
    this.accepted = this.send(token);
  }

  private async send(token: string): Promise<boolean> {
    try {
      const response = await fetch(this.url(), {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ 'access-token': token }).toString(),
      });
      if (response.ok) return true;
    } catch {
      // Unreachable server: the same fallback as a refusal.
    }
    this.logger.warn(COOKIE_FALLBACK_MESSAGE);
    return false;
  }
}
