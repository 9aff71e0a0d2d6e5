/**
 * Session working memory (seed 003, GridCode's AgentMemory, generalised): what an agent already fetched
 * in this session, so it does not fetch it again and can still use it a few reasoning steps later.
 * In-process only: nothing is read or written on disk, and it is gone when the session ends.
 *
 * How an agent uses it:
 * 1. Feed it every tool result: `memory.observeToolResult(name, args, result)`. Extractors recognise
 *    the results they know (a table of contents, scored search hits, pages read; pass your own for other
 *    tools) and keep them; anything else is ignored, never thrown.
 * 2. Before calling a tool, ask `memory.lookupToolResult(name, args)`. It answers a call to a tool
 *    declared in `idempotentTools` with the same arguments (in any key order) seen earlier in the
 *    session, and a get_toc call for a document whose TOC is cached. On an answer, skip the call.
 * 3. Rebuild the system prompt each turn: the frozen memory block first (it never changes within a
 *    session, so the prefix stays cacheable), then `memory.render()`, the volatile part, last.
 * 4. On a new user question call `forgetToolResults()` when the tools read what others may change
 *    (chunks stay: seed 003 keeps what was retrieved for the whole session); `clearQueryContext()` when
 *    what was retrieved no longer holds (after a write); on /clear or a new task, `reset()`.
 *
 * Besides TOCs and chunks it keeps seed 003's known_chapters (the chapters the TOCs and hits named:
 * document structure, kept like the TOC cache) and current_query (what the last search was asked:
 * part of the query context), both shown in the rendered blocks.
 *
 * Memory is bounded however long the session: at most maxChunks chunks of at most maxRenderCharacters
 * each, and one cache of TOCs and idempotent results holding at most maxCacheEntries entries and
 * maxCacheCharacters characters, the least recently used evicted first.
 *
 * @example
 * const memory = new WorkingMemory({ idempotentTools: ["read_page_range"] });
 * const cached = memory.lookupToolResult(call.name, call.args);
 * const result = cached ? cached.result : await runTool(call.name, call.args);
 * memory.observeToolResult(call.name, call.args, result);
 * const systemPrompt = [frozenBlock, memory.render()].filter(Boolean).join("\n\n");
 */
import { MnemoError } from "../../errors.js";
import {
  chunkInputProblem,
  type PageSummary,
  pageSummaryChunk,
  pageSummaryProblem,
  type ScoredSearchResult,
  searchResultChunk,
  searchResultProblem,
} from "./chunk-inputs.js";
import { type ContentChunk, type ContentChunkInput, insertChunk, makeChunk } from "./content-chunks.js";
import { addChapters } from "./known-chapters.js";
import { renderWorkingMemory } from "./render-working-memory.js";
import { SessionCache } from "./session-cache.js";
import { applyExtraction, observeWith } from "./tool-observation.js";
import { parseToolArguments } from "./tool-result-fields.js";
import {
  type ResolvedWorkingMemoryOptions,
  resolveWorkingMemoryOptions,
  type WorkingMemoryOptions,
} from "./working-memory-options.js";

/** What observeToolResult did with one result (seed 003 logs the same facts). */
export interface ToolObservation {
  /** The extractor that recognised the result; undefined when none did and it was ignored. */
  extractor: string | undefined;
  /** Documents whose TOC was cached. */
  tocsCached: string[];
  /** Chunks, search results and page summaries that made it into the chunk list. */
  chunksKept: number;
  /** Whether the result was kept for lookupToolResult (an idempotent tool whose result fit the cache). */
  resultCached: boolean;
}

/** A tool result answered from memory instead of calling the tool again. */
export interface CachedToolResult {
  result: unknown;
  from: "tool-results" | "toc-cache";
}

export interface WorkingMemoryStats {
  chunks: number;
  tocs: number;
  knownChapters: number;
  cachedResults: number;
  /** Characters the cache of TOCs and results holds, out of maxCacheCharacters. */
  cacheCharacters: number;
}

export class WorkingMemory {
  readonly options: ResolvedWorkingMemoryOptions;
  readonly #cache: SessionCache;
  #chunks: ContentChunk[] = [];
  #recency = 0;
  #knownChapters: string[] = [];
  #currentQuery: string | undefined;

