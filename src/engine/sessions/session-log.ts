/**
 * The record of one agent session (what the agent was given and what it wrote), kept so a person can
 * see it in the web memory browser and `mnemo status`: `.sessions/<sessionId>.json`, one JSON file per
 * session, rewritten as the session goes on. It is a record, not memory: hidden from search and from
 * the session context, with credentials redacted and long texts cut. Pure: schema, building, summary.
 */
import { z } from "zod";
import { estimateTokens } from "../context/context-budget.js";
import { redactSecrets } from "../guard/scan-secrets.js";

/** The newest this many session logs are kept; starting a session removes older ones. */
export const KEPT_SESSION_LOGS = 100;
/** A session's turns and writes past these are not recorded (the log says how many were left out). */
export const MAX_RECORDED_EVENTS = 500;

const MESSAGE_CHARACTERS = 500;
const ARGUMENT_CHARACTERS = 2000;
const RESULT_CHARACTERS = 1000;

const relevantMemorySchema = z.object({ source: z.string(), text: z.string(), age: z.string().optional() });

/** One memory tool call that wrote; also the HTTP API's shape for it. */
export const sessionWriteSchema = z.object({
  at: z.string(),
  tool: z.string(),
  arguments: z.string(),
  result: z.string(),
});

/** What extraction saved at the session's end; also the HTTP API's shape for it. */
export const sessionExtractionSchema = z.object({
  written: z.array(z.object({ kind: z.enum(["memory", "entry"]), label: z.string(), path: z.string() })),
  skipped: z.number().int(),
  superseded: z.number().int(),
  summaryAppended: z.boolean(),
  pending: z.string().optional(),
  error: z.string().optional(),
});

const sessionLogSchema = z.object({
  version: z.literal(1),
  sessionId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/),
  /** agent: an AgentSession (mnemo chat, a program); mcp: an MCP client over stdio. */
  source: z.enum(["agent", "mcp"]),
  /** The model (agent) or the MCP client's name and version. */
  client: z.string().optional(),
  startedAt: z.string(),
  endedAt: z.string().optional(),
  /** Set when a later session or `mnemo doctor --fix` ended it: its process was killed (see open-sessions.ts). */
  interrupted: z.boolean().optional(),
  /** The frozen block the agent started with; an MCP client that never asked for it has none. */
  frozen: z.object({ text: z.string(), characters: z.number().int(), tokens: z.number().int() }).optional(),
  turns: z.array(z.object({ at: z.string(), message: z.string(), relevant: z.array(relevantMemorySchema) })),
  writes: z.array(sessionWriteSchema),
  /** Turns and writes past MAX_RECORDED_EVENTS, counted but not recorded. */
  unrecorded: z.number().int().default(0),
  extraction: sessionExtractionSchema.optional(),
});

export type SessionLog = z.output<typeof sessionLogSchema>;
export type SessionTurn = SessionLog["turns"][number];
export type SessionWrite = SessionLog["writes"][number];
export type SessionExtraction = NonNullable<SessionLog["extraction"]>;

/** One line of the list of sessions. */
export interface SessionSummary {
  sessionId: string;
  source: SessionLog["source"];
  client?: string;
  startedAt: string;
  endedAt?: string;
  /** Size of the frozen block, when there was one. */
  frozenCharacters?: number;
  frozenTokens?: number;
  turns: number;
  writes: number;
  /** Memories and entries written by the extraction at session end. */
  extracted: number;
}

export function newSessionLog(options: {
  sessionId: string;
  source: SessionLog["source"];
  client?: string;
  startedAt: Date;
}): SessionLog {
  const { sessionId, source, client, startedAt } = options;
  return {
    version: 1,
    sessionId,
    source,
    ...(client === undefined ? {} : { client }),
    startedAt: startedAt.toISOString(),
    turns: [],
    writes: [],
    unrecorded: 0,
  };
}

export function frozenBlock(text: string): NonNullable<SessionLog["frozen"]> {
  return { text, characters: text.length, tokens: estimateTokens(text) };
}

/** A turn as recorded: the user's message redacted and cut (it is context, not memory). */
export function recordedTurn(at: Date, message: string, relevant: SessionTurn["relevant"]): SessionTurn {
  return { at: at.toISOString(), message: redactedCut(message, MESSAGE_CHARACTERS), relevant };
}

export function recordedWrite(at: Date, tool: string, args: string, result: string): SessionWrite {
  return {
    at: at.toISOString(),
    tool,
    arguments: redactedCut(args, ARGUMENT_CHARACTERS),
    result: redactedCut(result, RESULT_CHARACTERS),
  };
}

function redactedCut(text: string, limit: number): string {
  const redacted = redactSecrets(text).text;
  return redacted.length > limit ? `${redacted.slice(0, limit - 1)}…` : redacted;
}

/** Appends a turn or a write, or counts it once the log holds MAX_RECORDED_EVENTS. */
export function withEvent(
  log: SessionLog,
  event: { turn: SessionTurn } | { write: SessionWrite },
): SessionLog {
  if (log.turns.length + log.writes.length >= MAX_RECORDED_EVENTS)
    return { ...log, unrecorded: log.unrecorded + 1 };
  if ("turn" in event) return { ...log, turns: [...log.turns, event.turn] };
  return { ...log, writes: [...log.writes, event.write] };
}

export function summarizeSession(log: SessionLog): SessionSummary {
  return {
    sessionId: log.sessionId,
    source: log.source,
    ...(log.client === undefined ? {} : { client: log.client }),
    startedAt: log.startedAt,
    ...(log.endedAt === undefined ? {} : { endedAt: log.endedAt }),
    ...(log.frozen === undefined
      ? {}
      : { frozenCharacters: log.frozen.characters, frozenTokens: log.frozen.tokens }),
    turns: log.turns.length,
    writes: log.writes.length,
    extracted: log.extraction?.written.length ?? 0,
  };
}

/** The log of a session ended for it once its process was found killed, at `at`. */
export function endedAsInterrupted(log: SessionLog, at: Date): SessionLog {
  return { ...log, endedAt: log.endedAt ?? at.toISOString(), interrupted: true };
}

export function serializeSessionLog(log: SessionLog): string {
  return `${JSON.stringify(log, null, 2)}\n`;
}

export function parseSessionLog(
  text: string,
): { ok: true; log: SessionLog } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: "not JSON" };
  }
  const parsed = sessionLogSchema.safeParse(value);
  if (parsed.success) return { ok: true, log: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, problem: `${issue?.path.join(".") || "the file"}: ${issue?.message ?? "invalid"}` };
}
