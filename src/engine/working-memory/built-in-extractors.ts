import type { ScoredSearchResult } from "./chunk-inputs.js";
import { metadataOf } from "./chunk-metadata.js";
import { chapterOf, chapterTitles } from "./known-chapters.js";
import { mnemoToolsExtractor } from "./mnemo-tools-extractor.js";
import type { ObservedToolCall, ToolResultExtraction, ToolResultExtractor } from "./tool-result-extractor.js";
import {
  asRecord,
  documentOf,
  listOf,
  locationOf,
  pickString,
  queryOf,
  READ_KEYS,
  scoreOf,
  sourceLabel,
  textOf,
} from "./tool-result-fields.js";

/** Which tool names a built-in extractor answers for. */
export interface BuiltInExtractorOptions {
  tools?: readonly string[];
}

/**
 * A table-of-contents tool (seed 003's get_toc): the whole result is cached as the TOC of the document
 * named in the arguments (or, failing that, in the result), and a later call for the same document is
 * answered from the cache by lookupToolResult. Its top-level titles become known chapters.
 */
export function tocExtractor(options: BuiltInExtractorOptions = {}): ToolResultExtractor {
  const tools = options.tools ?? ["get_toc"];
  return {
    name: "toc",
    extract(call) {
      if (!tools.includes(call.toolName)) return undefined;
      const document = documentOf(call.args) ?? documentOf(call.value);
      const empty = call.value === null || call.value === undefined || call.value === "";
      if (document === undefined || empty) return { tocs: [] };
      return { tocs: [{ document, toc: call.result }], chapters: chapterTitles(call.value) };
    },
    tocDocument(toolName, args) {
      return tools.includes(toolName) ? documentOf(args) : undefined;
    },
  };
}

/**
 * A search or retrieval tool whose result is a list of scored hits ({ content | text | snippet, score |
 * relevance, source | document + page }), bare or under results / chunks / items / hits / matches.
 * Hits without text or a score are skipped; the rest are gated by minRelevance like any chunk. A hit's
 * other fields are its metadata; the call's query becomes the current query.
 */
export function searchResultsExtractor(options: BuiltInExtractorOptions = {}): ToolResultExtractor {
  const tools = options.tools ?? ["smart_search", "search", "retrieve"];
  return {
    name: "search-results",
    extract(call) {
      if (!tools.includes(call.toolName)) return undefined;
      return searchExtraction(call, scoredHits(call));
    },
  };
}

/**
 * A page-reading tool (seed 003's read_page_range): its text becomes a page summary, labelled with the
 * document and pages from the arguments ("angui_2024 P85-87"), with the default page relevance (0.8)
 * unless the result carries a score.
 */
export function pageSummaryExtractor(options: BuiltInExtractorOptions = {}): ToolResultExtractor {
  const tools = options.tools ?? ["read_page_range"];
  return {
    name: "page-summary",
    extract(call) {
      if (!tools.includes(call.toolName)) return undefined;
      const content = typeof call.value === "string" ? call.value : textOf(call.value);
      if (content === undefined) return {};
      const document = documentOf(call.args) ?? documentOf(call.value);
      const location = locationOf(call.args) ?? locationOf(call.value);
      const relevance = scoreOf(call.value);
      const source = sourceLabel(document, location) ?? call.toolName;
      const metadata = metadataOf(call.value, READ_KEYS);
      const chapter = chapterOf(call.value) ?? chapterOf(call.args);
      return {
        pageSummaries: [
          {
            content,
            source,
            ...(relevance === undefined ? {} : { relevance }),
            ...(document === undefined ? {} : { document }),
            ...(location === undefined ? {} : { location }),
            ...(metadata === undefined ? {} : { metadata }),
          },
        ],
        ...(chapter === undefined ? {} : { chapters: [chapter] }),
      };
    },
  };
}

/**
 * Any tool, recognised by the shape of its result: a list of scored hits becomes search results, and
 * an object with a `toc` and a document becomes a cached TOC. Anything else is not recognised.
 */
export function genericExtractor(): ToolResultExtractor {
  return {
    name: "generic",
    extract(call) {
      const record = asRecord(call.value);
      const document = documentOf(record) ?? documentOf(call.args);
      if (record?.toc !== undefined && record.toc !== null && document !== undefined) {
        return { tocs: [{ document, toc: call.result }], chapters: chapterTitles(record) };
      }
      const searchResults = scoredHits(call);
      return searchResults.length > 0 ? searchExtraction(call, searchResults) : undefined;
    },
  };
}

/** The built-in extractors in the order they are asked: mnemo's own tools first, the generic one last. */
export function defaultExtractors(options: { tocToolName?: string } = {}): ToolResultExtractor[] {
  return [
    mnemoToolsExtractor(),
    tocExtractor({ tools: [options.tocToolName ?? "get_toc"] }),
    searchResultsExtractor(),
    pageSummaryExtractor(),
    genericExtractor(),
  ];
}

/** The hits, the chapters they name and the query they answer. */
function searchExtraction(call: ObservedToolCall, searchResults: ScoredSearchResult[]): ToolResultExtraction {
  const chapters = (listOf(call.value) ?? []).flatMap((item) => chapterOf(item) ?? []);
  const query = queryOf(call.args);
  return {
    searchResults,
    ...(chapters.length === 0 ? {} : { chapters }),
    ...(query === undefined ? {} : { query }),
  };
}

function scoredHits(call: ObservedToolCall): ScoredSearchResult[] {
  const fallbackDocument = documentOf(call.args);
  return (listOf(call.value) ?? []).flatMap((item) => {
    const content = textOf(item);
    const score = scoreOf(item);
    if (content === undefined || score === undefined) return [];
    const document = documentOf(item) ?? fallbackDocument;
    const location = locationOf(item);
    const metadata = metadataOf(item, READ_KEYS);
    return [
      {
        content,
        source: pickString(item, ["source"]) ?? sourceLabel(document, location) ?? call.toolName,
        score,
        ...(document === undefined ? {} : { document }),
        ...(location === undefined ? {} : { location }),
        ...(metadata === undefined ? {} : { metadata }),
      },
    ];
  });
}
