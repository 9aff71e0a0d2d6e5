import { MnemoError } from "../../errors.js";
import type { MemoryHome } from "../../index.js";
import type { ScopeStack } from "../../scopes.js";
import type { PendingRetryReport } from "../../session/extraction/pending-extractions.js";

/**
 * What killed sessions, failed extractions and transcripts learned without a model left in
 * .pending/, extracted with the home's chat model as the next session would (`mnemo doctor --fix`,
 * `mnemo learn --pending`, which the SessionStart hook starts in the background). Without a model
 * it waits there, and the answer says so.
 */
export interface QueuedExtractions {
  /** Conversations waiting in .pending/ before this run. */
  queued: number;
  /** The model that extracted them; undefined when none is configured (or nothing waited). */
  model?: string;
  reports: PendingRetryReport[];
}

/** On a stack, `memory` is its session home (the user's, which holds .pending/) and `scopes` routes each memory. */
export async function extractQueuedConversations(
  memory: MemoryHome,
  scopes?: ScopeStack,
): Promise<QueuedExtractions> {
  if (!memory.enabled || !memory.config.extraction.enabled) return { queued: 0, reports: [] };
  const queued = (await memory.status()).pendingExtractions;
  if (queued === 0) return { queued, reports: [] };
  const [{ learnFromEarlierSessions }, { createChatModel }] = await Promise.all([
    import("../../agent.js"),
    import("../../create-chat-model.js"),
  ]);
  const model = await createChatModel(memory.config.llm).catch((error: unknown) => {
    if (MnemoError.isInstance(error) && error.code === "INVALID_CONFIG") return undefined;
    throw error;
  });
  if (model === undefined) return { queued, reports: [] };
  const { extracted } = await learnFromEarlierSessions({ memory, model, ...(scopes ? { scopes } : {}) });
  return { queued, model: model.id, reports: extracted };
}

/** One line per queued conversation handled, or one saying why they wait. */
export function queuedExtractionLines(result: QueuedExtractions, again: string): string[] {
  if (result.queued === 0) return [];
  if (result.model === undefined)
    return [
      `${result.queued} conversation(s) wait in .pending/ for extraction: no chat model is configured (the next mnemo chat extracts them, or configure llm and run ${again} again)`,
    ];
  return result.reports.map((report) => {
    if (report.error !== undefined)
      return `session ${report.sessionId}: extraction failed again, still in ${report.path}: ${report.error}`;
    const labels = report.written.map((item) => item.label).join("; ");
    return `session ${report.sessionId}: extracted with ${result.model}, ${report.written.length} written${labels === "" ? "" : `: ${labels}`}`;
  });
}
