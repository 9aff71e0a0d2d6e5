import { spawn } from "node:child_process";
import { chownSync, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openMemory } from "../../open-memory.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { askDaemon } from "./daemon-client.js";
import { daemonPaths } from "./daemon-paths.js";
import { type RunningDaemon, startDaemonServer } from "./daemon-server.js";
import { daemonSetting } from "./daemon-setting.js";

/**
 * The daemon's socket server and request handling in this process (the CLI tests in
 * src/surfaces/cli/daemon.test.ts drive the built bin): a client's recall, status and stop, refused
 * requests, the idle stop, a stale socket, and the setting the CLI reads.
 */
const folders: string[] = [];
const daemons: RunningDaemon[] = [];

async function scratch(): Promise<string> {
  const folder = await makeTempDir("mnemo-daemon-unit-");
  folders.push(folder);
  return folder;
}

async function startDaemon(idleMinutes = 5) {
  const paths = daemonPaths({ XDG_RUNTIME_DIR: await scratch() });
  const daemon = await startDaemonServer({ paths, idleMinutes });
  if (daemon) daemons.push(daemon);
  return { paths, daemon };
}

async function homeWith(texts: Record<string, string>): Promise<string> {
  const home = join(await scratch(), "home");
  mkdirSync(home);
  writeFileSync(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
  const memory = await openMemory({ home, env: {} });
  for (const [name, content] of Object.entries(texts))
    await memory.memories.save({ type: "user", name, description: name, content, consolidate: false });
  await memory.syncIndex(); // built here, so the daemon's answer and the library's below are alike
  await memory.close();
  return home;
}

afterEach(async () => {
  for (const daemon of daemons.splice(0)) await daemon.stop();
  for (const folder of folders.splice(0)) await removeDir(folder);
});

describe("the daemon's server", { timeout: 60_000 }, () => {
  it("answers a recall on the home named, as the library does, and counts it", async () => {
    const home = await homeWith({ Pet: "The user has a cat named Miso.", Tea: "The user drinks green tea." });
    const { paths } = await startDaemon();
    const filters = { limit: 5, fast: false };
    const answer = await askDaemon(
      paths.socket,
      { op: "recall", home, env: {}, query: "cat", filters },
      30_000,
    );
    const memory = await openMemory({ home, env: {} });
    const direct = await memory.recall("cat", {
      ...filters,
      minRelevance: memory.config.search.minRelevance,
    });
    await memory.close();
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const { timings: _a, ...served } = answer.result as { timings?: unknown };
    const { timings: _b, ...expected } = JSON.parse(JSON.stringify(direct)) as { timings?: unknown };
    expect(served).toEqual(expected);
    expect(served).toMatchObject({ hits: [{ locator: "Pet" }] });
    // The --json text, undefined fields written as null as the CLI writes them.
    expect(JSON.parse(answer.json as string)).toMatchObject({ hits: [{ locator: "Pet" }] });
    // The caller's filters are applied: both memories are about the user, one is asked for.
    const one = await askDaemon(
      paths.socket,
      { op: "recall", home, env: {}, query: "user", filters: { limit: 1, fast: false } },
      30_000,
    );
    expect(one.ok && (one.result as { hits: unknown[] }).hits).toHaveLength(1);
    const status = await askDaemon(paths.socket, { op: "status" }, 5000);
    expect(status).toMatchObject({
      ok: true,
      status: { recalls: 2, requests: 3, homes: [home], pid: process.pid },
    });
  });

  it("refuses a request that is not one, or a home that is not an absolute path, and goes on answering", async () => {
    const { paths } = await startDaemon();
    const relative = await askDaemon(
      paths.socket,
      { op: "recall", home: "relative/home", env: {}, query: "x", filters: {} },
      5000,
    );
    expect(relative).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    expect(!relative.ok && relative.error.message).toContain("absolute");
    const unknown = await askDaemon(paths.socket, { op: "dance" } as never, 5000);
    expect(unknown).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    expect(!unknown.ok && unknown.error.message).toMatch(/^not a daemon request: ./);
    expect(await askDaemon(paths.socket, { op: "status" }, 5000)).toMatchObject({ ok: true });
  });

  it("stops on request and after its idle time, removing its socket each time", async () => {
    const first = await startDaemon();
    expect(statSync(first.paths.folder).mode & 0o777).toBe(0o700);
    expect(statSync(first.paths.socket).mode & 0o777).toBe(0o600);
    expect(await askDaemon(first.paths.socket, { op: "stop" }, 5000)).toMatchObject({ ok: true });
    await first.daemon?.stopped;
    expect(existsSync(first.paths.socket)).toBe(false);

    const idle = await startDaemon(0.005); // 300 ms
    const started = Date.now();
    await idle.daemon?.stopped;
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(existsSync(idle.paths.socket)).toBe(false);
  });

  it("a connection open past its idle time holds off the idle stop until it is answered and the idle time passed again", async () => {
    const { paths, daemon } = await startDaemon(0.01); // 600 ms
    let stopped = false;
    void daemon?.stopped.then(() => {
      stopped = true;
    });
    const slow = createConnection(paths.socket);
    const slowAnswer = new Promise<string>((resolve) => {
      let received = "";
      slow.on("data", (chunk: Buffer) => {
        received += chunk.toString("utf8");
      });
      slow.on("end", () => resolve(received));
    });
    await new Promise((resolve) => slow.once("connect", resolve));
    await new Promise((resolve) => setTimeout(resolve, 1200)); // twice its idle time, the request unsent
    expect(stopped).toBe(false);
    slow.write('{"op":"status"}\n');
    expect(JSON.parse(await slowAnswer)).toMatchObject({ ok: true, status: { requests: 1 } });
    expect(stopped).toBe(false);
    expect(await askDaemon(paths.socket, { op: "status" }, 5000)).toMatchObject({ ok: true });
    await daemon?.stopped;
  });

  it("replaces a stale socket, and steps aside for a live daemon", async () => {
    const { paths, daemon } = await startDaemon();
    expect(daemon).toBeDefined();
    expect(await startDaemonServer({ paths, idleMinutes: 5 })).toBeUndefined(); // a live one has it
    await daemon?.stop();
    // A socket file nobody listens on, as a killed daemon leaves it (a closed server would remove it).
    const listener = spawn(process.execPath, [
      "-e",
      `require("node:net").createServer().listen(${JSON.stringify(paths.socket)}, () => console.log("up"))`,
    ]);
    await new Promise((resolve) => listener.stdout.once("data", resolve));
    listener.kill("SIGKILL");
    await new Promise((resolve) => listener.once("exit", resolve));
    expect(statSync(paths.socket).isSocket()).toBe(true);
    const replacing = await startDaemonServer({ paths, idleMinutes: 5 });
    expect(replacing).toBeDefined();
    if (replacing) daemons.push(replacing);
    expect(await askDaemon(paths.socket, { op: "status" }, 5000)).toMatchObject({ ok: true });
  });

  it("loosened folder permissions are put back to 0700", async () => {
    const runtime = await scratch();
    const paths = daemonPaths({ XDG_RUNTIME_DIR: runtime });
    mkdirSync(paths.folder, { mode: 0o755 });
    const daemon = await startDaemonServer({ paths, idleMinutes: 5 });
    if (daemon) daemons.push(daemon);
    expect(statSync(paths.folder).mode & 0o777).toBe(0o700);
  });
});

/**
 * Writes `text` as it is to the socket (then, with `close`, ends this side) and reads what comes back
 * until the daemon closes the connection.
 */
function sendRaw(socket: string, text: string, close = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let received = "";
    connection.setTimeout(10_000, () => {
      connection.destroy();
      reject(new Error(`no answer in 10 s; received so far: ${JSON.stringify(received)}`));
    });
    connection.on("error", reject);
    connection.on("connect", () => (close ? connection.end(text) : connection.write(text)));
    connection.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
    });
    connection.on("end", () => {
      connection.end();
      resolve(received);
    });
  });
}

