/**
 * The tokens of a server of many homes, as rows: `mnemo_tokens` (one per token, by the SHA-256 of
 * its secret, never the secret) and `mnemo_token_homes` (keyed by home first: the homes each token
 * may use, in order). There is no cache: `verify` is one indexed query per request, so a token
 * issued or revoked through any server process counts on the next request to every other one.
 */
import type { IssuedToken, TokenGrant, TokenRegistry, TokenRequest } from "../../contracts/token-registry.js";
import {
  checkTokenRequest,
  checkTokenRights,
  hashToken,
  isWellFormedToken,
  newToken,
  newTokenId,
} from "../../rules/token-secrets.js";
import { preparePostgresSchema } from "./postgres-schema.js";
import type { SqlClient } from "./sql-client.js";

export interface PostgresTokenRegistryOptions {
  client: SqlClient;
  now?: () => Date;
}

interface GrantRow {
  token_id: string;
  admin: boolean;
  label: string | null;
  created_at: Date | string;
  homes: string[];
  rights: unknown;
}

const GRANTS = `
  SELECT t.token_id, t.admin, t.label, t.created_at, t.rights,
         coalesce(array_agg(h.home_id ORDER BY h.position) FILTER (WHERE h.home_id IS NOT NULL), '{}') AS homes
  FROM mnemo_tokens t LEFT JOIN mnemo_token_homes h ON h.token_id = t.token_id`;

export class PostgresTokenRegistry implements TokenRegistry {
  private readonly client: SqlClient;
  private readonly now: () => Date;

  constructor(options: PostgresTokenRegistryOptions) {
    this.client = options.client;
    this.now = options.now ?? (() => new Date());
  }

  async issue(request: TokenRequest): Promise<IssuedToken> {
    const token = newToken();
    const grant: TokenGrant = { id: newTokenId(), ...checkTokenRequest(request), createdAt: this.now() };
    await preparePostgresSchema(this.client);
    await this.client.transaction(async (connection) => {
      await connection.query(
        "INSERT INTO mnemo_tokens (token_id, token_hash, admin, label, created_at, rights) VALUES ($1, $2, $3, $4, $5, $6)",
        [
          grant.id,
          hashToken(token),
          grant.admin,
          grant.label ?? null,
          grant.createdAt,
          grant.rights === undefined ? null : JSON.stringify(grant.rights),
        ],
      );
      if (grant.homes.length > 0)
        await connection.query(
          `INSERT INTO mnemo_token_homes (home_id, token_id, position)
           SELECT home, $2, position - 1 FROM unnest($1::text[]) WITH ORDINALITY AS given (home, position)`,
          [grant.homes, grant.id],
        );
    });
    return { token, grant: { ...grant, homes: [...grant.homes] } };
  }

  async verify(token: string): Promise<TokenGrant | undefined> {
    if (!isWellFormedToken(token)) return undefined;
    await preparePostgresSchema(this.client);
    const [row] = await this.client.query<GrantRow>(`${GRANTS} WHERE t.token_hash = $1 GROUP BY t.token_id`, [
      hashToken(token),
    ]);
    return row && grantOf(row);
  }

  async list(): Promise<TokenGrant[]> {
    await preparePostgresSchema(this.client);
    const rows = await this.client.query<GrantRow>(`${GRANTS} GROUP BY t.token_id ORDER BY t.issued_order`);
    return rows.map(grantOf);
  }

  async revoke(tokenId: string): Promise<boolean> {
    await preparePostgresSchema(this.client);
    const deleted = await this.client.query(
      "DELETE FROM mnemo_tokens WHERE token_id = $1 RETURNING token_id",
      [tokenId],
    );
    return deleted.length > 0;
  }
}

function grantOf(row: GrantRow): TokenGrant {
  const grant: TokenGrant = {
    id: row.token_id,
    homes: [...row.homes],
    admin: row.admin,
    createdAt: new Date(row.created_at),
  };
  if (row.label !== null) grant.label = row.label;
  // A row edited by hand into nonsense is refused (INVALID_INPUT names the field), never read as full rights.
  const rights = checkTokenRights(row.rights);
  if (rights !== undefined) grant.rights = rights;
  return grant;
}
