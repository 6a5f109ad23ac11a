import { randomBytes } from 'node:crypto';

/** A token issued by the local server's /auth/token, and when it stops being accepted. */
interface IssuedToken {
  expiresAt: number;
}

/**
 * The access tokens the local document server accepts: tokens it issued (valid until they expire) and
 * fixed tokens from its options. Stands in for an OAuth server, so token refresh runs against real HTTP.
 */
export class TokenStore {
  private readonly issued = new Map<string, IssuedToken>();

  constructor(private readonly fixedTokens: readonly string[] = []) {}

  issue(expiresInSeconds: number): { access_token: string; token_type: 'Bearer'; expires_in: number } {
    const token = `dv-${randomBytes(18).toString('base64url')}`;
    this.issued.set(token, { expiresAt: Date.now() + expiresInSeconds * 1000 });
    this.prune();
    return { access_token: token, token_type: 'Bearer', expires_in: expiresInSeconds };
  }

  isValid(token: string | null | undefined): boolean {
    if (!token) return false;
    if (this.fixedTokens.includes(token)) return true;
    const issued = this.issued.get(token);
    return issued !== undefined && issued.expiresAt > Date.now();
  }

  private prune(): void {
    const now = Date.now();
    for (const [token, { expiresAt }] of this.issued) if (expiresAt < now - 60_000) this.issued.delete(token);
  }
}
