import type { DocumentInfo, DocumentReader, ListOptions } from "../../contracts/document-store.js";
import { validateDocumentPath } from "../fs/safe-path.js";
import { BatchedReads } from "./batched-reads.js";
import type { LargeDocumentCache } from "./large-document-cache.js";
import { prefixEnd } from "./prefix-range.js";
import type { SqlQueryable } from "./sql-client.js";

/**
 * One home's documents read from `mnemo_documents`, through the pool or through a transaction's
 * connection (which then sees its own home as its lock holder left it). Content is kept as bytes,
 * UTF-8, so a document reads back byte for byte as it was written, NUL characters included.
 * Reads asked for at once go to the server as one query (BatchedReads). In a transaction, which
 * holds the home's lock so no other writer changes it, a listed folder is known whole: reading a
 * path the listing lacks (every memory of a bulk save into a new home) asks the server nothing.
 * With a LargeDocumentCache, a large document whose change stamp is unchanged since it was last
 * read comes from the cache: the server sends its stamp, not its bytes (MEMORY.md at 10,000
 * memories is 1 MB, read by every save).
 */
interface ListedRow {
  path: string;
  modified_at: Date;
  size: number | string;
  change_stamp: number | string;
}

/** Name prefixes looked up as ranges of the index, at most (a save looks up one a memory type). */
const MAX_PREFIX_RANGES = 16;

export class PostgresDocumentReader implements DocumentReader {
  private readonly connection: SqlQueryable;
  private readonly homeId: string;
  private readonly reads = new BatchedReads((paths) => this.fetch(paths));
  /** A recall asks for the stamps of all indexed folders at once: one query. */
  private readonly stamps = new BatchedReads((folders) => this.fetchStamps(folders));
  /** Folder -> every path in it, as listed in this transaction; undefined outside a transaction. */
  private readonly listedFolders: Map<string, Set<string>> | undefined;

  private readonly cache: LargeDocumentCache | undefined;

  constructor(
    connection: SqlQueryable,
    homeId: string,
    options: { inTransaction?: boolean; cache?: LargeDocumentCache } = {},
  ) {
    this.connection = connection;
    this.homeId = homeId;
    this.listedFolders = options.inTransaction ? new Map() : undefined;
    this.cache = options.cache;
  }

  async read(path: string): Promise<string | undefined> {
    validateDocumentPath(path);
    if (this.listedFolders?.get(folderOf(path))?.has(path) === false) return undefined;
    return this.reads.read(path);
  }

  private async fetch(paths: string[]): Promise<Map<string, string>> {
    const cache = this.cache;
    if (cache === undefined) {
      const rows = await this.connection.query<{ path: string; content: Uint8Array }>(
        "SELECT path, content FROM mnemo_documents WHERE home_id = $1 AND path = ANY($2::text[])",
        [this.homeId, paths],
      );
      return new Map(rows.map((row) => [row.path, utf8(row.content)]));
    }
    // The bytes only of the documents whose stamp is not the one the cache holds.
    const rows = await this.connection.query<{
      path: string;
      content: Uint8Array | null;
      change_stamp: string;
    }>(
      `SELECT d.path, d.change_stamp::text AS change_stamp,
         CASE WHEN d.change_stamp = known.stamp THEN NULL ELSE d.content END AS content
       FROM unnest($2::text[], $3::bigint[]) AS known(path, stamp)
       JOIN mnemo_documents d ON d.home_id = $1 AND d.path = known.path`,
      [this.homeId, paths, paths.map((path) => cache.stampOf(path) ?? null)],
      { prepare: true },
    );
    const texts = new Map<string, string>();
    for (const row of rows) {
      const stamp = String(row.change_stamp);
      const kept = row.content === null ? cache.textAt(row.path, stamp) : undefined;
      if (kept !== undefined) {
        texts.set(row.path, kept);
        continue;
      }
      // Asked without bytes for a text the cache let go of in the meantime: asked again, alone.
      const content = row.content === null ? await this.fetchOne(row.path) : { bytes: row.content, stamp };
      if (content === undefined) continue;
      const text = utf8(content.bytes);
      cache.remember(row.path, content.stamp, text, content.bytes.byteLength);
      texts.set(row.path, text);
    }
    for (const path of paths) if (!texts.has(path)) cache.forget(path);
    return texts;
  }

  private async fetchOne(path: string): Promise<{ bytes: Uint8Array; stamp: string } | undefined> {
    const [row] = await this.connection.query<{ content: Uint8Array; change_stamp: string }>(
      "SELECT content, change_stamp::text AS change_stamp FROM mnemo_documents WHERE home_id = $1 AND path = $2",
      [this.homeId, path],
    );
    return row && { bytes: row.content, stamp: String(row.change_stamp) };
  }

