import type { Stats } from "node:fs";
import { open, stat } from "node:fs/promises";
import { join } from "node:path";
import type { IssuedToken, TokenGrant, TokenRegistry, TokenRequest } from "../../contracts/token-registry.js";
import { errnoCode } from "../../errors.js";
import {
  checkTokenRequest,
  copyGrant,
  hashToken,
  isWellFormedToken,
  newToken,
  newTokenId,
} from "../../rules/token-secrets.js";
import { writeFileAtomic } from "./atomic-write.js";
import { acquireFileLock } from "./home-lock.js";
import { ensureHomesRoot, TOKEN_FILE, TOKENS_LOCK } from "./homes-root.js";
import { ioError } from "./io-error.js";
import { parseTokenFile, type StoredToken, serializeTokenFile } from "./token-file.js";

export interface FsTokenRegistryOptions {
  root: string;
  lockTimeoutMs: number;
  now?: () => Date;
}

interface Snapshot {
  /** Changes with every write: each one renames a new file into place (a new inode). */
  stamp: string;
  byHash: Map<string, TokenGrant>;
  tokens: StoredToken[];
}

/**
 * Tokens in `<root>/.mnemo/tokens.json` (owner-only, 0600), by hash. Changes re-read the file under
 * a lock and replace it atomically, so two processes issuing at once both keep their token.
 * `verify` re-reads the file only when it changed (one stat per request), so a token issued or
 * revoked by any process counts on the next request everywhere.
 */
export class FsTokenRegistry implements TokenRegistry {
  private readonly path: string;
  private readonly root: string;
  private readonly lockTimeoutMs: number;
  private readonly now: () => Date;
  private snapshot: Snapshot | undefined;

  constructor(options: FsTokenRegistryOptions) {
    this.root = options.root;
    this.path = join(options.root, ...TOKEN_FILE.split("/"));
    this.lockTimeoutMs = options.lockTimeoutMs;
    this.now = options.now ?? (() => new Date());
  }

  async issue(request: TokenRequest): Promise<IssuedToken> {
    const token = newToken();
    const grant: TokenGrant = { id: newTokenId(), ...checkTokenRequest(request), createdAt: this.now() };
    await this.change((tokens) => [...tokens, { hash: hashToken(token), grant }]);
    return { token, grant: copyGrant(grant) };
  }

  async verify(token: string): Promise<TokenGrant | undefined> {
    if (!isWellFormedToken(token)) return undefined;
    // A Map lookup by hash: its timing can tell at most something about a SHA-256, which is no help in forging a token.
    const grant = (await this.current()).byHash.get(hashToken(token));
    return grant && copyGrant(grant);
  }

  async list(): Promise<TokenGrant[]> {
    return (await this.current()).tokens.map(({ grant }) => copyGrant(grant));
  }

  async revoke(tokenId: string): Promise<boolean> {
    let found = false;
    await this.change((tokens) => {
      const kept = tokens.filter(({ grant }) => grant.id !== tokenId);
      found = kept.length < tokens.length;
      return kept;
    });
    return found;
  }

  /** The file as it is now: the cached parse while its stamp is unchanged. */
  private async current(): Promise<Snapshot> {
    const info = await stat(this.path).catch((error: unknown) => {
      if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return undefined;
      throw ioError(error, this.path);
    });
    if (info === undefined) return snapshotOf("missing", []);
    if (this.snapshot?.stamp === stampOf(info)) return this.snapshot;
    return this.read();
  }

  private async read(): Promise<Snapshot> {
    let text: string;
    let info: Stats;
    try {
      // Stamp and text from one open file: a write renames a new file in, this one stays as it was.
      const handle = await open(this.path, "r");
      try {
        info = await handle.stat();
        text = await handle.readFile("utf8");
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (errnoCode(error) === "ENOENT") return snapshotOf("missing", []);
      throw ioError(error, this.path);
    }
    this.snapshot = snapshotOf(stampOf(info), parseTokenFile(text, this.path));
    return this.snapshot;
  }

  private async change(edit: (tokens: StoredToken[]) => StoredToken[]): Promise<void> {
    await ensureHomesRoot(this.root);
    const release = await acquireFileLock(join(this.root, ...TOKENS_LOCK.split("/")), this.lockTimeoutMs);
    try {
      const { tokens } = await this.read();
      await writeFileAtomic(this.path, serializeTokenFile(edit(tokens)), 0o600).catch((error: unknown) => {
        throw ioError(error, this.path);
      });
    } finally {
      await release();
    }
  }
}

function snapshotOf(stamp: string, tokens: StoredToken[]): Snapshot {
  return { stamp, tokens, byHash: new Map(tokens.map(({ hash, grant }) => [hash, grant])) };
}

function stampOf(info: Stats): string {
  return `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
}
