import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { CLI_PATH } from "./test-home.js";

/**
 * Runs the built `mnemo` bin as a user would, with no MNEMO_* variable from the test's environment;
 * `user` runs it as another user (tests running as root use it to meet a permission check), `cwd`
 * in another folder (a project).
 */
export function runMnemo(
  args: string[],
  options: {
    input?: string;
    env?: NodeJS.ProcessEnv;
    user?: { uid: number; gid: number };
    cwd?: string;
  } = {},
) {
  const inherited = Object.entries(process.env).filter(([key]) => !key.startsWith("MNEMO_"));
  return spawnSync(process.execPath, [CLI_PATH, ...args], {
    env: { ...Object.fromEntries(inherited), ...options.env },
    input: options.input ?? "",
    encoding: "utf8",
    cwd: options.cwd,
    ...options.user,
  });
}

/** What a `mnemo` run ended with, and how long it took from spawn to exit. */
export interface MnemoRun {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Like runMnemo, without blocking: many runs can go at once, as several editor windows or scripts do,
 * and a server in the test's own process (the scripted model) keeps answering. `input` is its stdin.
 */
export function spawnMnemo(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string } = {},
): Promise<MnemoRun> {
  const inherited = Object.entries(process.env).filter(([key]) => !key.startsWith("MNEMO_"));
  const started = performance.now();
  const child = spawn(process.execPath, [CLI_PATH, ...args], {
    env: { ...Object.fromEntries(inherited), ...options.env },
    cwd: options.cwd,
    stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  child.stdin?.end(options.input);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr, ms: performance.now() - started }));
  });
}

/** What `mnemo serve --json` prints. */
export interface ServeEndpoints {
  url: string;
  ui: string;
  api: string;
  openapi: string;
  mcp: string;
  home: string;
  token: string;
}

export interface RunningMnemoServe {
  child: ChildProcessWithoutNullStreams;
  endpoints: ServeEndpoints;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** Starts the built `mnemo serve --home HOME --port 0 --json ...args` and waits for the endpoints it prints. */
export function startMnemoServe(
  home: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<RunningMnemoServe> {
  return startServe(["--home", home, ...args], env);
}

/** Starts the built `mnemo serve --homes ROOT --port 0 --json ...args`: every home under ROOT, behind its tokens. */
export function startMnemoServeHomes(
  root: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<RunningMnemoServe> {
  return startServe(["--homes", root, ...args], env);
}

/** Starts the built `mnemo serve --store URL --port 0 --json ...args`: every home of that PostgreSQL database, behind its tokens. */
export function startMnemoServeStore(
  url: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<RunningMnemoServe> {
  return startServe(["--store", url, ...args], env);
}

async function startServe(args: string[], env: NodeJS.ProcessEnv): Promise<RunningMnemoServe> {
  const inherited = Object.entries(process.env).filter(([key]) => !key.startsWith("MNEMO_"));
  const child = spawn(process.execPath, [CLI_PATH, "serve", "--port", "0", "--json", ...args], {
    env: { ...Object.fromEntries(inherited), ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  for (let waited = 0; !stdout.endsWith("}\n"); waited += 20) {
    if (waited > 20_000 || child.exitCode !== null) {
      child.kill("SIGKILL");
      throw new Error(`mnemo serve printed no endpoints\nstdout: ${stdout}\nstderr: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    child,
    endpoints: JSON.parse(stdout) as ServeEndpoints,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
