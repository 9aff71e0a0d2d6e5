import { describeMemoryAge } from "../memdir/staleness.js";
import type { PageSummary, ScoredSearchResult } from "./chunk-inputs.js";
import type { ToolResultExtractor } from "./tool-result-extractor.js";
import { asRecord, pickNumber, pickString, queryOf } from "./tool-result-fields.js";

/**
 * mnemo's own memory tools: memory_search's hits become search-result chunks and memory_get's memory a
 * page summary (seed 003's smart_search and read_page_range). A result is recognised as runMemoryTool
 * returns it ({ ok, text, data }), as an MCP client receives it (its structuredContent) or as the data
 * alone; a failed one is recognised and nothing is kept. A typed memory is one place (its file and
 * name) whether a search found it or memory_get read it, so working memory shows it once.
 *
 * A hit's relevance is its score over the best score of the same search. mnemo's scores are only
 * comparable within one search (BM25 alone tops out at the text weight, 0.3 by default; reciprocal
 * rank fusion at about 0.03), so raw scores would never pass minRelevance; relative to the best hit,
 * the gate keeps the hits at least half as good as the best.
 */
export function mnemoToolsExtractor(): ToolResultExtractor {
  return {
    name: "mnemo-tools",
    extract(call) {
      if (call.toolName !== "memory_search" && call.toolName !== "memory_get") return undefined;
      const data = toolData(call.value);
      if (data === undefined) return {};
      if (call.toolName === "memory_search") {
        const query = queryOf(data) ?? queryOf(call.args);
        return { searchResults: searchResults(data), ...(query === undefined ? {} : { query }) };
      }
      const memory = readMemory(data);
      return { pageSummaries: memory === undefined ? [] : [memory] };
    },
  };
}

function toolData(value: unknown): Record<string, unknown> | undefined {
  const record = asRecord(value);
  if (record === undefined || typeof record.ok !== "boolean") return record;
  return record.ok ? asRecord(record.data) : undefined;
}

function searchResults(data: Record<string, unknown>): ScoredSearchResult[] {
  const hits = Array.isArray(data.hits) ? data.hits : [];
  const scored = hits.flatMap((hit) => {
    const content = pickString(hit, ["snippet"]);
    const score = pickNumber(hit, ["score"]);
    const path = pickString(hit, ["path"]);
    return content === undefined || score === undefined || path === undefined
      ? []
      : [{ hit, content, score, path }];
  });
  const best = Math.max(0, ...scored.map((each) => each.score));
  if (best <= 0) return [];
  return scored.map(({ hit, content, score, path }) => {
    const place = pickString(hit, ["place"]);
    return {
      content,
      source: sourceOf(hit, path, place),
      score: Math.max(0, score) / best,
      document: path,
      ...(place === undefined ? {} : { location: place }),
      metadata: kindAndType(hit),
    };
  });
}

function readMemory(data: Record<string, unknown>): PageSummary | undefined {
  const content = pickString(data, ["content"]);
  const path = pickString(data, ["path"]);
  if (content === undefined || path === undefined) return undefined;
  const name = pickString(data, ["name"]);
  return {
    content,
    source: sourceOf(data, path, name),
    document: path,
    // memory_search names a typed memory's place by the memory's name: the same place.
    ...(name === undefined ? {} : { location: name }),
    metadata: { kind: "memory", ...kindAndType(data) },
  };
}

/** What sort of memory it is: "memory" (typed), "section", "journal", "daily", "message"; a typed memory's type. */
function kindAndType(fields: unknown): Record<string, string> {
  const kind = pickString(fields, ["kind"]);
  const type = pickString(fields, ["type"]);
  return { ...(kind === undefined ? {} : { kind }), ...(type === undefined ? {} : { type }) };
}

/** "memories/project_freeze.md · Freeze · updated 3 days ago (may be outdated)". */
function sourceOf(fields: unknown, path: string, place: string | undefined): string {
  const days = pickNumber(fields, ["ageDays"]);
  const age = days === undefined ? undefined : describeMemoryAge(days, pickString(fields, ["staleness"]));
  return [path, place, age].filter((part) => part !== undefined && part !== "").join(" · ");
}
