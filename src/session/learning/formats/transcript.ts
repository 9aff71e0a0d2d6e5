import type { ChatMessage } from "../../../contracts/chat-model.js";
import { errorMessage } from "../../../errors.js";

/**
 * A coding agent's or chat's transcript as mnemo learns from it, whatever file it came from
 * (claude-code-transcript.ts, codex-rollout.ts, openai-messages.ts, markdown-transcript.ts). Each
 * message keeps the format's own stable id where it has one, so the ledger of what was learned
 * (learned-range.ts) can find its place again after the agent appended more. Tool calls and tool
 * results arrive here already cut short: a transcript never hands a whole file or command output
 * on to the model or to the disk.
 */
export type TranscriptFormat = "claude-code" | "codex" | "messages" | "markdown";

export const TRANSCRIPT_FORMATS: readonly TranscriptFormat[] = [
  "claude-code",
  "codex",
  "messages",
  "markdown",
];

export interface TranscriptMessage {
  /** The format's stable id (Claude Code's uuid); undefined where the format has none. */
  id?: string;
  /** User, assistant (with its tool calls) or a tool's result: never a system message. */
  message: Exclude<ChatMessage, { role: "system" }>;
  /** When it was said, where the format says so. */
  at?: Date;
}

export interface ParsedTranscript {
  format: TranscriptFormat;
  /** The session the file names itself (Claude Code's sessionId, Codex's session_meta id). */
  sessionId?: string;
  messages: TranscriptMessage[];
}

/** Where a transcript does not read as its format: the line (1-based) and what is wrong there. */
export interface TranscriptProblem {
  line: number;
  problem: string;
}

export type TranscriptParse =
  | { ok: true; transcript: ParsedTranscript }
  | ({ ok: false } & TranscriptProblem);

/** How much of a tool call's arguments, and of a tool's result, is kept. */
export const TOOL_ARGUMENTS_CHARACTERS = 200;
export const TOOL_RESULT_CHARACTERS = 500;

/** One line, cut to `limit` characters with "…" where it was cut. */
export function brief(text: string, limit: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line;
}

/** A time the format wrote, or undefined when it is missing or no time at all. */
export function timeOf(value: unknown): Date | undefined {
  if (typeof value !== "string") return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

export function failure(line: number, problem: string): TranscriptParse {
  return { ok: false, line, problem };
}

/**
 * The lines of a JSON Lines file, each parsed; blank lines are skipped. A last line with no newline
 * after it that is not JSON is being written right now (the agent appends while a hook reads): it
 * is left for the next read, not reported.
 */
export function jsonLines(
  text: string,
): { ok: true; lines: Array<{ line: number; value: unknown }> } | ({ ok: false } & TranscriptProblem) {
  const rows = text.split("\n");
  const lines: Array<{ line: number; value: unknown }> = [];
  for (const [index, row] of rows.entries()) {
    if (row.trim() === "") continue;
    try {
      lines.push({ line: index + 1, value: JSON.parse(row) });
    } catch (error) {
      const unfinished = index === rows.length - 1;
      if (unfinished) break;
      return { ok: false, line: index + 1, problem: `not JSON (${errorMessage(error)})` };
    }
  }
  return { ok: true, lines };
}
