import { Option } from "commander";
import { MnemoError } from "../../../errors.js";
import { askDaemon, startDaemonProcess, waitForDaemon } from "../../daemon/daemon-client.js";
import { daemonPaths, ensurePrivateFolder } from "../../daemon/daemon-paths.js";
import type { DaemonStatus } from "../../daemon/daemon-protocol.js";
import { DEFAULT_IDLE_MINUTES } from "../../daemon/daemon-setting.js";
import { defineCommand } from "../cli-command.js";

/**
 * `mnemo daemon start|stop|status`: the user's background process that keeps homes and the embedding
 * model loaded for `mnemo recall` (docs/daemon.md). Off unless the user starts it or turns it on.
 */
type DaemonState = { running: false; socket: string } | ({ running: true } & DaemonStatus);

const STATUS_TIMEOUT_MS = 2000;

async function daemonState(): Promise<DaemonState> {
  const { socket } = daemonPaths(process.env);
  const answer = await askDaemon(socket, { op: "status" }, STATUS_TIMEOUT_MS).catch(() => undefined);
  return answer?.ok && answer.status ? { running: true, ...answer.status } : { running: false, socket };
}

function stateText(state: DaemonState): string {
  if (!state.running) return `mnemo daemon is not running (its socket would be ${state.socket})`;
  const homes = state.homes.length === 0 ? "no home open" : `homes open: ${state.homes.join(", ")}`;
  return [
    `mnemo daemon is running (pid ${state.pid}) on ${state.socket}`,
    `  ${state.requests} request(s), ${state.recalls} recall(s) since ${state.startedAt}; ${homes}`,
    `  stops after ${state.idleMinutes} minute(s) without a request`,
  ].join("\n");
}

const status = defineCommand({
  name: "status",
  description:
    "Say whether the daemon runs, its socket, the homes it keeps open and the requests it answered.",
  examples: ["mnemo daemon status", "mnemo daemon status --json"],
  input: () => ({}),
  withoutHome: () => () => daemonState(),
  render: stateText,
});

const start = defineCommand({
  name: "start",
  description:
    "Start the daemon in the background (if it is not running) and wait until it answers. It stops itself after --idle-minutes without a request.",
  options: [
    new Option("--idle-minutes <n>", "minutes without a request before it stops").default(
      String(DEFAULT_IDLE_MINUTES),
    ),
  ],
  examples: ["mnemo daemon start", "mnemo daemon start --idle-minutes 60"],
  input(_args, options: { idleMinutes: string }) {
    const idleMinutes = Number(options.idleMinutes);
    if (!(idleMinutes > 0 && idleMinutes <= 1440))
      throw new MnemoError(
        "INVALID_INPUT",
        `--idle-minutes must be a number of minutes above 0 and at most 1440, not "${options.idleMinutes}"`,
      );
    return { idleMinutes };
  },
  withoutHome:
    ({ idleMinutes }) =>
    async () => {
      const before = await daemonState();
      if (before.running) return before;
      // Checked here too, so a folder the daemon cannot use is reported to the user, not to a detached process.
      ensurePrivateFolder(daemonPaths(process.env).folder);
      startDaemonProcess({ idleMinutes, env: process.env });
      if (!(await waitForDaemon(before.socket, 10_000)))
        throw new MnemoError("IO", `mnemo daemon did not answer on ${before.socket} within 10 s.`);
      return daemonState();
    },
  render: stateText,
});

const stop = defineCommand({
  name: "stop",
  description:
    "Stop the daemon: it finishes the requests in progress, closes its homes and removes its socket.",
  examples: ["mnemo daemon stop"],
  input: () => ({}),
  withoutHome: () => async () => {
    const { socket } = daemonPaths(process.env);
    const answer = await askDaemon(socket, { op: "stop" }, STATUS_TIMEOUT_MS).catch(() => undefined);
    if (!answer?.ok) return { stopped: false, socket };
    // The daemon answers first, then closes; wait until its socket is gone.
    for (let waited = 0; waited < 10_000 && (await daemonState()).running; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return { stopped: true, socket };
  },
  render: ({ stopped, socket }: { stopped: boolean; socket: string }) =>
    stopped ? `mnemo daemon stopped (${socket} removed)` : "mnemo daemon was not running",
});

export const daemon = {
  name: "daemon",
  summary: "Start, stop or ask the background process that keeps homes and the model loaded for recall",
  description:
    "A background process of this user that keeps memory homes and the embedding model loaded, so `mnemo recall` " +
    "from a new process answers in a fraction of the time. Off by default; turn it on with daemon.enabled in a " +
    "home's config.json or MNEMO_DAEMON=1, and recall starts it on first use. It listens on a socket only this " +
    "user can reach and stops itself when idle. See docs/daemon.md.",
  commands: [start, stop, status],
};
