import { createHash } from "node:crypto";
import { basename, extname, resolve } from "node:path";
import { Argument, Option } from "commander";
import type { LearnReport, ParsedTranscript } from "../../../agent.js";
import { MnemoError } from "../../../errors.js";
import type { MemoryHome } from "../../../index.js";
import type { ScopeStack } from "../../../scopes.js";
import { TRANSCRIPT_FORMATS, type TranscriptFormat } from "../../../session/learning/formats/transcript.js";
import { type CommonOptions, defineCommand, type RenderContext } from "../cli-command.js";
import type { HookInput } from "../learn-hook.js";
import { renderLearnReport } from "../learn-lines.js";
import { EXIT_CODES } from "../output.js";
import { parseChoice } from "../parse-choice.js";
import { type QueuedExtractions, queuedExtractionLines } from "../queued-extractions.js";
import { readTextFile, STDIN_MARKER } from "../read-input.js";

interface LearnOptions extends CommonOptions {
  format: string;
  session?: string;
  dryRun?: boolean;
  hook?: boolean;
  wait?: boolean;
  pending?: boolean;
}

type LearnInput =
  | { hook: HookInput; options: CommonOptions }
  | { hook?: undefined; pending: true }
  | {
      hook?: undefined;
      pending?: undefined;
      transcript: ParsedTranscript;
      sessionId: string;
      source: string;
      dryRun: boolean;
      wait: boolean;
    };

/** How long --wait waits for another learn of the same transcript, and how often it looks. */
const WAIT_MS = 15 * 60 * 1000;
const WAIT_STEP_MS = 500;

export const learn = defineCommand({
  name: "learn",
  summary: "Learn from an agent's transcript once (Claude Code, Codex, messages JSON, Markdown)",
  description:
    "Read a transcript and learn what is worth keeping, once: a part learned before is never learned again, so a " +
    "compaction and the session's end each learn only their new messages. The part is recorded as conversation memory " +
    "and, with the home's chat model (llm in config.json), extracted into memories as at the end of a mnemo chat; " +
    "without one its extraction waits in .pending/ for a later run with a model. --hook reads a Claude Code hook's JSON " +
    "on stdin (PreCompact, SessionEnd), answers at once and learns in the background, logging to <home>/.logs/learn.log. " +
    "--pending extracts what waits in .pending/ with the home's chat model (the SessionStart hook starts it in the background when something waits).",
  arguments: [new Argument("[transcript]", "the transcript file (- reads stdin, with --session)")],
  options: [
    new Option("--format <format>", `${[...TRANSCRIPT_FORMATS, "auto"].join(", ")}`).default("auto"),
    new Option(
      "--session <id>",
      "the session it belongs to (default: the one the file names, else one made from its path)",
    ),
    new Option("--dry-run", "say which messages would be learned; write nothing"),
    new Option(
      "--wait",
      "when another mnemo learn is learning this transcript, wait for it (up to 15 minutes), then learn what it left",
    ),
    new Option(
      "--hook",
      "read a Claude Code hook's JSON on stdin and learn its transcript in the background",
    ),
    new Option("--pending", "extract the conversations waiting in .pending/ with the home's chat model"),
  ],
  examples: [
    "mnemo learn ~/.claude/projects/my-app/3f2c9d1e-....jsonl",
    "mnemo learn ~/.codex/sessions/2026/11/28/rollout-2026-11-28T10-00-00-....jsonl --json",
    "mnemo learn notes/call-with-ana.md --session call-ana --dry-run",
    "mnemo learn --hook   # in a Claude Code hook: the hook's JSON on stdin",
    "mnemo learn --pending   # after configuring llm: what was learned without a model",
  ],
  async input([path], options: LearnOptions): Promise<LearnInput> {
    if (options.hook) {
      if (path !== undefined)
        throw new MnemoError(
          "INVALID_INPUT",
          "mnemo learn --hook takes the transcript from the hook's JSON on stdin, not an argument.",
        );
      const { readHookInput } = await import("../learn-hook.js");
      return { hook: await readHookInput(), options };
    }
    if (options.pending) {
      if (path !== undefined)
        throw new MnemoError(
          "INVALID_INPUT",
          "mnemo learn --pending extracts what waits in .pending/; name no transcript with it.",
        );
      return { pending: true };
    }
    if (path === undefined)
      throw new MnemoError(
        "INVALID_INPUT",
        "Name the transcript to learn: mnemo learn <file> (or --hook in a Claude Code hook, --pending for what waits).",
      );
    const format =
      options.format === "auto"
        ? "auto"
        : parseChoice(options.format, TRANSCRIPT_FORMATS, "transcript format");
    if (path === STDIN_MARKER && options.session === undefined)
      throw new MnemoError(
        "INVALID_INPUT",
        "A transcript read from stdin needs --session <id>: the ledger of what was learned is kept per session.",
      );
    const source = path === STDIN_MARKER ? "stdin" : resolve(path);
    const transcript = await readTranscript(path, format);
    const sessionId = options.session ?? transcript.sessionId ?? sessionFromPath(source);
    return { transcript, sessionId, source, dryRun: options.dryRun === true, wait: options.wait === true };
  },
  withoutHome: (input) =>
    input.hook
      ? async () => (await import("../learn-hook.js")).startHookLearning(input.hook, input.options)
      : undefined,
  run: (input, { memory }) => learnIn(input, memory),
  render,
  exitCode,
  // On a stack, what is learned (and what waits in the user's .pending/) is written by kind to every layer.
  scoped: { run: (input, { scopes }) => learnIn(input, scopes.sessionHome, scopes), render, exitCode },
});