  /** Throws MnemoError INVALID_INPUT naming the option when an option is wrong. */
  constructor(options: WorkingMemoryOptions = {}) {
    this.options = resolveWorkingMemoryOptions(options);
    this.#cache = new SessionCache({
      maxEntries: this.options.maxCacheEntries,
      maxSize: this.options.maxCacheCharacters,
    });
  }

  /** Caches a document's table of contents; false when it has no JSON form or is larger than the cache. */
  cacheToc(document: string, toc: unknown): boolean {
    requireDocument(document);
    if (toc === undefined || toc === null) {
      throw new MnemoError("INVALID_INPUT", `The table of contents of "${document}" is empty; give the TOC.`);
    }
    return this.#cache.setToc(document, toc);
  }

  getToc(document: string): unknown {
    return this.#cache.getToc(document);
  }

  hasToc(document: string): boolean {
    return this.#cache.hasToc(document);
  }

  /** Documents whose TOC is cached, sorted. */
  tocDocuments(): string[] {
    return this.#cache.tocDocuments();
  }

  /** Keeps a chunk if it is relevant enough; true when it is in the chunk list afterwards. */
  addChunk(input: ContentChunkInput): boolean {
    requireValid("chunk", chunkInputProblem(input));
    const chunk = makeChunk(input, {
      recency: ++this.#recency,
      maxCharacters: this.options.maxRenderCharacters,
    });
    if (chunk === undefined) return false;
    this.#chunks = insertChunk(this.#chunks, chunk, this.options);
    return this.#chunks.some((kept) => kept.key === chunk.key);
  }

  /** Keeps the hits scored at least minRelevance; returns how many are in the chunk list afterwards. */
  addSearchResults(results: readonly ScoredSearchResult[]): number {
    for (const result of results) requireValid("search result", searchResultProblem(result));
    return results.filter((result) => this.addChunk(searchResultChunk(result))).length;
  }

  addPageSummary(summary: PageSummary): boolean {
    requireValid("page summary", pageSummaryProblem(summary));
    return this.addChunk(pageSummaryChunk(summary, this.options.pageSummaryRelevance));
  }

  /** Adds chapters to the known ones (the newest 50 are kept); returns how many were new. */
  addKnownChapters(chapters: readonly string[]): number {
    if (!Array.isArray(chapters))
      throw new MnemoError("INVALID_INPUT", "Known chapters must be given as an array of strings.");
    const next = addChapters(this.#knownChapters, chapters);
    const added = next.filter((chapter) => !this.#knownChapters.includes(chapter)).length;
    this.#knownChapters = next;
    return added;
  }

  /** Chapters of the documents seen so far, oldest first. */
  knownChapters(): string[] {
    return [...this.#knownChapters];
  }

  /** What the agent is looking for now; the search tools' queries set it. */
  setCurrentQuery(query: string): void {
    if (typeof query !== "string")
      throw new MnemoError("INVALID_INPUT", "The current query must be a string.");
    const trimmed = query.trim();
    this.#currentQuery = trimmed === "" ? undefined : trimmed;
  }

  currentQuery(): string | undefined {
    return this.#currentQuery;
  }

  /** The chunks, most relevant first (ties: most recently seen first). */
  chunks(): readonly ContentChunk[] {
    return [...this.#chunks];
  }

  /**
   * Tells working memory about a finished tool call. Never throws for a result of any shape (only a
   * custom extractor that throws can make it throw); an unrecognised or failed ({ isError: true }) result
   * is ignored.
   */
  observeToolResult(toolName: string, args: unknown, result: unknown): ToolObservation {
    const observed = observeWith(this.options.extractors, toolName, args, result);
    const report = applyExtraction(this, observed.extraction);
    const resultCached =
      observed.call !== undefined &&
      this.options.idempotentTools.includes(toolName) &&
      this.#cache.setResult(toolName, observed.call.args, result);
    return { extractor: observed.extractor, ...report, resultCached };
  }

  /** The result of an identical earlier call, or a cached TOC; undefined when the tool must be called. */
  lookupToolResult(toolName: string, args: unknown): CachedToolResult | undefined {
    const parsedArgs = parseToolArguments(args);
    if (this.options.idempotentTools.includes(toolName) && this.#cache.hasResult(toolName, parsedArgs)) {
      return { result: this.#cache.getResult(toolName, parsedArgs), from: "tool-results" };
    }
    for (const extractor of this.options.extractors) {
      const document = extractor.tocDocument?.(toolName, parsedArgs);
      if (document !== undefined && this.hasToc(document)) {
        return { result: this.getToc(document), from: "toc-cache" };
      }
    }
    return undefined;
  }

  /** The "already cached" and "already retrieved" blocks for the system prompt; "" when both are empty. */
  render(): string {
    return renderWorkingMemory(
      {
        tocDocuments: this.tocDocuments(),
        chunks: this.#chunks,
        knownChapters: this.#knownChapters,
        currentQuery: this.#currentQuery,
      },
      { maxCharacters: this.options.maxRenderCharacters, tocToolName: this.options.tocToolName },
    );
  }

  /** Forgets the cached tool results, so lookupToolResult answers none; keeps chunks and TOCs. */
  forgetToolResults(): void {
    this.#cache.clearResults();
  }

  /**
   * Forgets the current question's context: chunks, cached tool results and the current query; keeps
   * the TOC cache and the known chapters (seed 003: clear_query_context keeps the document structure).
   */
  clearQueryContext(): void {
    this.#chunks = [];
    this.#cache.clearResults();
    this.#currentQuery = undefined;
  }

  /** Forgets everything. */
  reset(): void {
    this.clearQueryContext();
    this.#cache.clear();
    this.#knownChapters = [];
    this.#recency = 0;
  }

  stats(): WorkingMemoryStats {
    const { tocs, cachedResults, cacheCharacters } = this.#cache.stats();
    return {
      chunks: this.#chunks.length,
      tocs,
      knownChapters: this.#knownChapters.length,
      cachedResults,
      cacheCharacters,
    };
  }
}

function requireDocument(document: unknown): void {
  if (typeof document !== "string" || document.trim() === "") {
    throw new MnemoError("INVALID_INPUT", "The document of a table of contents must be a non-empty string.");
  }
}

function requireValid(what: string, problem: string | undefined): void {
  if (problem !== undefined) {
    throw new MnemoError("INVALID_INPUT", `Cannot keep the ${what}: ${problem}.`);
  }
}
