import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { CLI_MODULES_PATH, CLI_PATH, makeTempDir, removeDir } from "../../testing/test-home.js";
import { modulesLoadedBy } from "../../testing/test-loaded-modules.js";

/**
 * Issue 29 point 2: `mnemo daemon`, the user's optional background process that keeps homes and the
 * model loaded for `mnemo recall`, through the built bin. Each test has its own runtime folder (the
 * socket's) and HOME, so its daemon is its own; every daemon a test started is stopped in afterAll.
 * The three memories are remembered through the bin once, into a home each test copies for itself:
 * three `mnemo remember` processes per test were 21 of the file's processes.
 */
const started: Array<{ env: NodeJS.ProcessEnv; pids: number[] }> = [];
const folders: string[] = [];
let rememberedHome = "";

interface DaemonState {
  running: boolean;
  pid?: number;
  socket: string;
  requests?: number;
  recalls?: number;
  homes?: string[];
}

/** A user of their own: HOME and XDG_RUNTIME_DIR in scratch folders; `daemon` turns it on in the home's config. */
async function newUser(options: { daemon?: object; embedder?: "none" } = {}) {
  const scratch = await makeTempDir("mnemo-daemon-");
  folders.push(scratch);
  const env = { HOME: join(scratch, "user"), XDG_RUNTIME_DIR: join(scratch, "run") };
  const user = { env, pids: [] as number[] };
  started.push(user);
  const home = join(scratch, "home");
  const mnemo = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    runMnemo(args, { env: { ...env, ...extra } });
  cpSync(rememberedHome, home, { recursive: true });
  const config = {
    ...(options.daemon ? { daemon: options.daemon } : {}),
    ...(options.embedder ? { search: { embedder: options.embedder } } : {}),
  };
  writeFileSync(join(home, "config.json"), JSON.stringify(config));
  const state = (): DaemonState => {
    const answer = mnemo(["daemon", "status", "--json"]);
    expect(answer.status).toBe(0);
    const parsed = JSON.parse(answer.stdout) as DaemonState;
    if (parsed.pid !== undefined && !user.pids.includes(parsed.pid)) user.pids.push(parsed.pid);
    return parsed;
  };
  return { env, home, mnemo, state, socketFolder: join(env.XDG_RUNTIME_DIR, "mnemo") };
}

