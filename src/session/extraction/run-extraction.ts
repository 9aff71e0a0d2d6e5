import type { ChatMessage, ChatModel, ChatResponse } from "../../contracts/chat-model.js";
import { localDate } from "../../engine/home/clock.js";
import type { HomeContext } from "../../engine/home/home-context.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { errorMessage } from "../../errors.js";
import { writeWarning } from "../../rules/write-warning.js";
import { applyExtraction, type ExtractionReport } from "./apply-extraction.js";
import {
  findMemoriesLike,
  findRelatedMemories,
  readJournalEntries,
  uniqueByPath,
} from "./existing-memory.js";
import { prepareCandidates } from "./extraction-candidates.js";
import { buildExtractionMessages } from "./extraction-prompt.js";
import { EXTRACTION_JSON_SCHEMA, type ExtractionAnswer, parseExtractionAnswer } from "./extraction-schema.js";
import type { ExistingMemory } from "./reconcile.js";
import { reconcile } from "./reconcile.js";

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
}

export interface ExtractionRunOptions {
  memory: MemoryHome;
  model: ChatModel;
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
  return { memory: options.memory, model: options.model, sessionId, signal: options.signal, context };
}

/** The extraction proper; returns what went wrong, or undefined when everything was written. */
export async function runExtraction(
  run: ExtractionRun,
  transcript: ChatMessage[],
  report: ExtractionReport,
): Promise<string | undefined> {
  const { memory, model, signal, context } = run;
  const config = memory.config;
  const related = await findRelatedMemories(memory, conversationQuery(transcript), {
    limit: config.extraction.relatedMemories,
    signal,
    warn: context.warn,
  });
  const messages = buildExtractionMessages({
    transcript,
    related,
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
    await reconcileAndWrite(run, related, parsed.answer, report);
  } catch (error) {
    return `writing what was extracted failed: ${errorMessage(error)}`;
  }
  for (const note of report.notes) context.warn(`extraction of session ${run.sessionId}: ${note}`);
  return undefined;
}

async function reconcileAndWrite(
  run: ExtractionRun,
  related: ExistingMemory[],
  answer: ExtractionAnswer,
  report: ExtractionReport,
): Promise<void> {
  const { memory, context } = run;
  const candidates = prepareCandidates(answer, memory.config.categories);
  report.skipped.push(...candidates.refused);
  report.notes.push(...candidates.notes);
  const similar = await findMemoriesLike(memory, candidates.memories, {
    signal: run.signal,
    warn: context.warn,
  });
  const reconciliation = reconcile({
    memories: candidates.memories,
    entries: candidates.entries,
    existingMemories: uniqueByPath([...related, ...similar]),
    existingEntries: await readJournalEntries(memory),
    duplicateSimilarity: memory.config.extraction.duplicateSimilarity,
  });
  await applyExtraction(
    {
      memory,
      context,
      sessionId: run.sessionId,
      modelId: run.model.id,
      reconciliation,
      summary: candidates.summary,
    },
    report,
  );
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
