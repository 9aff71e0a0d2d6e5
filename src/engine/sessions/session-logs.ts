/**
 * Session logs on the home's store (see session-log.ts): written under the home's lock like every
 * file, read back for the web memory browser and `mnemo status`. A file that is not a session log is
 * reported once and left alone.
 */
import type { DocumentStore } from "../../contracts/document-store.js";
import { MnemoError } from "../../errors.js";
import { SESSIONS_DIR } from "../../rules/home-layout.js";
import {
  KEPT_SESSION_LOGS,
  parseSessionLog,
  type SessionLog,
  type SessionSummary,
  serializeSessionLog,
  summarizeSession,
} from "./session-log.js";

export function sessionLogPath(sessionId: string): string {
  return `${SESSIONS_DIR}/${sessionId}.json`;
}

/** Writes the log; a new one also removes the logs past the newest KEPT_SESSION_LOGS. */
export function saveSessionLog(store: DocumentStore, log: SessionLog): Promise<void> {
  return store.transaction(async (writer) => {
    const path = sessionLogPath(log.sessionId);
    const isNew = (await writer.read(path)) === undefined;
    await writer.write(path, serializeSessionLog(log));
    if (!isNew) return;
    const older = (await writer.list(SESSIONS_DIR)).sort(newestFirst).slice(KEPT_SESSION_LOGS);
    for (const document of older) if (document.path !== path) await writer.remove(document.path);
  });
}

/** The newest sessions first, `limit` of them (default 50). */
export async function listSessionLogs(
  store: DocumentStore,
  options: { limit?: number; warn: (message: string) => void },
): Promise<SessionSummary[]> {
  const documents = (await store.list(SESSIONS_DIR))
    .filter((document) => document.path.endsWith(".json"))
    .sort(newestFirst);
  const summaries: SessionSummary[] = [];
  for (const document of documents) {
    if (summaries.length >= (options.limit ?? 50)) break;
    const parsed = parseSessionLog((await store.read(document.path)) ?? "");
    if (parsed.ok) summaries.push(summarizeSession(parsed.log));
    else
      options.warn(`${store.locate(document.path)} is not a session log (${parsed.problem}); left as it is`);
  }
  return summaries.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/** Letters, digits, ".", "_" and "-", as extraction's pending queue accepts: it names a file. */
export function isSessionId(sessionId: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(sessionId) && !sessionId.includes("..");
}

export async function readSessionLog(store: DocumentStore, sessionId: string): Promise<SessionLog> {
  if (!isSessionId(sessionId))
    throw new MnemoError(
      "INVALID_INPUT",
      `Invalid session id ${JSON.stringify(sessionId)}: use the id of a listed session.`,
    );
  const path = sessionLogPath(sessionId);
  const text = await store.read(path);
  if (text === undefined)
    throw new MnemoError(
      "NOT_FOUND",
      `There is no session log for "${sessionId}" (the newest ${KEPT_SESSION_LOGS} sessions are kept).`,
    );
  const parsed = parseSessionLog(text);
  if (!parsed.ok)
    throw new MnemoError("MALFORMED_FILE", `${store.locate(path)} is not a session log: ${parsed.problem}.`);
  return parsed.log;
}

function newestFirst(a: { modifiedAt: Date; path: string }, b: { modifiedAt: Date; path: string }): number {
  return b.modifiedAt.getTime() - a.modifiedAt.getTime() || b.path.localeCompare(a.path);
}
