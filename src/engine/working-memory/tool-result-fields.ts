/**
 * Careful readers for tool arguments and results of unknown shape: they never throw, and answer
 * undefined (or nothing) for anything they do not recognise.
 */

/** Text tool results longer than this are not parsed as JSON (they stay text). */
const MAX_PARSED_CHARACTERS = 1_000_000;

const DOCUMENT_KEYS = ["document", "document_id", "documentId", "doc_id", "reg_id", "regulation_id"];
const TEXT_KEYS = ["content", "text", "snippet", "chunk", "page_content", "summary"];
const SCORE_KEYS = ["score", "relevance", "relevance_score", "similarity"];
const LIST_KEYS = ["results", "chunks", "items", "hits", "matches"];
const START_PAGE_KEYS = ["start_page", "page_start", "from_page"];
const END_PAGE_KEYS = ["end_page", "page_end", "to_page"];
const PAGE_KEYS = ["page", "page_num", "page_number"];
const LOCATION_KEYS = ["location", "section", "heading", "lines"];
const QUERY_KEYS = ["query", "q", "question", "search_query", "keywords"];
/** The fields the readers below take an item's text, score, document, location and label from. */
export const READ_KEYS = [
  ...DOCUMENT_KEYS,
  ...TEXT_KEYS,
  ...SCORE_KEYS,
  ...START_PAGE_KEYS,
  ...END_PAGE_KEYS,
  ...PAGE_KEYS,
  ...LOCATION_KEYS,
  "source",
];

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * A tool's arguments or result as data: JSON text is parsed (tool-call arguments and many tool results
 * arrive as text), a successful memory tool result (`{ ok: true, text, data }`, as an AgentSession's
 * tools return it) becomes its data, and an MCP tool result becomes its structured content or its text.
 * Anything else is returned as it is.
 */
export function parseToolValue(value: unknown): unknown {
  if (typeof value === "string") return parseJsonText(value);
  const record = asRecord(value);
  if (record?.ok === true && typeof record.text === "string" && asRecord(record.data)) return record.data;
  if (record === undefined || !Array.isArray(record.content)) return value;
  if (record.structuredContent !== undefined) return record.structuredContent;
  const texts = record.content.flatMap((part) => {
    const text = asRecord(part)?.text;
    return asRecord(part)?.type === "text" && typeof text === "string" ? [text] : [];
  });
  return texts.length === record.content.length && texts.length > 0 ? parseJsonText(texts.join("\n")) : value;
}

/** JSON text parsed; other text, and text too long to parse, stays as it is. */
export function parseJsonText(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.length > MAX_PARSED_CHARACTERS || !/^[[{]/.test(trimmed)) return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}

/** Tool-call arguments as data: OpenAI-style JSON text is parsed. */
export function parseToolArguments(args: unknown): unknown {
  return typeof args === "string" ? parseJsonText(args) : args;
}

/** An MCP-style failed call ({ isError: true }): nothing to remember from it. */
export function isErrorResult(value: unknown): boolean {
  return asRecord(value)?.isError === true;
}

/** The first of the keys that holds a non-empty string or a finite number, as a string. */
export function pickString(value: unknown, keys: readonly string[]): string | undefined {
  const record = asRecord(value);
  for (const key of keys) {
    const field = record?.[key];
    if (typeof field === "string" && field.trim() !== "") return field.trim();
    if (typeof field === "number" && Number.isFinite(field)) return String(field);
  }
  return undefined;
}

export function pickNumber(value: unknown, keys: readonly string[]): number | undefined {
  const record = asRecord(value);
  for (const key of keys) {
    const field = record?.[key];
    if (typeof field === "number" && Number.isFinite(field)) return field;
  }
  return undefined;
}

/** The document a call or a result is about (seed 003 names it reg_id). */
export function documentOf(value: unknown): string | undefined {
  return pickString(value, DOCUMENT_KEYS);
}

export function textOf(value: unknown): string | undefined {
  return pickString(value, TEXT_KEYS);
}

export function scoreOf(value: unknown): number | undefined {
  return pickNumber(value, SCORE_KEYS);
}

/** Where in the document: "P85" or "P85-87" for pages (the seed's labels), else a location or section. */
export function locationOf(value: unknown): string | undefined {
  const start = pickString(value, START_PAGE_KEYS);
  const end = pickString(value, END_PAGE_KEYS);
  if (start !== undefined) return end !== undefined && end !== start ? `P${start}-${end}` : `P${start}`;
  const page = pickString(value, PAGE_KEYS);
  if (page !== undefined) return `P${page}`;
  return pickString(value, LOCATION_KEYS);
}

/** What a search call was asked to find (seed 003's current_query). */
export function queryOf(args: unknown): string | undefined {
  return pickString(args, QUERY_KEYS);
}

/** The items of a result that is a list, or an object holding one (results, chunks, items, hits, matches). */
export function listOf(value: unknown): readonly unknown[] | undefined {
  if (Array.isArray(value)) return value;
  const record = asRecord(value);
  const key = LIST_KEYS.find((candidate) => Array.isArray(record?.[candidate]));
  return key === undefined ? undefined : (record?.[key] as unknown[]);
}

/** "angui_2024 P85", or whichever part is known. */
export function sourceLabel(document: string | undefined, location: string | undefined): string | undefined {
  const label = [document, location].filter((part) => part !== undefined).join(" ");
  return label === "" ? undefined : label;
}
