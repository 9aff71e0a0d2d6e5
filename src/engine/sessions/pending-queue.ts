import { z } from "zod";
import type { ChatMessage } from "../../contracts/chat-model.js";
import type { DocumentStore, DocumentWriter } from "../../contracts/document-store.js";
import { MnemoError } from "../../errors.js";
import { PENDING_DIR } from "../../rules/home-layout.js";
import { isHolderGone, type ProcessHolder, thisProcess } from "../../rules/process-alive.js";
import { redactSecrets } from "../guard/scan-secrets.js";
import { chatMessageSchema, PENDING_SESSION_ID, type PendingFile, parsePendingFile } from "./pending-file.js";

/**
 * The queue of conversations waiting for extraction (the model was down or answered garbage, or the
 * session was killed before it ended): one JSON file per session, `.pending/<sessionId>.json`,
 * written atomically under the home's lock. A file is removed only after its extraction was
 * written, so nothing said is lost; a process working on one claims it first, so two sessions
 * starting at once never extract it twice.
 */
export interface PendingExtraction extends PendingFile {
  path: string;
}

/**
 * The conversation as it may wait on disk: credentials redacted, as extraction would redact them
 * anyway, so a failed extraction leaves no secret in .pending/.
 */
function redactTranscript(transcript: ChatMessage[]): ChatMessage[] {
  return transcript.map((message) => {
    const content = redactSecrets(message.content).text;
    if (message.role !== "assistant" || message.toolCalls === undefined) return { ...message, content };
    const toolCalls = message.toolCalls.map((call) => ({
      ...call,
      arguments: redactSecrets(call.arguments).text,
    }));
    return { ...message, content, toolCalls };
  });
}

/** A session id names a file in .pending/ and is written into memories' frontmatter. */
export function validateSessionId(sessionId: string): string {
  if (PENDING_SESSION_ID.test(sessionId) && !sessionId.includes("..")) return sessionId;
  throw new MnemoError(
    "INVALID_INPUT",
    `Invalid session id ${JSON.stringify(sessionId)}: use 1 to 128 letters, digits, ".", "_" and "-", starting with a letter or digit (a UUID works).`,
  );
}

export interface QueuedConversation {
  sessionId: string;
  transcript: ChatMessage[];
  /** Why it waits: the failure, or that the session was interrupted. */
  error: string;
  now: Date;
  /** The process that will extract it right away (mnemo learn): queued already claimed, so no other takes it. */
  claim?: ProcessHolder;
}

/**
 * Queues the conversation and returns the file's path. A conversation that continues one already
 * queued for the session replaces it; a different one gets a file of its own.
 */
export function queuePendingExtraction(store: DocumentStore, options: QueuedConversation): Promise<string> {
  return store.transaction((writer) => queuePendingWith(writer, options));
}

/** queuePendingExtraction inside a transaction the caller holds (with other writes that go with it). */
export async function queuePendingWith(writer: DocumentWriter, options: QueuedConversation): Promise<string> {
  const normalized = z.array(chatMessageSchema).safeParse(options.transcript);
  const transcript = redactTranscript(normalized.success ? normalized.data : options.transcript);
  for (let number = 1; ; number++) {
    const path = `${PENDING_DIR}/${options.sessionId}${number === 1 ? "" : `.${number}`}.json`;
    const text = await writer.read(path);
    const existing = text === undefined ? undefined : parsePendingFile(text);
    if (text !== undefined && !(existing?.ok && continues(existing.file, options.sessionId, transcript)))
      continue;
    const previous = existing?.ok ? existing.file : undefined;
    await writePendingFile(writer, path, {
      version: 1,
      sessionId: options.sessionId,
      queuedAt: previous?.queuedAt ?? options.now.toISOString(),
      attempts: (previous?.attempts ?? 0) + 1,
      lastError: options.error,
      transcript,
      ...(options.claim === undefined ? {} : { claim: { ...options.claim, at: options.now.toISOString() } }),
    });
    return path;
  }
}

/** Counts one more failed attempt on a queued file (left in place, its claim released). */
export function recordPendingFailure(store: DocumentStore, path: string, error: string): Promise<void> {
  return store.transaction(async (writer) => {
    const parsed = parsePendingFile((await writer.read(path)) ?? "");
    if (!parsed.ok) return;
    const { claim: _, ...file } = parsed.file;
    await writePendingFile(writer, path, { ...file, attempts: file.attempts + 1, lastError: error });
  });
}

/**
 * Claims a queued file for `holder` under the home's lock, and returns it as it is now; undefined
 * when it is gone (another process extracted it) or another live process holds it. A claim is
 * taken over once its process is gone (a claim from another host, once it is an hour old).
 */
export function claimPendingExtraction(
  store: DocumentStore,
  path: string,
  options: { holder: ProcessHolder; now: Date },
): Promise<PendingExtraction | undefined> {
  return store.transaction(async (writer) => {
    const parsed = parsePendingFile((await writer.read(path)) ?? "");
    if (!parsed.ok) return undefined;
    const { claim } = parsed.file;
    if (claim !== undefined && !isClaimGone(claim, options.now)) return undefined;
    const { pid, host } = options.holder;
    const file = { ...parsed.file, claim: { pid, host, at: options.now.toISOString() } };
    await writePendingFile(writer, path, file);
    return { ...file, path };
  });
}

export type PendingClaim = NonNullable<PendingFile["claim"]>;

/** An extraction takes minutes at most: a claim from a host this process cannot check is stale after this. */
const FOREIGN_CLAIM_MS = 60 * 60 * 1000;

export function isClaimGone(claim: PendingClaim, now: Date): boolean {
  if (claim.host === thisProcess().host) return isHolderGone(claim);
  return !(now.getTime() - Date.parse(claim.at) <= FOREIGN_CLAIM_MS);
}

/** The queued conversations, oldest first; a file that is not a pending extraction is reported and left alone. */
export async function listPendingExtractions(
  store: DocumentStore,
  warn: (message: string) => void,
): Promise<PendingExtraction[]> {
  const pending: PendingExtraction[] = [];
  for (const document of await store.list(PENDING_DIR)) {
    if (!document.path.endsWith(".json")) continue;
    const parsed = parsePendingFile((await store.read(document.path)) ?? "");
    if (parsed.ok) pending.push({ ...parsed.file, path: document.path });
    else
      warn(`${store.locate(document.path)} is not a pending extraction (${parsed.problem}); left as it is`);
  }
  return pending.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.path.localeCompare(b.path));
}

export function removePendingExtraction(store: DocumentStore, path: string): Promise<boolean> {
  return store.transaction((writer) => writer.remove(path));
}

function continues(file: PendingFile, sessionId: string, transcript: ChatMessage[]): boolean {
  if (file.sessionId !== sessionId || file.transcript.length > transcript.length) return false;
  return file.transcript.every(
    (message, index) => JSON.stringify(message) === JSON.stringify(transcript[index]),
  );
}

async function writePendingFile(writer: DocumentWriter, path: string, file: PendingFile): Promise<void> {
  await writer.write(path, `${JSON.stringify(file, null, 2)}\n`);
}
