import { canonicalJson } from "./canonical-json.js";
import { SizedLruCache, type SizedLruLimits } from "./sized-lru-cache.js";

type Entry = { kind: "toc"; document: string; value: unknown } | { kind: "result"; value: unknown };

/**
 * The session's cache of tables of contents (by document) and idempotent tool results (by tool name
 * and canonical arguments), in one SizedLruCache so that together they stay within one bound. An
 * entry's size is the characters of its key plus those of its value's JSON; a value with no JSON form
 * is not cached.
 */
export class SessionCache {
  readonly #entries: SizedLruCache<Entry>;

  constructor(limits: SizedLruLimits) {
    this.#entries = new SizedLruCache(limits);
  }

  setToc(document: string, toc: unknown): boolean {
    return this.#set(tocKey(document), { kind: "toc", document, value: toc });
  }

  hasToc(document: string): boolean {
    return this.#entries.has(tocKey(document));
  }

  getToc(document: string): unknown {
    return this.#entries.get(tocKey(document))?.value;
  }

  tocDocuments(): string[] {
    const documents = [...this.#entries.entries()].flatMap(([, entry]) =>
      entry.kind === "toc" ? [entry.document] : [],
    );
    return documents.sort();
  }

  /** False when the arguments or the result have no JSON form, or the result is larger than the cache. */
  setResult(toolName: string, args: unknown, result: unknown): boolean {
    const key = resultKey(toolName, args);
    return key !== undefined && this.#set(key, { kind: "result", value: result });
  }

  hasResult(toolName: string, args: unknown): boolean {
    const key = resultKey(toolName, args);
    return key !== undefined && this.#entries.has(key);
  }

  getResult(toolName: string, args: unknown): unknown {
    const key = resultKey(toolName, args);
    return key === undefined ? undefined : this.#entries.get(key)?.value;
  }

  clearResults(): void {
    this.#entries.deleteWhere((entry) => entry.kind === "result");
  }

  clear(): void {
    this.#entries.clear();
  }

  stats(): { tocs: number; cachedResults: number; cacheCharacters: number } {
    const tocs = this.tocDocuments().length;
    return { tocs, cachedResults: this.#entries.count - tocs, cacheCharacters: this.#entries.totalSize };
  }

  #set(key: string, entry: Entry): boolean {
    const size = jsonLength(entry.value);
    if (size === undefined) {
      this.#entries.delete(key);
      return false;
    }
    return this.#entries.set(key, entry, key.length + size);
  }
}

function tocKey(document: string): string {
  return `toc:${document}`;
}

function resultKey(toolName: string, args: unknown): string | undefined {
  const canonicalArgs = canonicalJson(args);
  return canonicalArgs === undefined ? undefined : `result:${JSON.stringify(toolName)}:${canonicalArgs}`;
}

/** Characters (UTF-16 code units) of the value's JSON text; a string counts as itself. */
function jsonLength(value: unknown): number | undefined {
  if (typeof value === "string") return value.length;
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return undefined;
  }
}
