import type { MemoryHome } from "../../engine/memory-home.js";
import { markSessionEnded, markSessionOpen } from "../../engine/sessions/open-sessions.js";
import { isSessionId } from "../../engine/sessions/session-logs.js";
import { errorMessage } from "../../errors.js";
import { thisProcess } from "../../rules/process-alive.js";

/**
 * An AgentSession's open-session marker (engine/sessions/open-sessions.ts): written at start and
 * removed once the conversation is safe (extracted, or queued in .pending/), so a session killed
 * in between is found by the next one and learned from. Only a session that extracts at its end has
 * one; a marker that cannot be written is a warning, never a failed session.
 */
export class OpenSessionMarker {
  private readonly applies: boolean;

  constructor(
    private readonly memory: MemoryHome,
    private readonly sessionId: string,
    private readonly warn: (message: string) => void,
  ) {
    this.applies = extractsAtEnd(memory) && isSessionId(sessionId);
  }

  async open(startedAt: Date): Promise<void> {
    if (!this.applies) return;
    const marker = { sessionId: this.sessionId, process: thisProcess(), startedAt: startedAt.toISOString() };
    await markSessionOpen(this.memory.store, marker).catch((error: unknown) =>
      this.warn(`the session could not be marked open: ${errorMessage(error)}`),
    );
  }

  async ended(): Promise<void> {
    if (!this.applies) return;
    await markSessionEnded(this.memory.store, this.sessionId).catch((error: unknown) =>
      this.warn(`the session could not be marked ended: ${errorMessage(error)}`),
    );
  }
}

/** Whether a session on this home extracts what mattered at its end (and learns from earlier ones). */
export function extractsAtEnd(memory: MemoryHome): boolean {
  return memory.enabled && memory.config.extraction.enabled;
}
