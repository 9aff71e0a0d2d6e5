import type { IssuedToken, TokenGrant, TokenRegistry, TokenRequest } from "../../contracts/token-registry.js";
import {
  checkTokenRequest,
  copyGrant,
  hashToken,
  isWellFormedToken,
  newToken,
  newTokenId,
} from "../../rules/token-secrets.js";

/**
 * Tokens kept in process, by hash: for tests, and the oracle every other TokenRegistry is checked
 * against (`mnemo/testing`).
 */
export class InMemoryTokenRegistry implements TokenRegistry {
  private readonly grantsByHash = new Map<string, TokenGrant>();
  private readonly now: () => Date;

  constructor(options: { now?: () => Date } = {}) {
    this.now = options.now ?? (() => new Date());
  }

  async issue(request: TokenRequest): Promise<IssuedToken> {
    const token = newToken();
    const grant: TokenGrant = { id: newTokenId(), ...checkTokenRequest(request), createdAt: this.now() };
    this.grantsByHash.set(hashToken(token), grant);
    return { token, grant: copyGrant(grant) };
  }

  async verify(token: string): Promise<TokenGrant | undefined> {
    if (!isWellFormedToken(token)) return undefined;
    const grant = this.grantsByHash.get(hashToken(token));
    return grant && copyGrant(grant);
  }

  async list(): Promise<TokenGrant[]> {
    return [...this.grantsByHash.values()].map(copyGrant);
  }

  async revoke(tokenId: string): Promise<boolean> {
    for (const [hash, grant] of this.grantsByHash)
      if (grant.id === tokenId) return this.grantsByHash.delete(hash);
    return false;
  }
}