  async readHead(path: string, maxBytes: number): Promise<string | undefined> {
    validateDocumentPath(path);
    const [row] = await this.connection.query<{ head: Uint8Array }>(
      "SELECT substring(content FROM 1 FOR $3) AS head FROM mnemo_documents WHERE home_id = $1 AND path = $2",
      [this.homeId, path, Math.max(0, Math.floor(maxBytes))],
    );
    // A head cut inside a character ends before it.
    return row && utf8(row.head).replace(/\uFFFD$/, "");
  }

  async list(directory: string, options?: ListOptions): Promise<DocumentInfo[]> {
    if (directory !== "") validateDocumentPath(directory);
    const prefixes = options?.namePrefixes?.map((prefix) =>
      directory === "" ? prefix : `${directory}/${prefix}`,
    );
    const rows =
      prefixes === undefined ? await this.listAll(directory) : await this.listByPrefix(directory, prefixes);
    // Only a whole listing tells which paths of the folder do not exist.
    if (prefixes === undefined) this.listedFolders?.set(directory, new Set(rows.map((row) => row.path)));
    return rows
      .filter((row) => !(row.path.split("/").at(-1) ?? "").startsWith("."))
      .map((row) => ({
        path: row.path,
        modifiedAt: row.modified_at,
        size: Number(row.size),
        changeStamp: String(row.change_stamp),
      }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  private listAll(directory: string): Promise<ListedRow[]> {
    return this.connection.query<ListedRow>(
      `SELECT path, modified_at, octet_length(content) AS size, change_stamp FROM mnemo_documents
       WHERE home_id = $1 AND folder = $2`,
      [this.homeId, directory],
    );
  }

  /**
   * The folder's paths starting with one of the prefixes, each a range of the byte-order index of
   * paths (one range a prefix, OR-ed: the server reads each as its own index scan; ranges from a
   * join on unnest were planned as a pass over the folder): at 10,000 memories, filtering the whole
   * folder was 34 ms of the server's time a save (load 13), the ranges 0.05 ms.
   */
  private async listByPrefix(directory: string, prefixes: string[]): Promise<ListedRow[]> {
    const wanted = [...new Set(prefixes)];
    if (wanted.length === 0) return [];
    const ends = wanted.map(prefixEnd);
    // A prefix of no end ("" or all U+10FFFF) holds the whole folder, or nearly; many prefixes
    // would make a long statement: both listed whole.
    if (ends.includes(undefined) || wanted.length > MAX_PREFIX_RANGES) {
      const rows = await this.listAll(directory);
      return rows.filter((row) => wanted.some((prefix) => row.path.startsWith(prefix)));
    }
    const ranges = wanted.map(
      (_, at) =>
        `(path COLLATE "C" >= $${2 * at + 3} AND path COLLATE "C" < $${2 * at + 4} AND starts_with(path, $${2 * at + 3}))`,
    );
    return this.connection.query<ListedRow>(
      `SELECT path, modified_at, octet_length(content) AS size, change_stamp FROM mnemo_documents
       WHERE home_id = $1 AND folder = $2 AND (${ranges.join(" OR ")})`,
      [this.homeId, directory, ...wanted.flatMap((prefix, at) => [prefix, ends[at]])],
    );
  }

  async info(path: string): Promise<DocumentInfo | undefined> {
    validateDocumentPath(path);
    const [row] = await this.connection.query<ListedRow>(
      `SELECT path, modified_at, octet_length(content) AS size, change_stamp FROM mnemo_documents
       WHERE home_id = $1 AND path = $2`,
      [this.homeId, path],
    );
    if (row === undefined || (row.path.split("/").at(-1) ?? "").startsWith(".")) return undefined;
    return {
      path: row.path,
      modifiedAt: row.modified_at,
      size: Number(row.size),
      changeStamp: String(row.change_stamp),
    };
  }

  async folderStamp(directory: string): Promise<string | undefined> {
    // The top level always exists, as a home folder does.
    return (await this.stamps.read(directory)) ?? (directory === "" ? "0" : undefined);
  }

  private async fetchStamps(folders: string[]): Promise<Map<string, string>> {
    const rows = await this.connection.query<{ folder: string; change_stamp: number | string }>(
      "SELECT folder, change_stamp FROM mnemo_folders WHERE home_id = $1 AND folder = ANY($2::text[])",
      [this.homeId, folders],
      { prepare: true },
    );
    return new Map(rows.map((row) => [row.folder, String(row.change_stamp)]));
  }
}

export function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

function utf8(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
}
