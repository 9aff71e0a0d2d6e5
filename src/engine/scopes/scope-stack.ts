import { MnemoError } from "../../errors.js";
import { MEMORY_INSTRUCTIONS_PROMPT } from "../context/memory-instructions-prompt.js";
import type { Memory, SavedMemory, SaveMemoryInput } from "../memdir/memdir.js";
import type { MemoryType } from "../memdir/memory-types.js";
import type { MemoryManifestEntry, MemoryProblem } from "../memdir/scan-memories.js";
import type { MemoryHome } from "../memory-home.js";
import type { RecallQueryOptions } from "../search/home-recall.js";
import type { RecallResult } from "../search/memory-search.js";
import { composeScopedContext, type ScopedSnapshot } from "./compose-scoped-context.js";
import { mergeScopedHits, type ScopedHit } from "./merge-scoped-hits.js";
import { renderScopedContext } from "./render-scoped-context.js";
import { routeWrite, type Scope } from "./scope-names.js";
import { SCOPED_CONTEXT_PROMPT } from "./scoped-context-prompt.js";

/**
 * A stack of memory homes, nearest first (docs/scopes.md): one frozen context composed from every
 * layer within one budget, one recall across them with each hit labelled by its scope, and writes
 * routed to the layer their kind belongs to. The layers are ordinary MemoryHomes (openScopes opens
 * them); closing the stack closes them all.
 */
export interface ScopeLayer {
  scope: Scope;
  memory: MemoryHome;
  /** The layer's weight in the split of the context budget. */
  share: number;
}

export interface ScopedRecallResult {
  hits: ScopedHit[];
  /** Each layer's own result, without its hits: mode, indexing, rerank, relevance floor. */
  layers: Array<{ scope: Scope } & Omit<RecallResult, "hits">>;
}

export type ScopedSavedMemory = SavedMemory & { scope: Scope; home: string };
export type ScopedManifestEntry = MemoryManifestEntry & { scope: Scope };

export interface ScopedManifest {
  memories: ScopedManifestEntry[];
  problems: Array<MemoryProblem & { scope: Scope }>;
  total: number;
  offset: number;
  truncated: boolean;
}

export class ScopeStack {
  readonly layers: readonly ScopeLayer[];

  constructor(layers: readonly ScopeLayer[]) {
    if (layers.length === 0) throw new MnemoError("INVALID_INPUT", "A scope stack needs at least one home.");
    this.layers = layers;
  }

  get scopes(): Scope[] {
    return this.layers.map((layer) => layer.scope);
  }

  /** The home of a scope, or undefined when the stack has no such layer. */
  layer(scope: Scope): MemoryHome | undefined {
    return this.layers.find((layer) => layer.scope === scope)?.memory;
  }

  /** The home whose settings speak for the session (budget, search floor): the user's, else the nearest. */
  get sessionHome(): MemoryHome {
    return this.layer("user") ?? (this.layers[0] as ScopeLayer).memory;
  }

  /** The session's budget: the user layer's contextBudgetTokens, shared by all layers. */
  get contextBudgetTokens(): number {
    return this.sessionHome.config.contextBudgetTokens;
  }

  /** Each layer fitted to its share of the budget; only the user layer gets a default identity. */
  async contextSnapshots(options: { defaultIdentity?: boolean } = {}): Promise<ScopedSnapshot[]> {
    const identity = options.defaultIdentity !== false;
    const parts = await Promise.all(
      this.layers.map(async (layer) => ({
        scope: layer.scope,
        share: layer.share,
        ...(await layer.memory.contextParts({
          defaultIdentity: identity && layer.memory === this.sessionHome,
        })),
      })),
    );
    return composeScopedContext(parts, this.contextBudgetTokens);
  }

  /** The frozen session context of the stack: each layer's blocks labelled by scope, nearest first. */
  async context(options: { basePrompt?: string; defaultIdentity?: boolean } = {}): Promise<string> {
    return renderScopedContext(await this.contextSnapshots({ defaultIdentity: options.defaultIdentity }), {
      basePrompt: options.basePrompt ?? "",
      instructions: `${MEMORY_INSTRUCTIONS_PROMPT.trim()}\n\n${SCOPED_CONTEXT_PROMPT}`,
    });
  }

