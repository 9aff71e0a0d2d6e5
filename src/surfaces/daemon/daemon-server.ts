/**
 * `mnemo daemon`'s socket: listens on the user's private socket (replacing a stale one a killed
 * daemon left), answers one request per connection, and stops itself after `idleMs` without a
 * request, removing its socket. A second daemon started beside a live one steps aside.
 */
import { chmodSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { errnoCode } from "../../errors.js";
import { askDaemon } from "./daemon-client.js";
import { type DaemonPaths, ensurePrivateFolder } from "./daemon-paths.js";
import { encodeMessage } from "./daemon-protocol.js";
import { DaemonRequests } from "./daemon-requests.js";

export interface DaemonServerOptions {
  paths: DaemonPaths;
  idleMinutes: number;
}

export interface RunningDaemon {
  /** Resolves once the daemon stopped (idle, a stop request, or `stop`) and its socket is gone. */
  stopped: Promise<void>;
  stop(): Promise<void>;
}

/** Undefined when another daemon already answers on the socket. */
export async function startDaemonServer(options: DaemonServerOptions): Promise<RunningDaemon | undefined> {
  const { paths, idleMinutes } = options;
  const idleMs = idleMinutes * 60_000;
  const startedAt = new Date().toISOString();
  let inFlight = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  let markStopped: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    markStopped = resolve;
  });

  const requests = new DaemonRequests({
    status: () => ({ pid: process.pid, socket: paths.socket, startedAt, idleMinutes }),
    stop: () => void stop(),
  });
  const server = createServer((connection) => {
    inFlight++;
    clearTimeout(idleTimer);
    void answerConnection(connection, requests).finally(() => {
      inFlight--;
      armIdleTimer();
    });
  });

  function armIdleTimer(): void {
    clearTimeout(idleTimer);
    if (inFlight === 0 && !stopping) idleTimer = setTimeout(() => void stop(), idleMs);
  }

  function stop(): Promise<void> {
    stopping ??= (async () => {
      clearTimeout(idleTimer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await requests.close();
      rmSync(paths.socket, { force: true });
      markStopped();
    })();
    return stopping;
  }

  ensurePrivateFolder(paths.folder);
  if (!(await listenOnSocket(server, paths.socket))) return undefined;
  chmodSync(paths.socket, 0o600);
  armIdleTimer();
  return { stopped, stop };
}

/** Listens on the socket; a socket nobody answers on (its daemon was killed) is removed first. False: a live daemon has it. */
async function listenOnSocket(server: Server, socket: string): Promise<boolean> {
  try {
    await listen(server, socket);
    return true;
  } catch (error) {
    if (errnoCode(error) !== "EADDRINUSE") throw error;
  }
  const alive = await askDaemon(socket, { op: "status" }, 2000).then(
    (answer) => answer.ok,
    () => false,
  );
  if (alive) return false;
  rmSync(socket, { force: true });
  await listen(server, socket);
  return true;
}

function listen(server: Server, socket: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** Reads one line, writes its answer, closes. */
async function answerConnection(connection: Socket, requests: DaemonRequests): Promise<void> {
  const line = await new Promise<string | undefined>((resolve) => {
    let received = "";
    connection.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
      const end = received.indexOf("\n");
      if (end !== -1) resolve(received.slice(0, end));
    });
    connection.on("end", () => resolve(undefined));
    connection.on("error", () => resolve(undefined));
  });
  if (line === undefined) {
    connection.destroy();
    return;
  }
  const answer = await requests.answer(line);
  await new Promise<void>((resolve) => connection.end(encodeMessage(answer), () => resolve()));
}
