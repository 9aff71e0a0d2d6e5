import { spawn } from "node:child_process";
import { appendFileSync, closeSync, mkdirSync, openSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import { MnemoError } from "../../errors.js";
import { isFolder } from "../../is-folder.js";
import { LEARN_LOG_FILE } from "../../rules/home-layout.js";
import type { CommonOptions } from "./cli-command.js";
import { printNote } from "./output.js";
import { readStdin } from "./read-input.js";

/**
 * `mnemo learn --hook`: what a Claude Code hook runs at PreCompact and SessionEnd. The hook's JSON
 * on stdin names the session and its transcript; learning it may take a model call of many
 * seconds, longer than a hook may keep the agent waiting, so it is handed to a detached
 * `mnemo learn <transcript> --wait` and the hook exits 0 at once (--wait: a SessionEnd that comes
 * while the PreCompact's learner still works learns what came after, once that one is done). Nothing here can fail the agent: a
 * problem is logged to <home>/.logs/learn.log (and said on stderr), with exit code 0.
 */
const hookSchema = z.looseObject({
  session_id: z.string().min(1),
  transcript_path: z.string().min(1),
  cwd: z.string().optional(),
  hook_event_name: z.string().optional(),
});

export type HookInput =
  | {
      ok: true;
      sessionId: string;
      transcript: string;
      event: string;
      /** The session's folder (the JSON's `cwd`, when it names one): where the learner finds a project layer. */
      cwd?: string;
    }
  | { ok: false; problem: string };

export interface HookStarted {
  hook: true;
  event?: string;
  sessionId?: string;
  transcript?: string;
  /** The process learning the transcript. */
  learner?: number;
  log?: string;
  problem?: string;
}

export async function readHookInput(): Promise<HookInput> {
  if (process.stdin.isTTY)
    throw new MnemoError(
      "INVALID_INPUT",
      "mnemo learn --hook reads a Claude Code hook's JSON on stdin; run it from a hook.",
    );
  const text = await readStdin();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: "the hook's input on stdin is not JSON" };
  }
  const parsed = hookSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      problem: `the hook's JSON has no usable ${issue?.path.join(".") || "fields"} (${issue?.message})`,
    };
  }
  const { session_id, transcript_path, cwd, hook_event_name } = parsed.data;
  const transcript = isAbsolute(transcript_path) ? transcript_path : resolve(cwd ?? ".", transcript_path);
  const folder = cwd !== undefined && isAbsolute(cwd) && isFolder(cwd) ? { cwd } : {};
  return { ok: true, sessionId: session_id, transcript, event: hook_event_name ?? "hook", ...folder };
}

export async function startHookLearning(hook: HookInput, options: CommonOptions): Promise<HookStarted> {
  const log = await logFile(options);
  const write = (line: string) => {
    if (log !== undefined) appendFileSync(log, `${new Date().toISOString()} ${line}\n`);
  };
  if (!hook.ok) {
    write(`mnemo learn --hook: ${hook.problem}; nothing learned`);
    printNote(`${hook.problem}; nothing learned${log ? ` (logged to ${log})` : ""}`);
    return { hook: true, problem: hook.problem, ...(log ? { log } : {}) };
  }
  const args = [
    process.argv[1] as string,
    "learn",
    hook.transcript,
    "--format",
    "claude-code",
    "--session",
    hook.sessionId,
    "--wait",
  ];
  for (const [flag, value] of [
    // The learner starts in the session's folder: a relative --home is made absolute first.
    ["--home", options.home === undefined ? undefined : resolve(options.home)],
    ["--store", options.store],
    ["--home-id", options.homeId],
  ])
    if (value !== undefined) args.push(flag as string, value);
  if (options.scopes === false) args.push("--no-scopes");
  const output = log === undefined ? "ignore" : openSync(log, "a");
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ["ignore", output, output],
    // The session's folder decides the stack (a project .mnemo/ above it), as for the other hooks.
    ...(hook.cwd === undefined ? {} : { cwd: hook.cwd }),
  });
  child.unref();
  if (typeof output === "number") closeSync(output);
  write(`${hook.event} of session ${hook.sessionId}: learning ${hook.transcript} in process ${child.pid}`);
  return {
    hook: true,
    event: hook.event,
    sessionId: hook.sessionId,
    transcript: hook.transcript,
    learner: child.pid,
    ...(log ? { log } : {}),
  };
}

/** The home folder's log, its folder created; undefined for a home in PostgreSQL (no folder to log to). */
async function logFile(options: CommonOptions): Promise<string | undefined> {
  if ((options.store ?? process.env.MNEMO_STORE) !== undefined) return undefined;
  const { resolveHome } = await import("../../load-config.js");
  const path = join(resolveHome(options.home, process.env), ...LEARN_LOG_FILE.split("/"));
  try {
    mkdirSync(join(path, ".."), { recursive: true });
    return path;
  } catch {
    return undefined;
  }
}