describe("the daemon's bad input", { timeout: 60_000 }, () => {
  it("a request line that is not JSON is refused with INVALID_INPUT, and the next request is answered", async () => {
    const { paths } = await startDaemon();
    const reply = await sendRaw(paths.socket, "{ not json\n");
    expect(reply.endsWith("\n")).toBe(true);
    const answer = JSON.parse(reply);
    expect(answer).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    expect(answer.error.message).toMatch(/^the request is not JSON \(.+\); send one JSON object/);
    expect(await askDaemon(paths.socket, { op: "status" }, 5000)).toMatchObject({
      ok: true,
      status: { requests: 2, recalls: 0 },
    });
  });

  it("a client that closes without a whole line gets no answer, and the next request is answered", async () => {
    const { paths } = await startDaemon();
    expect(await sendRaw(paths.socket, "", true)).toBe("");
    expect(await sendRaw(paths.socket, '{"op":"status"}', true)).toBe("");
    // One request per connection: what follows the first line is not read.
    const first = JSON.parse(await sendRaw(paths.socket, '{"op":"status"}\n{"op":"stop"}\n'));
    expect(first).toMatchObject({ ok: true, status: { requests: 1 } });
    expect(await askDaemon(paths.socket, { op: "status" }, 5000)).toMatchObject({
      ok: true,
      status: { requests: 2 },
    });
  });

  it.skipIf(process.getuid?.() !== 0)(
    "a folder of another user where the socket's folder goes is refused, named (as root: chown)",
    async () => {
      const paths = daemonPaths({ XDG_RUNTIME_DIR: await scratch() });
      mkdirSync(paths.folder, { mode: 0o700 });
      chownSync(paths.folder, 54321, 54321);
      await expect(startDaemonServer({ paths, idleMinutes: 5 })).rejects.toMatchObject({
        code: "IO",
        message: `The daemon's folder ${paths.folder} is not a folder of this user; remove it, or set XDG_RUNTIME_DIR to a folder of yours.`,
      });
    },
  );

  it("a plain file where the socket's folder goes: a clear error naming it and what to do", async () => {
    const runtime = await scratch();
    const paths = daemonPaths({ XDG_RUNTIME_DIR: runtime });
    writeFileSync(paths.folder, "not a folder");
    await expect(startDaemonServer({ paths, idleMinutes: 5 })).rejects.toMatchObject({
      code: "IO",
      message: `The daemon's folder ${paths.folder} is a file, not a folder; remove it, or set XDG_RUNTIME_DIR to a folder of yours.`,
    });
  });

  it("a plain file where a folder above the socket's goes: the same error, naming that file", async () => {
    const runtime = join(await scratch(), "run");
    writeFileSync(runtime, "not a folder");
    const paths = daemonPaths({ XDG_RUNTIME_DIR: runtime });
    await expect(startDaemonServer({ paths, idleMinutes: 5 })).rejects.toMatchObject({
      code: "IO",
      message: `The daemon's folder ${paths.folder} cannot be made: ${runtime} is a file, not a folder; remove it, or set XDG_RUNTIME_DIR to a folder of yours.`,
    });
  });
});

