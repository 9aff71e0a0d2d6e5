import { parseClaudeCodeTranscript } from "./claude-code-transcript.js";
import { parseCodexRollout } from "./codex-rollout.js";
import { parseMarkdownTranscript } from "./markdown-transcript.js";
import { parseOpenAiMessages } from "./openai-messages.js";
import type { TranscriptFormat, TranscriptParse } from "./transcript.js";

/**
 * Reads a transcript in the format given, or the one it looks like ("auto"): a JSON list or an
 * object with "messages" is OpenAI-style messages; JSON Lines whose first line is a rollout line
 * (`payload`) is Codex, any other JSON Lines is Claude Code; anything else is read as Markdown.
 *
 *     const read = parseTranscript(text, "auto");
 *     if (!read.ok) throw new Error(`line ${read.line}: ${read.problem}`);
 */
export function parseTranscript(text: string, format: TranscriptFormat | "auto"): TranscriptParse {
  const chosen = format === "auto" ? detectTranscriptFormat(text) : format;
  if (chosen === "claude-code") return parseClaudeCodeTranscript(text);
  if (chosen === "codex") return parseCodexRollout(text);
  if (chosen === "messages") return parseOpenAiMessages(text);
  return parseMarkdownTranscript(text);
}

export function detectTranscriptFormat(text: string): TranscriptFormat {
  const start = text.trimStart();
  if (start.startsWith("[")) return "messages";
  if (!start.startsWith("{")) return "markdown";
  const first = firstJsonObject(start);
  if (first !== undefined && "messages" in first && !("type" in first)) return "messages";
  if (first !== undefined && "payload" in first) return "codex";
  // JSON Lines of any other shape, a broken first line included: Claude Code's parser says what is wrong.
  return "claude-code";
}

/** The whole text as one JSON object, else its first line as one; undefined when neither is. */
function firstJsonObject(text: string): Record<string, unknown> | undefined {
  for (const candidate of [text, text.split("\n")[0] ?? ""]) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (typeof value === "object" && value !== null && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // not this one
    }
  }
  return undefined;
}
