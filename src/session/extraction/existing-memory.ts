import type { DocumentReader } from "../../contracts/document-store.js";
import { parseMemoryFile } from "../../engine/memdir/memory-file.js";
import { filePathIn, slugify, slugOfPath } from "../../engine/memdir/memory-name.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { errorMessage } from "../../errors.js";
import { MEMORIES_DIR } from "../../rules/home-layout.js";
import type { MemoryCandidate } from "./extraction-candidates.js";
import type { ExtractionLayer } from "./memories-by-layer.js";
import type { ExistingEntry, ExistingMemory } from "./reconcile.js";

/**
 * What extraction compares against: memories related to the conversation (search, or the newest
 * ones when search fails), memories similar to or named by each candidate, and the journal entries
 * of every configured journal file.
 */
const SIMILAR_PER_CANDIDATE = 5;

export async function findRelatedMemories(
  memory: MemoryHome,
  query: string,
  options: { limit: number; signal?: AbortSignal; warn: (message: string) => void },
): Promise<ExistingMemory[]> {
  if (options.limit === 0 || query.trim() === "") return [];
  try {
    const { hits } = await memory.recall(query, {
      kind: "memory",
      limit: options.limit,
      // A set for the extraction prompt, not an answer: an LLM rerank would only add a call.
      rerank: false,
      signal: options.signal,
    });
    return readMemories(
      memory.store,
      hits.map((hit) => hit.path),
      options.warn,
    );
  } catch (error) {
    options.warn(
      `finding related memories failed (${errorMessage(error)}); using the newest memories instead`,
    );
  }
  try {
    const { memories } = await memory.memories.list();
    const paths = memories.slice(0, options.limit).map((each) => each.path);
    return readMemories(memory.store, paths, options.warn);
  } catch (error) {
    options.warn(`listing memories failed (${errorMessage(error)}); extracting without existing memories`);
    return [];
  }
}

/**
 * The memories related to the conversation in each layer (memories-by-layer.ts), in the layers'
 * order, each layer's own `extraction.relatedMemories` at most, labelled by its scope on a stack.
 */
export async function findRelatedByLayer(
  layers: readonly ExtractionLayer[],
  query: string,
  options: { signal?: AbortSignal; warn: (message: string) => void },
): Promise<ExistingMemory[][]> {
  return Promise.all(
    layers.map(async ({ memory, scope }) => {
      const limit = memory.config.extraction.relatedMemories;
      const related = await findRelatedMemories(memory, query, { ...options, limit });
      return scope === undefined ? related : related.map((each) => ({ ...each, scope }));
    }),
  );
}

/** Memories that may repeat or be replaced by the candidates: found by search, or by name. */
export async function findMemoriesLike(
  memory: MemoryHome,
  candidates: MemoryCandidate[],
  options: { signal?: AbortSignal; warn: (message: string) => void },
): Promise<ExistingMemory[]> {
  const paths: string[] = [];
  for (const candidate of candidates) {
    const query = `${candidate.name} ${candidate.description} ${candidate.body}`;
    try {
      const { hits } = await memory.recall(query, {
        kind: "memory",
        limit: SIMILAR_PER_CANDIDATE,
        rerank: false, // a set of paths to compare against: one model call per candidate would buy nothing
        signal: options.signal,
      });
      paths.push(...hits.map((hit) => hit.path));
    } catch (error) {
      options.warn(`searching for memories like "${candidate.name}" failed (${errorMessage(error)})`);
      break;
    }
  }
  const names = candidates.flatMap((candidate) => [candidate.name, candidate.supersedes ?? ""]);
  return readMemories(memory.store, [...paths, ...(await pathsNamed(memory, names))], options.warn);
}

/** The memories of a home that may have one of these names: those whose file's slug is the name's. */
export async function findMemoriesNamed(
  memory: MemoryHome,
  names: string[],
  warn: (message: string) => void,
): Promise<ExistingMemory[]> {
  return readMemories(memory.store, await pathsNamed(memory, names), warn);
}

/**
 * Files whose slug is one of the names': they may hold a memory of that name (the frontmatter says);
 * and the file a name spells (`feedback_spaces`, as a supersedes may name a memory).
 */
async function pathsNamed(memory: MemoryHome, names: string[]): Promise<string[]> {
  const slugs = new Set(names.map((name) => slugify(name)));
  const files = new Set(names.map((name) => filePathIn(name)?.path));
  return (await memory.store.list(MEMORIES_DIR))
    .map((document) => document.path)
    .filter((path) => slugs.has(slugOfPath(path) ?? "") || files.has(path));
}

/** The entries of every journal file a configured category is routed to, each file read once. */
export async function readJournalEntries(memory: MemoryHome): Promise<ExistingEntry[]> {
  const categoryPerTarget = new Map<string, string>();
  for (const [category, target] of Object.entries(memory.config.categories))
    if (!categoryPerTarget.has(target)) categoryPerTarget.set(target, category);
  const entries: ExistingEntry[] = [];
  for (const category of categoryPerTarget.values()) {
    const topic = await memory.journal.readTopic(category);
    entries.push(...topic.entries.map((entry) => ({ path: topic.path, content: entry.content })));
  }
  return entries;
}

export async function readMemories(
  reader: DocumentReader,
  paths: string[],
  warn: (message: string) => void,
): Promise<ExistingMemory[]> {
  const memories: ExistingMemory[] = [];
  for (const path of new Set(paths)) {
    const text = await reader.read(path).catch((error: unknown) => {
      warn(`reading ${path} failed (${errorMessage(error)}); left out of the comparison`);
      return undefined;
    });
    if (text === undefined) continue;
    const parsed = parseMemoryFile(path, text);
    if (!parsed.ok) continue;
    const { name, type, description } = parsed.header;
    memories.push({ path, name, type, description, body: parsed.body.trim() });
  }
  return memories;
}

export function uniqueByPath(memories: ExistingMemory[]): ExistingMemory[] {
  return [...new Map(memories.map((memory) => [memory.path, memory])).values()];
}
