import type { ChatMessage, ChatModel, ChatResponse } from "../../contracts/chat-model.js";
import { localDate } from "../../engine/home/clock.js";
import type { HomeContext } from "../../engine/home/home-context.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { ScopeStack } from "../../engine/scopes/scope-stack.js";
import { errorMessage } from "../../errors.js";
import { writeWarning } from "../../rules/write-warning.js";
import type { ExtractionReport } from "./apply-extraction.js";
import { findRelatedByLayer } from "./existing-memory.js";
import { buildExtractionMessages } from "./extraction-prompt.js";
import { EXTRACTION_JSON_SCHEMA, parseExtractionAnswer } from "./extraction-schema.js";
import { extractionLayers } from "./memories-by-layer.js";
import { reconcileAndWrite } from "./write-by-layer.js";

/**
 * One extraction, shared by extractSession and retryPendingExtractions: related memories, the one
 * model call, parsing, reconciliation, writes. Returns what went wrong instead of throwing.
 */
export interface ExtractionRun {
  memory: MemoryHome;
  model: ChatModel;
  sessionId: string;
  signal: AbortSignal | undefined;
  context: HomeContext;
  scopes: ScopeStack | undefined;
}

export interface ExtractionRunOptions {
  memory: MemoryHome;
  model: ChatModel;
  /**
   * A stack whose session home is `memory`: each typed memory is written to the layer of its type
   * (memories-by-layer.ts), reconciled against that layer's memories; entries and the summary stay in `memory`.
   */
  scopes?: ScopeStack;
  signal?: AbortSignal;
  /** The clock for the summary's time and the daily-log window; use the memory home's clock. */
  now?: () => Date;
  /** Where failures and notes go; default: stderr. */
  onWarning?: (message: string) => void;
}

const QUERY_CHARACTERS = 1500;

export function makeRun(options: ExtractionRunOptions, sessionId: string): ExtractionRun {
  const warn = options.onWarning ?? writeWarning;
  const context: HomeContext = {
    store: options.memory.store,
    config: options.memory.config,
    now: options.now ?? (() => new Date()),
    warn,
  };
  const { memory, model, signal, scopes } = options;
  return { memory, model, sessionId, signal, context, scopes };
}

/** The extraction proper; returns what went wrong, or undefined when everything was written. */
export async function runExtraction(
  run: ExtractionRun,
  transcript: ChatMessage[],
  report: ExtractionReport,
): Promise<string | undefined> {
  const { memory, model, signal, context } = run;
  const config = memory.config;
  const layers = extractionLayers(memory, run.scopes);
  const related = await findRelatedByLayer(layers, conversationQuery(transcript), {
    signal,
    warn: context.warn,
  });
  const messages = buildExtractionMessages({
    transcript,
    related: related.flat(),
    categories: Object.keys(config.categories),
    today: localDate(context.now()),
  });
  report.called = true;
  let response: ChatResponse;
  try {
    response = await model.complete({
      messages,
      responseFormat: { type: "json_schema", name: "memory_extraction", schema: EXTRACTION_JSON_SCHEMA },
      temperature: config.llm.temperature,
      signal,
    });
  } catch (error) {
    return `the extraction call to ${model.id} failed: ${errorMessage(error)}`;
  }
  const parsed = parseExtractionAnswer(response.content);
  if (!parsed.ok) {
    const cutOff = response.finishReason === "length" ? " The answer was cut off at the token limit." : "";
    return `${parsed.error.message}${cutOff}`;
  }
  try {
    await reconcileAndWrite(run, { layers, related }, parsed.answer, report);
  } catch (error) {
    return `writing what was extracted failed: ${errorMessage(error)}`;
  }
  for (const note of report.notes) context.warn(`extraction of session ${run.sessionId}: ${note}`);
  return undefined;
}

/**
 * What the user said, newest last, short enough for a search query, on one line: recall reads a query
 * of several lines as a conversation and searches only its last line's words, but any message here
 * may name a memory (a session that ends with "Thanks" would find none).
 */
function conversationQuery(transcript: ChatMessage[]): string {
  const said = transcript
    .filter((message) => message.role === "user")
    .map((message) => message.content.replace(/\s+/g, " ").trim())
    .join(" ");
  return said.length > QUERY_CHARACTERS ? said.slice(said.length - QUERY_CHARACTERS) : said;
}