async function eventually<T>(read: () => T, accept: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The --json answer without its timings, which differ from call to call. */
function answerOf(stdout: string): unknown {
  const { timings: _timings, ...rest } = JSON.parse(stdout) as { timings?: unknown };
  return rest;
}

beforeAll(async () => {
  expect(existsSync(CLI_PATH)).toBe(true);
  const scratch = await makeTempDir("mnemo-daemon-remembered-");
  folders.push(scratch);
  rememberedHome = join(scratch, "home");
  for (const [name, text] of [
    ["Pet", "The user has a cat named Miso."],
    ["Drink", "The user drinks green tea after lunch."],
    ["Deploy", "Deploys go out on Fridays after the checks pass."],
  ] as const) {
    const env = { HOME: join(scratch, "user"), XDG_RUNTIME_DIR: join(scratch, "run") };
    const args = ["remember", text, "--type", "user", "--name", name, "--home", rememberedHome];
    expect(runMnemo(args, { env }).status).toBe(0);
  }
});
afterAll(async () => {
  for (const { env, pids } of started) {
    runMnemo(["daemon", "stop"], { env });
    for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL");
  }
  for (const folder of folders) await removeDir(folder);
});

describe("mnemo daemon", { timeout: 240_000 }, () => {
  it("turned on: the first recall starts it, the next are served by it with the same answer, and see other processes' writes", async () => {
    const user = await newUser({ daemon: { enabled: true, idleMinutes: 5 } });
    const recall = (query: string, extra: string[] = []) =>
      user.mnemo(["recall", query, ...extra, "--home", user.home]);
    // The home's first search builds its index: the answers compared below are of a built home.
    expect(user.mnemo(["recall", "cat", "--home", user.home], { MNEMO_DAEMON: "0" }).status).toBe(0);
    expect(user.state().running).toBe(false); // MNEMO_DAEMON=0 wins over the config: nothing started
    const inProcessJson = user.mnemo(
      ["recall", "what pet does the user have", "--json", "--home", user.home],
      {
        MNEMO_DAEMON: "0",
      },
    );
    const inProcessText = user.mnemo(["recall", "what pet does the user have", "--home", user.home], {
      MNEMO_DAEMON: "0",
    });

    const first = recall("what pet does the user have", ["--json"]);
    expect(first.status).toBe(0);
    expect(answerOf(first.stdout)).toEqual(answerOf(inProcessJson.stdout));
    const running = await eventually(user.state, (state) => state.running);
    expect(running).toMatchObject({ running: true, recalls: 0 });

    const second = recall("what pet does the user have", ["--json"]);
    expect(second.status).toBe(0);
    expect(user.state()).toMatchObject({ recalls: 1, homes: [user.home] });
    expect(answerOf(second.stdout)).toEqual(answerOf(inProcessJson.stdout));
    expect(JSON.parse(second.stdout)).toMatchObject({ mode: "hybrid", hits: [{ locator: "Pet" }] });
    const text = recall("what pet does the user have");
    expect(text.stdout).toBe(inProcessText.stdout);
    expect(user.state().recalls).toBe(2);

    // Another process remembers; the daemon's open home finds it at the next recall.
    const saved = user.mnemo([
      "remember",
      "The user rides a blue bicycle named Comet to work.",
      "--type",
      "user",
      "--name",
      "Bicycle",
      "--home",
      user.home,
    ]);
    expect(saved.status).toBe(0);
    const after = recall("what bicycle does the user ride", ["--json"]);
    expect(after.status).toBe(0);
    expect(user.state().recalls).toBe(3);
    expect((JSON.parse(after.stdout) as { hits: Array<{ locator: string }> }).hits[0]?.locator).toBe(
      "Bicycle",
    );
  });

  it("its socket is in a folder only this user may enter (0700), the socket itself 0600", async () => {
    const user = await newUser({ embedder: "none" });
    expect(user.mnemo(["daemon", "start"]).status).toBe(0);
    const state = user.state();
    expect(state.running).toBe(true);
    expect(statSync(user.socketFolder).mode & 0o777).toBe(0o700);
    expect(statSync(state.socket).isSocket()).toBe(true);
    expect(statSync(state.socket).mode & 0o777).toBe(0o600);
    expect(user.mnemo(["daemon", "stop"]).stdout).toContain("stopped");
    expect(existsSync(state.socket)).toBe(false);
  });

  it("a recall through it loads no config schema, YAML, engine or model: node:net and the command words", async () => {
    const user = await newUser({ daemon: { enabled: true }, embedder: "none" });
    expect(user.mnemo(["daemon", "start"]).status).toBe(0);
    const environment = Object.fromEntries(
      Object.entries({ ...process.env, ...user.env }).filter(([key]) => !key.startsWith("MNEMO_")),
    );
    const loaded = modulesLoadedBy([CLI_MODULES_PATH, "recall", "cat", "--home", user.home], {
      env: environment,
    });
    expect(loaded.status).toBe(0);
    expect(user.state().recalls).toBe(1); // the daemon answered it
    expect(loaded.packages).toEqual(["commander"]);
    expect(
      loaded.files.filter((path) =>
        /^(open-memory|index|load-config)\.js$|^engine\/(memory-home|search)|^adapters\//.test(path),
      ),
    ).toEqual([]);
  });

  it("stops itself after its idle time and leaves no socket", async () => {
    // 6 s idle; the socket and the process are watched without asking the daemon (a request resets the clock).
    const user = await newUser({ daemon: { enabled: true, idleMinutes: 0.1 }, embedder: "none" });
    expect(user.mnemo(["recall", "cat", "--home", user.home]).status).toBe(0); // starts it
    const socket = join(user.socketFolder, "daemon.sock");
    expect(await eventually(() => existsSync(socket), Boolean, 30_000)).toBe(true);
    const running = user.state();
    expect(running.running).toBe(true);
    expect(
      await eventually(
        () => existsSync(socket),
        (exists) => !exists,
        60_000,
      ),
    ).toBe(false);
    expect(
      await eventually(
        () => alive(running.pid as number),
        (isAlive) => !isAlive,
        10_000,
      ),
    ).toBe(false);
    expect(user.state().running).toBe(false);
  });

  it("a killed daemon's stale socket: recall answers in-process, and a new daemon takes the socket over", async () => {
    const user = await newUser({ daemon: { enabled: true, idleMinutes: 5 }, embedder: "none" });
    expect(user.mnemo(["daemon", "start"]).status).toBe(0);
    const killed = user.state();
    process.kill(killed.pid as number, "SIGKILL");
    await eventually(
      () => alive(killed.pid as number),
      (isAlive) => !isAlive,
      10_000,
    );
    expect(existsSync(killed.socket)).toBe(true); // the socket file outlived its daemon

    const answer = user.mnemo(["recall", "cat", "--json", "--home", user.home]);
    expect(answer.status).toBe(0);
    expect(answer.stderr).toBe("");
    expect(JSON.parse(answer.stdout)).toMatchObject({ hits: [{ locator: "Pet" }] });
    const replaced = await eventually(user.state, (state) => state.running);
    expect(replaced.running).toBe(true);
    expect(replaced.pid).not.toBe(killed.pid);
    const served = user.mnemo(["recall", "cat", "--json", "--home", user.home]);
    expect(JSON.parse(served.stdout)).toMatchObject({ hits: [{ locator: "Pet" }] });
    expect(user.state().recalls).toBe(1);
  });

  it("a plain file where its socket's folder goes: start says which file and what to do", async () => {
    const user = await newUser({ embedder: "none" });
    mkdirSync(user.env.XDG_RUNTIME_DIR, { recursive: true });
    writeFileSync(user.socketFolder, "not a folder");
    // Before: a detached daemon failed unseen, and start waited 10 s to say it "did not answer".
    const start = user.mnemo(["daemon", "start"]);
    expect(start.status).not.toBe(0);
    expect(start.stderr).toContain(
      `The daemon's folder ${user.socketFolder} is a file, not a folder; remove it, or set XDG_RUNTIME_DIR to a folder of yours.`,
    );
    expect(start.stderr).not.toMatch(/EEXIST|ENOTDIR|\n\s+at /);
    // The daemon's own process, as start or a recall spawns it, says the same on stderr and exits 1.
    const main = spawnSync(process.execPath, [join(CLI_PATH, "..", "daemon-main.js")], {
      env: { ...process.env, ...user.env },
      encoding: "utf8",
    });
    expect(main.status).toBe(1);
    expect(main.stderr).toBe(
      `mnemo daemon: The daemon's folder ${user.socketFolder} is a file, not a folder; remove it, or set XDG_RUNTIME_DIR to a folder of yours.\n`,
    );
  });

  it("off by default: recall starts no daemon and creates no socket", async () => {
    const user = await newUser({ embedder: "none" });
    for (let call = 0; call < 2; call++)
      expect(user.mnemo(["recall", "cat", "--home", user.home]).status).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 3000)); // a daemon started would be listening by now
    expect(existsSync(user.socketFolder)).toBe(false);
    expect(user.state().running).toBe(false);
  });
});
