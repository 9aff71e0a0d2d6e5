import { execFile, execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

/**
 * A throwaway PostgreSQL cluster for tests: initdb in a temp folder, started with pg_ctl on
 * 127.0.0.1 at a free port (durability off: fsync, synchronous commit and full-page writes), and
 * removed by stop(), or at the latest when the process exits. Root cannot run postgres, so as root
 * the cluster runs as the `postgres` user (`.ci/install-postgres.sh` installs the server and
 * pgvector). Starting takes about 2 s.
 */
const run = promisify(execFile);

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, superuser, no password (trust on loopback). */
  url: string;
  port: number;
  /** Stops the server and removes its folder (idempotent). */
  stop(): Promise<void>;
}

/** The newest installed PostgreSQL's bin folder that has pgvector next to it, or undefined. */
export function findPostgresBinaries(root = "/usr/lib/postgresql"): string | undefined {
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, "bin");
    const vector = `/usr/share/postgresql/${version}/extension/vector.control`;
    if (existsSync(join(bin, "initdb")) && existsSync(join(bin, "pg_ctl")) && existsSync(vector)) return bin;
  }
  return undefined;
}

/** `settings` are extra server settings (`shared_buffers: "2GB"`), for benchmarks. */
export async function startPostgresCluster(
  bin: string,
  options: { settings?: Record<string, string> } = {},
): Promise<PostgresCluster> {
  const folder = await mkdtemp(join(tmpdir(), "mnemo-postgres-"));
  const asServerUser = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  if (asServerUser.length > 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    await chown(folder, uid, gid);
  }
  const data = join(folder, "data");
  const command = (tool: string, args: string[]) => {
    const [file, ...rest] = [...asServerUser, join(bin, tool), ...args];
    return { file: file as string, args: rest };
  };
  const stopArgs = command("pg_ctl", ["-D", data, "-m", "immediate", "-s", "stop"]);
  const stopNow = () => {
    try {
      execFileSync(stopArgs.file, stopArgs.args, { stdio: "ignore" });
    } catch {
      // Not running (never started, or already stopped).
    }
  };
  try {
    const initdb = command("initdb", [
      "-D",
      data,
      "-U",
      "postgres",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--no-sync",
    ]);
    await run(initdb.file, initdb.args);
    const port = await freePort();
    const extra = Object.entries(options.settings ?? {}).map(([key, value]) => ` -c ${key}=${value}`);
    const settings = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200${extra.join("")}`;
    const start = command("pg_ctl", [
      "-D",
      data,
      "-l",
      join(folder, "log"),
      "-w",
      "-s",
      "-o",
      settings,
      "start",
    ]);
    await run(start.file, start.args);
    process.once("exit", stopNow);
    let stopped: Promise<void> | undefined;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      stop: () => {
        stopped ??= (async () => {
          process.removeListener("exit", stopNow);
          await run(stopArgs.file, stopArgs.args).catch(() => undefined);
          await rm(folder, { recursive: true, force: true });
        })();
        return stopped;
      },
    };
  } catch (error) {
    stopNow();
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

/** A port nothing listens on now (the kernel's choice). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no TCP port was assigned");
  return address.port;
}
