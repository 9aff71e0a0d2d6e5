/**
 * The CLI's side of the socket: one request, one answer, with node:net only (a call through the
 * daemon must not load what it saves loading). Also starts the daemon as a process of its own.
 */
import { spawn } from "node:child_process";
import { createConnection } from "node:net";
import { fileURLToPath } from "node:url";
import { type DaemonAnswer, type DaemonRequest, encodeMessage } from "./daemon-protocol.js";

/** Sends one request; rejects when nothing listens (ENOENT, ECONNREFUSED), on a broken answer, or after `timeoutMs`. */
export function askDaemon(socket: string, request: DaemonRequest, timeoutMs: number): Promise<DaemonAnswer> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let received = "";
    const fail = (error: Error) => {
      connection.destroy();
      reject(error);
    };
    connection.setTimeout(timeoutMs, () => fail(new Error(`no answer from the daemon in ${timeoutMs} ms`)));
    connection.on("error", fail);
    connection.on("connect", () => connection.write(encodeMessage(request)));
    connection.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
      const end = received.indexOf("\n");
      if (end === -1) return;
      connection.end();
      try {
        resolve(JSON.parse(received.slice(0, end)) as DaemonAnswer);
      } catch (error) {
        reject(error);
      }
    });
    connection.on("end", () => fail(new Error("the daemon closed the connection without an answer")));
  });
}

/** Starts `mnemo daemon` in the background, detached from this process and its terminal. */
export function startDaemonProcess(options: { idleMinutes: number; env: NodeJS.ProcessEnv }): void {
  const main = fileURLToPath(new URL("./daemon-main.js", import.meta.url));
  const child = spawn(process.execPath, [main, "--idle-minutes", String(options.idleMinutes)], {
    detached: true,
    stdio: "ignore",
    env: options.env,
  });
  child.on("error", () => undefined); // the next call falls back and tries again
  child.unref();
}

/** Asks until the daemon answers status, at most `timeoutMs`; true when it did. */
export async function waitForDaemon(socket: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await askDaemon(socket, { op: "status" }, 1000).catch(() => undefined);
    if (answer?.ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
