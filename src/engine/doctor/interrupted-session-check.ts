import type { HomeContext } from "../home/home-context.js";
import {
  findInterruptedSessions,
  openSessionPath,
  queueInterruptedSessions,
} from "../sessions/open-sessions.js";
import type { DoctorProblem } from "./doctor-problem.js";

/**
 * Sessions killed before they ended (see sessions/open-sessions.ts): what was said in them was never
 * learned from. The fix queues each conversation in .pending/ once; a chat model extracts it there
 * (the next session, or `mnemo doctor --fix` when one is configured).
 */
export async function checkInterruptedSessions(home: HomeContext): Promise<DoctorProblem[]> {
  if (!home.config.extraction.enabled) return [];
  const sessions = await findInterruptedSessions(home.store, home.warn);
  return sessions.map((session) => ({
    kind: "interrupted-session",
    path: openSessionPath(session.sessionId),
    message: `session ${session.sessionId} (started ${session.startedAt}) was killed before it ended (process ${session.process.pid} is gone); what was said in it was never learned from`,
    fixable: true,
  }));
}

export async function queueInterruptedConversations(home: HomeContext): Promise<string[]> {
  return (await queueInterruptedSessions(home)).map((session) =>
    session.pending === undefined
      ? `session ${session.sessionId}: killed with nothing recorded to learn from; marked ended`
      : `session ${session.sessionId}: its conversation is queued in ${session.pending} for extraction`,
  );
}