describe("the daemon setting the CLI reads", () => {
  it("is off by default, on from config.json or MNEMO_DAEMON, and MNEMO_DAEMON wins", async () => {
    const home = await scratch();
    expect(daemonSetting(home, {})).toEqual({ enabled: false, idleMinutes: 15 });
    writeFileSync(join(home, "config.json"), JSON.stringify({ daemon: { enabled: true, idleMinutes: 2.5 } }));
    expect(daemonSetting(home, {})).toEqual({ enabled: true, idleMinutes: 2.5 });
    expect(daemonSetting(home, { MNEMO_DAEMON: "off" }).enabled).toBe(false);
    writeFileSync(join(home, "config.json"), JSON.stringify({ daemon: { idleMinutes: -1 } }));
    expect(daemonSetting(home, { MNEMO_DAEMON: "1" })).toEqual({ enabled: true, idleMinutes: 15 });
    writeFileSync(join(home, "config.json"), "{ not json");
    expect(daemonSetting(home, {}).enabled).toBe(false);
    expect(() => daemonSetting(home, { MNEMO_DAEMON: "maybe" })).toThrow(/MNEMO_DAEMON is "maybe"/);
  });

  it("MNEMO_DAEMON takes each word of yes and no, in any case and padded; empty leaves it to the config", async () => {
    const home = await scratch();
    writeFileSync(join(home, "config.json"), JSON.stringify({ daemon: { enabled: true } }));
    for (const word of ["1", "true", "yes", "on", " On ", "TRUE"])
      expect(daemonSetting(home, { MNEMO_DAEMON: word }).enabled, word).toBe(true);
    for (const word of ["0", "false", "no", "off", " Off ", "NO"])
      expect(daemonSetting(home, { MNEMO_DAEMON: word }).enabled, word).toBe(false);
    expect(daemonSetting(home, { MNEMO_DAEMON: "  " }).enabled).toBe(true);
    expect(() => daemonSetting(home, { MNEMO_DAEMON: "maybe" })).toThrow(
      expect.objectContaining({ code: "INVALID_CONFIG" }),
    );
    expect(() => daemonSetting(home, { MNEMO_DAEMON: " Maybe " })).toThrow(
      'Environment variable MNEMO_DAEMON is "maybe"; expected true or false. Fix or unset it.',
    );
  });

  it("idleMinutes from config.json: above 0 and at most 1440 (a day), else the default 15", async () => {
    const home = await scratch();
    const idleOf = (value: unknown) => {
      writeFileSync(join(home, "config.json"), JSON.stringify({ daemon: { idleMinutes: value } }));
      return daemonSetting(home, {}).idleMinutes;
    };
    expect(idleOf(1440)).toBe(1440);
    expect(idleOf(0.5)).toBe(0.5);
    for (const refused of [0, 1441, "30", null]) expect(idleOf(refused), String(refused)).toBe(15);
    for (const config of ["null", '{"daemon": null}', '{"daemon": "on"}', '{"daemon": {"enabled": "yes"}}']) {
      writeFileSync(join(home, "config.json"), config);
      expect(daemonSetting(home, {}), config).toEqual({ enabled: false, idleMinutes: 15 });
    }
  });

  it("puts the socket under XDG_RUNTIME_DIR when set, else under ~/.cache/mnemo/run", () => {
    expect(daemonPaths({ XDG_RUNTIME_DIR: "/run/user/1000" })).toEqual({
      folder: "/run/user/1000/mnemo",
      socket: "/run/user/1000/mnemo/daemon.sock",
    });
    expect(daemonPaths({}).socket).toBe(join(homedir(), ".cache", "mnemo", "run", "daemon.sock"));
    expect(daemonPaths({ XDG_RUNTIME_DIR: "  " }).folder).toBe(join(homedir(), ".cache", "mnemo", "run"));
    expect(daemonPaths({ XDG_RUNTIME_DIR: " /run/user/7 " }).folder).toBe("/run/user/7/mnemo");
  });
});
