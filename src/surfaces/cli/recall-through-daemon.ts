/**
 * `mnemo recall` through `mnemo daemon` when the user turned it on (config `daemon.enabled`, or
 * MNEMO_DAEMON=1): the home and the embedding model stay loaded there, so a call from a new process
 * pays Node's start and one socket round trip instead of the index's and the model's load (issue 29).
 * This path loads node:net and a few small files only. When the daemon cannot be reached, the call is
 * answered in this process as before, quietly, and the daemon is started for the next one.
 */
import { existsSync } from "node:fs";
import { readHomeFromEnv } from "../../engine/config/env.js";
import type { RecallResult } from "../../index.js";
import { resolveHomeFolder } from "../../rules/home-folder.js";
import { writeWarning } from "../../rules/write-warning.js";
import { askDaemon, startDaemonProcess } from "../daemon/daemon-client.js";
import { daemonPaths } from "../daemon/daemon-paths.js";
import { callerEnv } from "../daemon/daemon-protocol.js";
import { daemonSetting } from "../daemon/daemon-setting.js";
import type { CommonOptions, RemoteAnswer } from "./cli-command.js";

/** The longest a recall waits for the daemon before answering itself (a home's first open there loads the model). */
const ANSWER_TIMEOUT_MS = 60_000;

export async function recallThroughDaemon(
  input: { query: string; filters: object },
  options: CommonOptions,
): Promise<RemoteAnswer<RecallResult> | undefined> {
  const env = process.env;
  // A PostgreSQL home, or a folder that does not exist yet (its creation is announced), stays in-process.
  if (options.store !== undefined || options.homeId !== undefined || env.MNEMO_STORE?.trim())
    return undefined;
  const home = resolveHomeFolder(options.home, readHomeFromEnv(env));
  if (!existsSync(home)) return undefined;
  const setting = daemonSetting(home, env);
  if (!setting.enabled) return undefined;
  const { socket } = daemonPaths(env);
  const request = {
    op: "recall" as const,
    home,
    env: callerEnv(env),
    ...input,
    filters: { ...input.filters },
  };
  const answer = await askDaemon(socket, request, ANSWER_TIMEOUT_MS).catch(() => undefined);
  if (answer === undefined) {
    startDaemonProcess({ idleMinutes: setting.idleMinutes, env });
    return undefined;
  }
  // A refusal (a bad config, memory disabled) is raised again in this process, with its usual exit code.
  if (!answer.ok || answer.json === undefined) return undefined;
  for (const warning of answer.warnings ?? []) writeWarning(warning);
  return { data: answer.result as RecallResult, json: answer.json, home };
}
