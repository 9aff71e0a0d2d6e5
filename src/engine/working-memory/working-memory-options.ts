import { MnemoError } from "../../errors.js";
import { defaultExtractors } from "./built-in-extractors.js";
import {
  type ToolResultExtractor,
  type ToolResultExtractorFunction,
  toExtractor,
} from "./tool-result-extractor.js";

/** Caps and thresholds of a WorkingMemory; every field is optional. */
export interface WorkingMemoryOptions {
  /** Most chunks kept; the lowest-relevance ones beyond it are dropped. Default 10 (seed 003). */
  maxChunks?: number;
  /** Chunks less relevant than this are never kept. Default 0.5 (seed 003). */
  minRelevance?: number;
  /** Relevance of a page summary that gives none. Default 0.8 (seed 003). */
  pageSummaryRelevance?: number;
  /** Most characters render() returns; a kept chunk's text is cut to it too. At least 200; default 8000. */
  maxRenderCharacters?: number;
  /** The TOC tool: the default TOC extractor answers it, and the prompt names it. Default "get_toc". */
  tocToolName?: string;
  /** Tools whose result depends only on their arguments: lookupToolResult can answer them. Default none. */
  idempotentTools?: readonly string[];
  /** Most cached TOCs and tool results together (least recently used evicted). Default 100. */
  maxCacheEntries?: number;
  /** Most total size of the cache, in characters of the results' JSON. Default 1,000,000. */
  maxCacheCharacters?: number;
  /** Asked in order; the first that recognises a result handles it. Default: defaultExtractors(). */
  extractors?: readonly (ToolResultExtractor | ToolResultExtractorFunction)[];
}

export interface ResolvedWorkingMemoryOptions {
  maxChunks: number;
  minRelevance: number;
  pageSummaryRelevance: number;
  maxRenderCharacters: number;
  tocToolName: string;
  idempotentTools: readonly string[];
  maxCacheEntries: number;
  maxCacheCharacters: number;
  extractors: readonly ToolResultExtractor[];
}

const OPTION_NAMES = [
  "maxChunks",
  "minRelevance",
  "pageSummaryRelevance",
  "maxRenderCharacters",
  "tocToolName",
  "idempotentTools",
  "maxCacheEntries",
  "maxCacheCharacters",
  "extractors",
];

/** Fills in the defaults; throws MnemoError INVALID_INPUT naming the first option that is wrong. */
export function resolveWorkingMemoryOptions(
  options: WorkingMemoryOptions = {},
): ResolvedWorkingMemoryOptions {
  if (typeof options !== "object" || options === null) invalid("options", "must be an object", options);
  const unknown = Object.keys(options).find((name) => !OPTION_NAMES.includes(name));
  if (unknown !== undefined) {
    throw new MnemoError(
      "INVALID_INPUT",
      `Unknown working memory option "${unknown}"; the options are ${OPTION_NAMES.join(", ")}.`,
    );
  }
  const tocToolName = toolName("tocToolName", options.tocToolName ?? "get_toc");
  return {
    maxChunks: wholeNumber("maxChunks", options.maxChunks ?? 10, 1),
    minRelevance: finiteNumber("minRelevance", options.minRelevance ?? 0.5),
    pageSummaryRelevance: finiteNumber("pageSummaryRelevance", options.pageSummaryRelevance ?? 0.8),
    maxRenderCharacters: wholeNumber("maxRenderCharacters", options.maxRenderCharacters ?? 8000, 200),
    tocToolName,
    idempotentTools: list("idempotentTools", options.idempotentTools ?? []).map((name) =>
      toolName("idempotentTools", name),
    ),
    maxCacheEntries: wholeNumber("maxCacheEntries", options.maxCacheEntries ?? 100, 1),
    maxCacheCharacters: wholeNumber("maxCacheCharacters", options.maxCacheCharacters ?? 1_000_000, 1),
    extractors: list("extractors", options.extractors ?? defaultExtractors({ tocToolName })).map(
      (extractor) => toExtractor(checkedExtractor(extractor)),
    ),
  };
}

function wholeNumber(name: string, value: unknown, minimum: number): number {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= minimum) return value;
  return invalid(name, `must be a whole number of at least ${minimum}`, value);
}

function finiteNumber(name: string, value: unknown): number {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  return invalid(name, "must be a finite number", value);
}

function toolName(name: string, value: unknown): string {
  if (typeof value === "string" && value.trim() !== "") return value;
  return invalid(name, "must name a tool (a non-empty string)", value);
}

function list(name: string, value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value;
  return invalid(name, "must be an array", value);
}

function checkedExtractor(value: unknown): ToolResultExtractor | ToolResultExtractorFunction {
  if (typeof value === "function") return value as ToolResultExtractorFunction;
  const extract = (value as { extract?: unknown } | null)?.extract;
  if (typeof value === "object" && typeof extract === "function") return value as ToolResultExtractor;
  return invalid("extractors", "must hold functions or objects with an extract method", value);
}

function invalid(name: string, requirement: string, value: unknown): never {
  throw new MnemoError(
    "INVALID_INPUT",
    `Working memory option "${name}" ${requirement}; got ${describe(value)}. Fix it or leave it out for the default.`,
  );
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.slice(0, 40));
  if (typeof value === "number" || typeof value === "boolean" || value == null) return String(value);
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