type PendingLearned = QueuedExtractions & { pending: true };
type Learned = LearnReport | { hook: true } | PendingLearned;

async function learnIn(input: LearnInput, memory: MemoryHome, scopes?: ScopeStack): Promise<Learned> {
  if (input.hook) throw new Error("mnemo learn --hook runs without opening the home (a bug in mnemo).");
  if (input.pending) {
    const { extractQueuedConversations } = await import("../queued-extractions.js");
    return { pending: true as const, ...(await extractQueuedConversations(memory, scopes)) };
  }
  const [{ learnTranscript }] = await Promise.all([import("../../../agent.js")]);
  const model = input.dryRun ? undefined : await homeChatModel(memory);
  const { wait, ...options } = input;
  const waitUntil = Date.now() + (wait ? WAIT_MS : 0);
  for (;;) {
    const report = await learnTranscript({ memory, model, ...(scopes ? { scopes } : {}), ...options });
    if (report.status !== "busy" || Date.now() >= waitUntil) return report;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

function render(data: Learned, { locate }: RenderContext): string {
  if ("hook" in data) return "";
  if ("pending" in data && data.pending === true) {
    const lines = queuedExtractionLines(data, "mnemo learn --pending");
    return lines.length === 0 ? "Nothing waits in .pending/." : lines.join("\n");
  }
  return renderLearnReport(data as LearnReport, locate);
}

function exitCode(data: Learned): number {
  if ("hook" in data) return EXIT_CODES.ok;
  if ("pending" in data && data.pending === true)
    return data.reports.some((report) => report.error !== undefined) ? EXIT_CODES.unavailable : EXIT_CODES.ok;
  return (data as LearnReport).extraction?.error !== undefined ? EXIT_CODES.unavailable : EXIT_CODES.ok;
}

async function readTranscript(path: string, format: TranscriptFormat | "auto"): Promise<ParsedTranscript> {
  const text = await readTextFile(path, "the transcript");
  const { parseTranscript } = await import("../../../agent.js");
  const read = parseTranscript(text, format);
  if (read.ok) return read.transcript;
  throw new MnemoError(
    "MALFORMED_FILE",
    `${path} line ${read.line}: ${read.problem}. Nothing was learned; fix the file, or pass --format if it is not the format it looks like.`,
  );
}

/** A transcript that names no session: its file name, and a hash of where it is, so the ledger finds it again. */
function sessionFromPath(source: string): string {
  const name = basename(source, extname(source))
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "");
  const hash = createHash("sha256").update(source).digest("hex").slice(0, 8);
  return `${name.slice(0, 100) || "transcript"}-${hash}`;
}

/** The home's chat model, or undefined when none is configured (the part then waits in .pending/). */
async function homeChatModel(memory: MemoryHome) {
  const { createChatModel } = await import("../../../create-chat-model.js");
  return createChatModel(memory.config.llm).catch((error: unknown) => {
    if (MnemoError.isInstance(error) && error.code === "INVALID_CONFIG") return undefined;
    throw error;
  });
}
