import type { ScopedHit } from "../../engine/scopes/merge-scoped-hits.js";
import type { ScopedRecallResult, ScopeStack } from "../../engine/scopes/scope-stack.js";
import type { RecallResult } from "../../engine/search/memory-search.js";
import { acrossLayersTool } from "./across-layers-tool.js";
import { searchWith } from "./memory-search.js";
import { capText, type MemoryTool } from "./memory-tool.js";

/**
 * memory_search on a stack: one recall across every layer (ScopeStack.recall ranks the hits by
 * their relevance, comparable across homes), each hit labelled with its scope.
 */
export function scopedSearchTool(stack: ScopeStack, tool: MemoryTool): MemoryTool {
  return acrossLayersTool<Parameters<typeof searchWith>[1]>(
    stack,
    tool,
    "hits",
    async (scope, search, options) => {
      let hits: ScopedHit[] = [];
      const recall: Parameters<typeof searchWith>[0] = async (query, recallOptions) => {
        const result = await stack.recall(query, {
          ...recallOptions,
          scopes: scope === undefined ? undefined : [scope],
        });
        hits = result.hits;
        return asOneResult(result);
      };
      const minRelevance = stack.sessionHome.config.search.minRelevance;
      const label = (rank: number) => `[${hits[rank]?.scope}] `;
      const { text, data } = await searchWith(recall, search, { ...options, minRelevance, label });
      const labelled = data.hits.map((hit, rank) => ({ ...hit, scope: hits[rank]?.scope }));
      return { ok: true, text: capText(text), data: { ...data, hits: labelled } };
    },
  );
}

/** The layers' reports as one: the weakest mode, floors and progress summed, the first rerank and catch-up. */
function asOneResult(result: ScopedRecallResult): RecallResult {
  const { layers } = result;
  const mode =
    layers.find((layer) => layer.mode === "lexical") ?? layers.find((layer) => layer.mode === "bm25");
  const floors = layers.flatMap((layer) => (layer.relevanceFloor ? [layer.relevanceFloor] : []));
  const indexing = layers.flatMap((layer) => (layer.indexing ? [layer.indexing] : []));
  return {
    hits: result.hits,
    mode: mode?.mode ?? "hybrid",
    ...(mode?.modeReason !== undefined && { modeReason: mode.modeReason }),
    timings: { syncMs: 0, queryEmbeddingMs: 0, searchMs: 0 },
    ...(floors[0] && {
      relevanceFloor: {
        minRelevance: floors[0].minRelevance,
        below: floors.reduce((sum, floor) => sum + floor.below, 0),
      },
    }),
    ...(indexing.length > 0 && {
      indexing: {
        done: indexing.reduce((sum, each) => sum + each.done, 0),
        total: indexing.reduce((sum, each) => sum + each.total, 0),
      },
    }),
    ...pick(layers, "rerank"),
    ...pick(layers, "indexed"),
  };
}

function pick<Key extends "rerank" | "indexed">(
  layers: ScopedRecallResult["layers"],
  key: Key,
): Partial<Pick<RecallResult, Key>> {
  const found = layers.find((layer) => layer[key] !== undefined);
  return found ? ({ [key]: found[key] } as Partial<Pick<RecallResult, Key>>) : {};
}
