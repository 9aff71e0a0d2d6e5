/**
 * Where the user's one `mnemo daemon` listens: a Unix socket in a folder only this user may enter
 * (0700), so the folder's permissions are the access rule, as a loopback port's token is for
 * `mnemo serve`. $XDG_RUNTIME_DIR/mnemo when the session has one (per user, cleared at logout),
 * else ~/.cache/mnemo/run.
 */
import { chmodSync, lstatSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { MnemoError } from "../../errors.js";

export interface DaemonPaths {
  folder: string;
  socket: string;
}

export function daemonPaths(env: NodeJS.ProcessEnv): DaemonPaths {
  const runtime = env.XDG_RUNTIME_DIR?.trim();
  const folder = runtime ? join(runtime, "mnemo") : join(homedir(), ".cache", "mnemo", "run");
  return { folder, socket: join(folder, "daemon.sock") };
}

/**
 * Creates the socket's folder with mode 0700, or checks the one there: it must be a folder of this
 * user that no one else may enter (a folder made by someone else could let them listen in our place).
 */
export function ensurePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stat = lstatSync(folder);
  const owner = process.getuid?.();
  if (!stat.isDirectory() || (owner !== undefined && stat.uid !== owner))
    throw new MnemoError(
      "IO",
      `The daemon's folder ${folder} is not a folder of this user; remove it, or set XDG_RUNTIME_DIR to a folder of yours.`,
    );
  if ((stat.mode & 0o077) !== 0) chmodSync(folder, 0o700);
}
