import { z } from "zod";
import type { DocumentInfo } from "../../contracts/document-store.js";
import { MnemoError } from "../../errors.js";
import { MEMORIES_DIR } from "../../rules/home-layout.js";
import type { HomeContext } from "../home/home-context.js";
import { checkAuthor, matchesAuthor } from "./memory-author.js";
import { type MemoryHeader, parseMemoryFile } from "./memory-file.js";
import { HEAD_BYTES, hasClosedFrontmatter, readMemoryHead } from "./memory-lookup.js";
import { type MemoryType, parseMemoryType } from "./memory-types.js";
import { memoryAgeDays, stalenessNote } from "./staleness.js";

/** The manifest of seed 001: typed memories newest first, read from the heads of their files only. */
export interface MemoryManifestEntry extends MemoryHeader {
  modifiedAt: Date;
  /** Whole days since the memory was updated (or its file modified). */
  ageDays: number;
  staleness: string | undefined;
}

export const memoryProblemSchema = z.object({
  path: z.string(),
  line: z.number().int(),
  problem: z.string(),
});

/** A memory file whose frontmatter does not parse; defined by its schema, which memory_list declares. */
export type MemoryProblem = z.output<typeof memoryProblemSchema>;

export interface MemoryManifest {
  /** The page asked for: at most `limit` memories from `offset`. */
  memories: MemoryManifestEntry[];
  problems: MemoryProblem[];
  /** Memory files in all (with a type: memories of that type), of which this is a page. */
  total: number;
  offset: number;
  /** More memories after this page: ask again from offset + limit. */
  truncated: boolean;
}

export interface ListMemoriesOptions {
  type?: MemoryType;
  /** Only memories whose last version this agent wrote (their frontmatter's `agent`). */
  agent?: string;
  /** Only memories whose last version was written in this run (their frontmatter's `run`). */
  run?: string;
  /** How many of the newest to skip. Default 0. */
  offset?: number;
  /** Most memories returned. Default MAX_SCAN_FILES. */
  limit?: number;
}

/** The default page: the heads of this many files are read. */
export const MAX_SCAN_FILES = 200;
/** Heads read at once when a type filter needs every file's frontmatter. */
const READ_BATCH = 32;

/**
 * Without a type, only the heads of the page's files are read (a page counts files, so a file that
 * does not parse takes its place as a problem). A type, agent or run is in the frontmatter, so with
 * one every file's head is read to count the memories that match; files that do not parse are left out.
 */
export async function scanMemories(
  home: HomeContext,
  options: ListMemoriesOptions = {},
): Promise<MemoryManifest> {
  const type = options.type === undefined ? undefined : parseMemoryType(String(options.type));
  const author = checkAuthor({ agent: options.agent, run: options.run });
  const filtered = type !== undefined || author.agent !== undefined || author.run !== undefined;
  const offset = wholeNumber("offset", options.offset ?? 0, 0);
  const limit = wholeNumber("limit", options.limit ?? MAX_SCAN_FILES, 1);
  const documents = (await home.store.list(MEMORIES_DIR))
    .filter((document) => document.path.endsWith(".md"))
    .sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime() || a.path.localeCompare(b.path));
  const scanned = filtered ? documents : documents.slice(offset, offset + limit);
  const read = await readEntries(home, scanned);
  for (const problem of read.problems)
    home.warn(`${home.store.locate(problem.path)} line ${problem.line}: ${problem.problem}; skipped`);
  if (!filtered) {
    const total = documents.length;
    return { ...read, total, offset, truncated: offset + limit < total };
  }
  const ofType = read.memories.filter(
    (entry) => (type === undefined || entry.type === type) && matchesAuthor(entry, author),
  );
  const memories = ofType.slice(offset, offset + limit);
  return {
    memories,
    problems: read.problems,
    total: ofType.length,
    offset,
    truncated: offset + limit < ofType.length,
  };
}

/** How old a memory is, and its staleness note when older than a day. */
export interface MemoryAge {
  ageDays: number;
  staleness: string | undefined;
}

/** The age of a memory updated at `updated` (its frontmatter's time, as the search index keeps it). */
export function memoryAgeOf(updated: string, now: Date): MemoryAge {
  return { ageDays: memoryAgeDays(updated, now, now), staleness: stalenessNote(updated, now, now) };
}

/**
 * The ages of the typed memories at `paths` (search hits), from each file's head; a file is
 * stat'd only when it has no `updated` time. Paths that do not parse are left out.
 */
export async function memoryAges(
  home: HomeContext,
  paths: readonly string[],
): Promise<Map<string, MemoryAge>> {
  const ages = new Map<string, MemoryAge>();
  const now = home.now();
  // In parallel: a recall's hits are read while the search's own latency is a millisecond or two.
  await Promise.all(
    [...new Set(paths)].map(async (path) => {
      const parsed = await readMemoryHead(home.store, path);
      if (!parsed.ok) return;
      const { updated } = parsed.header;
      // Only a memory without `updated` (written by hand) needs its file's time: one stat, not a
      // listing of the folder (10 ms per recall with 10,000 memories).
      const modifiedAt = updated === undefined ? ((await home.store.info(path))?.modifiedAt ?? now) : now;
      ages.set(path, {
        ageDays: memoryAgeDays(updated, modifiedAt, now),
        staleness: stalenessNote(updated, modifiedAt, now),
      });
    }),
  );
  return ages;
}

async function readEntries(
  home: HomeContext,
  documents: readonly DocumentInfo[],
): Promise<{ memories: MemoryManifestEntry[]; problems: MemoryProblem[] }> {
  const memories: MemoryManifestEntry[] = [];
  const problems: MemoryProblem[] = [];
  const now = home.now();
  for (let start = 0; start < documents.length; start += READ_BATCH) {
    const batch = documents.slice(start, start + READ_BATCH);
    const texts = await Promise.all(batch.map((document) => readHeadText(home, document)));
    batch.forEach((document, index) => {
      const parsed = parseMemoryFile(document.path, texts[index] ?? "");
      if (!parsed.ok) {
        problems.push({ path: document.path, line: parsed.line, problem: parsed.problem });
        return;
      }
      const { updated } = parsed.header;
      memories.push({
        ...parsed.header,
        modifiedAt: document.modifiedAt,
        ageDays: memoryAgeDays(updated, document.modifiedAt, now),
        staleness: stalenessNote(updated, document.modifiedAt, now),
      });
    });
  }
  return { memories, problems };
}

async function readHeadText(home: HomeContext, document: DocumentInfo): Promise<string> {
  const head = (await home.store.readHead(document.path, HEAD_BYTES)) ?? "";
  if (document.size <= HEAD_BYTES || hasClosedFrontmatter(head)) return head;
  return (await home.store.read(document.path)) ?? "";
}

function wholeNumber(name: string, value: unknown, minimum: number): number {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= minimum) return value;
  throw new MnemoError(
    "INVALID_INPUT",
    `Listing memories: "${name}" must be a whole number of at least ${minimum}, not ${JSON.stringify(value)}.`,
  );
}
