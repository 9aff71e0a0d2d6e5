/**
 * Bearer tokens of a multi-home server and the homes each may use. A token is shown once, when it
 * is issued; the registry keeps only its hash, so neither a copy of the storage nor `list` gives
 * anyone a usable token. Implementations: a JSON file under the root of the homes (adapters/fs),
 * in memory (the oracle of the conformance suite in `mnemo/testing`).
 */

/** What a token may do. */
export interface TokenGrant {
  /** Names the token in `list` and `revoke` ("tok_3f9a…"); not secret, not the token. */
  id: string;
  /** The homes whose memory it may read and write, validated ids, in the order given. */
  homes: string[];
  /** May create homes, and issue, list and revoke tokens (it reaches no home's memory unless listed in `homes`). */
  admin: boolean;
  /** A note for people ("support bot", "alice's laptop"). */
  label?: string;
  createdAt: Date;
  /** How the token is limited (engine/tenancy/token-rights.ts decides); absent: full rights on its homes. */
  rights?: TokenRights;
}

/** How a token is limited; absent on a token of full rights. */
export interface TokenRights {
  /** May save, update, delete or otherwise change the home. */
  write: boolean;
  /** When given, the only agents it may write as (and, with `read: "own"`, read). */
  agents?: string[];
  /** "own": only list, search and get of the memories its agents wrote (the server filters); "all": every read. */
  read: "all" | "own";
}

export interface TokenRequest {
  homes: string[];
  admin?: boolean;
  label?: string;
  rights?: TokenRights;
}

export interface IssuedToken {
  /** The secret to send as `Authorization: Bearer <token>`; never stored, never shown again. */
  token: string;
  grant: TokenGrant;
}

export interface TokenRegistry {
  /**
   * Issues a new token. Refuses (INVALID_INPUT) an invalid home id or label, and a token that
   * could do nothing (no home and not admin). Does not check that the homes exist (the caller does).
   */
  issue(request: TokenRequest): Promise<IssuedToken>;
  /** The grant of a token a client sent, or undefined for one that is unknown, revoked or malformed. */
  verify(token: string): Promise<TokenGrant | undefined>;
  /** Every grant, oldest first. */
  list(): Promise<TokenGrant[]>;
  /** Returns false when no token has this id. A revoked token is refused from the next request on, by every process. */
  revoke(tokenId: string): Promise<boolean>;
}
