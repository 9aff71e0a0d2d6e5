/**
 * mnemo/agent: the agent session's and extraction's detail types, and the prompts mnemo gives a model.
 */

export { CHAT_MODEL_SETUP_HELP } from "./create-chat-model.js";
export type { CoreMemory } from "./engine/context/load-context.js";
export { MEMORY_INSTRUCTIONS_PROMPT } from "./engine/context/memory-instructions-prompt.js";
export { renderContext } from "./engine/context/render-context.js";
export type { InterruptedSession } from "./engine/sessions/open-sessions.js";
export type { ToolCallRecord } from "./session/agent/run-turn.js";
export {
  type EarlierSessionsReport,
  learnFromEarlierSessions,
} from "./session/extraction/earlier-sessions.js";
export type {
  ExtractSessionOptions,
  SkippedItem,
  SupersededMemory,
  WrittenItem,
} from "./session/extraction/extract-session.js";
export type { PendingRetryReport } from "./session/extraction/pending-extractions.js";
export type { ExtractionRunOptions } from "./session/extraction/run-extraction.js";
export { parseTranscript } from "./session/learning/formats/parse-transcript.js";
export {
  type ParsedTranscript,
  TRANSCRIPT_FORMATS,
  type TranscriptFormat,
  type TranscriptMessage,
  type TranscriptParse,
} from "./session/learning/formats/transcript.js";
export type { LearnedExtraction, LearnReport } from "./session/learning/learn-report.js";
export { type LearnTranscriptOptions, learnTranscript } from "./session/learning/learn-transcript.js";
