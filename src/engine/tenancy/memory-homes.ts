import type { HomeDirectory } from "../../contracts/home-directory.js";
import type { IssuedToken, TokenGrant, TokenRegistry, TokenRequest } from "../../contracts/token-registry.js";
import { MnemoError } from "../../errors.js";
import { parseHomeId } from "../../rules/home-id.js";
import { checkTokenRequest } from "../../rules/token-secrets.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * Many memory homes behind one server: which homes exist, the tokens that reach them, and a way to
 * open one by id. Given its backends (the composition root, open-homes.ts, wires them in); what a
 * CLI command or an admin endpoint does goes through here, so both check the same things.
 */
export interface MemoryHomesParts {
  /** Where the homes are, for a person: the root folder of the file backend. */
  location: string;
  directory: HomeDirectory;
  tokens: TokenRegistry;
  /** Opens an existing home; the caller closes it. */
  openHome(homeId: string): Promise<MemoryHome>;
  /** Frees what the homes share (an embedding model). */
  close?(): Promise<void>;
}

export class MemoryHomes {
  readonly location: string;
  readonly tokens: TokenRegistry;
  private readonly parts: MemoryHomesParts;

  constructor(parts: MemoryHomesParts) {
    this.parts = parts;
    this.location = parts.location;
    this.tokens = parts.tokens;
  }

  /** Creates a home; `created` is false when it existed already. */
  async createHome(homeId: string): Promise<{ homeId: string; created: boolean }> {
    return { homeId, created: await this.parts.directory.create(homeId) };
  }

  listHomes(): Promise<string[]> {
    return this.parts.directory.list();
  }

  /** Opens a home (closed by the caller); NOT_FOUND when there is no such home. */
  async openHome(homeId: string): Promise<MemoryHome> {
    const id = parseHomeId(homeId);
    if (!(await this.parts.directory.exists(id)))
      throw new MnemoError("NOT_FOUND", `There is no memory home "${id}" in ${this.location}.`);
    return this.parts.openHome(id);
  }

  /** Issues a token for existing homes only: a token for a home that does not exist yet is refused. */
  async issueToken(request: TokenRequest): Promise<IssuedToken> {
    const checked = checkTokenRequest(request);
    for (const home of checked.homes)
      if (!(await this.parts.directory.exists(home)))
        throw new MnemoError(
          "NOT_FOUND",
          `There is no memory home "${home}" in ${this.location}: create it first (mnemo homes create, or POST /v1/admin/homes).`,
        );
    return this.parts.tokens.issue(checked);
  }

  listTokens(): Promise<TokenGrant[]> {
    return this.parts.tokens.list();
  }

  async revokeToken(tokenId: string): Promise<void> {
    if (!(await this.parts.tokens.revoke(tokenId)))
      throw new MnemoError(
        "NOT_FOUND",
        `There is no token with id "${tokenId}"; list them with mnemo tokens list.`,
      );
  }

  verifyToken(token: string): Promise<TokenGrant | undefined> {
    return this.parts.tokens.verify(token);
  }

  /** Frees what the homes share; homes opened with openHome are closed by whoever opened them. */
  async close(): Promise<void> {
    await this.parts.close?.();
  }
}