  /** One ranking across every layer (or those of `scopes`), by each hit's relevance. */
  async recall(
    query: string,
    options: RecallQueryOptions & { scopes?: readonly Scope[] } = {},
  ): Promise<ScopedRecallResult> {
    const { scopes, ...recallOptions } = options;
    const chosen = this.layers.filter((layer) => scopes === undefined || scopes.includes(layer.scope));
    const results = await Promise.all(
      chosen.map(async (layer) => ({
        scope: layer.scope,
        result: await layer.memory.recall(query, recallOptions),
      })),
    );
    const hits = mergeScopedHits(
      results.map(({ scope, result }) => ({ scope, hits: result.hits })),
      options.limit ?? Number.POSITIVE_INFINITY,
    );
    const layers = results.map(({ scope, result: { hits: _hits, ...rest } }) => ({ scope, ...rest }));
    return { hits, layers };
  }

  /** Where a write goes: the named scope, else the one of the memory's type (docs/scopes.md). */
  route(options: { type?: MemoryType; scope?: Scope }): { scope: Scope; memory: MemoryHome } {
    const scope = routeWrite({ ...options, available: this.scopes });
    const memory = scope === undefined ? undefined : this.layer(scope);
    if (scope === undefined || memory === undefined)
      throw new MnemoError(
        "INVALID_INPUT",
        `There is no ${options.scope} layer here; the layers are ${this.scopes.join(", ")}. ` +
          (options.scope === "project" ? "Create one with mnemo init --project, or " : "") +
          "choose one of them.",
      );
    return { scope, memory };
  }

  /** Saves a typed memory in the layer of its type, or of `scope`. */
  async save(input: SaveMemoryInput & { scope?: Scope }): Promise<ScopedSavedMemory> {
    const { scope: wanted, ...memoryInput } = input;
    const { scope, memory } = this.route({ type: input.type, scope: wanted });
    return { ...(await memory.memories.save(memoryInput)), scope, home: memory.home };
  }

  /** The typed memories of every layer (or those of `scopes`), newest first, each with its scope. */
  async list(
    options: {
      type?: MemoryType;
      agent?: string;
      run?: string;
      offset?: number;
      limit?: number;
      scopes?: readonly Scope[];
    } = {},
  ): Promise<ScopedManifest> {
    const offset = options.offset ?? 0;
    const limit = options.limit ?? 200;
    const { scopes } = options;
    const chosen = this.layers.filter((layer) => scopes === undefined || scopes.includes(layer.scope));
    const pages = await Promise.all(
      chosen.map(async (layer) => ({
        scope: layer.scope,
        manifest: await layer.memory.memories.list({
          type: options.type,
          agent: options.agent,
          run: options.run,
          offset: 0,
          limit: offset + limit,
        }),
      })),
    );
    const all = pages.flatMap(({ scope, manifest }) =>
      manifest.memories.map((entry) => ({ ...entry, scope })),
    );
    all.sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime());
    const total = pages.reduce((sum, page) => sum + page.manifest.total, 0);
    const memories = all.slice(offset, offset + limit);
    return {
      memories,
      problems: pages.flatMap(({ scope, manifest }) =>
        manifest.problems.map((problem) => ({ ...problem, scope })),
      ),
      total,
      offset,
      truncated: offset + memories.length < total,
    };
  }

  /** A typed memory by name: from the layer named, else the nearest layer that holds it. */
  async get(name: string, options: { scope?: Scope } = {}): Promise<Memory & { scope: Scope }> {
    const chosen = this.layers.filter(
      (layer) => options.scope === undefined || layer.scope === options.scope,
    );
    for (const layer of chosen) {
      try {
        return { ...(await layer.memory.memories.get(name)), scope: layer.scope };
      } catch (error) {
        if (!(MnemoError.isInstance(error) && error.code === "NOT_FOUND")) throw error;
      }
    }
    throw new MnemoError(
      "NOT_FOUND",
      `No layer (${chosen.map((layer) => layer.scope).join(", ")}) holds a memory named "${name}".`,
    );
  }

  /** Closes every layer's search index and model; the files need no closing. */
  async close(): Promise<void> {
    await Promise.all(this.layers.map((layer) => layer.memory.close()));
  }
}
