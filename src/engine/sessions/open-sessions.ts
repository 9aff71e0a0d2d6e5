/**
 * Sessions that started and have not ended: an agent session writes `.sessions/open/<sessionId>.json`
 * (its process and start time) when it starts and removes it once it has ended. A marker whose
 * process is gone belongs to a session that was killed (kill -9, a crash, a closed terminal) and
 * whose conversation was never learned from. queueInterruptedSessions finds them and, for each, in
 * one transaction under the home's lock, queues the conversation it recorded turn by turn
 * (conversations/<sessionId>.md) in .pending/, marks its log ended and removes the marker: however
 * many sessions start at once, a killed session is queued once, and the next session (or `mnemo
 * doctor --fix` with a chat model) extracts it as any queued conversation.
 */
import { z } from "zod";
import type { ChatMessage } from "../../contracts/chat-model.js";
import type { DocumentStore } from "../../contracts/document-store.js";
import { errorMessage } from "../../errors.js";
import { OPEN_SESSIONS_DIR } from "../../rules/home-layout.js";
import { isHolderGone, type ProcessHolder } from "../../rules/process-alive.js";
import { parseConversation } from "../conversations/conversation-file.js";
import { conversationPath } from "../conversations/conversations.js";
import type { HomeContext } from "../home/home-context.js";
import { queuePendingWith } from "./pending-queue.js";
import { endedAsInterrupted, parseSessionLog, serializeSessionLog } from "./session-log.js";
import { isSessionId, sessionLogPath } from "./session-logs.js";

const openSessionSchema = z.object({
  version: z.literal(1),
  sessionId: z.string().refine(isSessionId, "not a valid session id"),
  process: z.object({ pid: z.number().int().positive(), host: z.string() }),
  startedAt: z.string(),
});

export type OpenSession = z.output<typeof openSessionSchema>;

/** A session killed before it ended, as queueInterruptedSessions handled it. */
export interface InterruptedSession {
  sessionId: string;
  process: ProcessHolder;
  startedAt: string;
  /** The queued conversation; absent when the session recorded nothing to learn from. */
  pending?: string;
}

export function openSessionPath(sessionId: string): string {
  return `${OPEN_SESSIONS_DIR}/${sessionId}.json`;
}

export function markSessionOpen(store: DocumentStore, session: Omit<OpenSession, "version">): Promise<void> {
  const marker: OpenSession = { version: 1, ...session };
  return store.transaction(async (writer) => {
    await writer.write(openSessionPath(session.sessionId), `${JSON.stringify(marker, null, 2)}\n`);
  });
}

export function markSessionEnded(store: DocumentStore, sessionId: string): Promise<boolean> {
  return store.transaction((writer) => writer.remove(openSessionPath(sessionId)));
}

/** The open sessions whose process is gone, oldest first; a marker that does not parse is reported and left. */
export async function findInterruptedSessions(
  store: DocumentStore,
  warn: (message: string) => void,
): Promise<OpenSession[]> {
  const found: OpenSession[] = [];
  for (const document of await store.list(OPEN_SESSIONS_DIR)) {
    if (!document.path.endsWith(".json")) continue;
    // Stryker disable next-line StringLiteral: equivalent, any text that is no marker reads as a broken one
    const parsed = parseOpenSession((await store.read(document.path)) ?? "");
    if (!parsed.ok)
      warn(`${store.locate(document.path)} is not an open-session marker (${parsed.problem}); left as it is`);
    // Stryker disable next-line ConditionalExpression: queueOne checks again under the lock; this one spares a transaction per live session
    else if (isHolderGone(parsed.session.process)) found.push(parsed.session);
  }
  return found.sort(
    (a, b) => a.startedAt.localeCompare(b.startedAt) || a.sessionId.localeCompare(b.sessionId),
  );
}

/** Queues the conversation of every killed session once (see the module comment); returns them. */
export async function queueInterruptedSessions(home: HomeContext): Promise<InterruptedSession[]> {
  const queued: InterruptedSession[] = [];
  for (const found of await findInterruptedSessions(home.store, home.warn)) {
    try {
      const done = await queueOne(home, found.sessionId);
      if (done !== undefined) queued.push(done);
    } catch (error) {
      home.warn(
        `the killed session ${found.sessionId} could not be queued for extraction: ${errorMessage(error)}`,
      );
    }
  }
  return queued;
}

/** Under the lock, re-read: another process may have queued it since it was listed. */
function queueOne(home: HomeContext, sessionId: string): Promise<InterruptedSession | undefined> {
  return home.store.transaction(async (writer) => {
    const markerPath = openSessionPath(sessionId);
    // Stryker disable next-line StringLiteral: equivalent, any text that is no marker reads as a broken one
    const marker = parseOpenSession((await writer.read(markerPath)) ?? "");
    // Stryker disable next-line ConditionalExpression,LogicalOperator: guards a race (another process queued it between the listing and this lock) that no test can order
    if (!marker.ok || !isHolderGone(marker.session.process)) return undefined;
    const { process, startedAt } = marker.session;
    const now = home.now();
    // Stryker disable next-line StringLiteral: equivalent, a text with no turns is an empty transcript either way
    const transcript = conversationTranscript((await writer.read(conversationPath(sessionId))) ?? "");
    const pending =
      transcript.length === 0
        ? undefined
        : await queuePendingWith(writer, {
            sessionId,
            transcript,
            error: `the session was killed before it ended (process ${process.pid} on ${process.host} is gone)`,
            now,
          });
    // Stryker disable next-line StringLiteral: equivalent, any text that is no log reads as a broken one
    const log = parseSessionLog((await writer.read(sessionLogPath(sessionId))) ?? "");
    if (log.ok)
      await writer.write(sessionLogPath(sessionId), serializeSessionLog(endedAsInterrupted(log.log, now)));
    await writer.remove(markerPath);
    return { sessionId, process, startedAt, ...(pending === undefined ? {} : { pending }) };
  });
}

/** A recorded conversation as extraction reads one: the assistant's turns as its own, everyone else's as the user's. */
export function conversationTranscript(text: string): ChatMessage[] {
  return parseConversation(text).map((turn): ChatMessage => {
    if (turn.speaker === "assistant") return { role: "assistant", content: turn.text };
    return { role: "user", content: turn.speaker === "user" ? turn.text : `${turn.speaker}: ${turn.text}` };
  });
}

function parseOpenSession(text: string): { ok: true; session: OpenSession } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: "not JSON" };
  }
  const parsed = openSessionSchema.safeParse(value);
  if (parsed.success) return { ok: true, session: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, problem: `${issue?.path.join(".") || "the file"}: ${issue?.message ?? "invalid"}` };
}
