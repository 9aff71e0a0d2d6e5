/**
 * Where the user's one `mnemo daemon` listens: a Unix socket in a folder only this user may enter
 * (0700), so the folder's permissions are the access rule, as a loopback port's token is for
 * `mnemo serve`. $XDG_RUNTIME_DIR/mnemo when the session has one (per user, cleared at logout),
 * else ~/.cache/mnemo/run.
 */
import { chmodSync, lstatSync, mkdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { errnoCode, MnemoError } from "../../errors.js";

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
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch (error) {
    const code = errnoCode(error);
    if (code !== "EEXIST" && code !== "ENOTDIR") throw error;
    const file = fileOnTheWay(folder);
    const where = file === folder ? `${folder} is a file` : `${folder} cannot be made: ${file} is a file`;
    throw new MnemoError(
      "IO",
      `The daemon's folder ${where}, not a folder; remove it, or set XDG_RUNTIME_DIR to a folder of yours.`,
    );
  }
  const stat = lstatSync(folder);
  const owner = process.getuid?.();
  if (!stat.isDirectory() || (owner !== undefined && stat.uid !== owner))
    throw new MnemoError(
      "IO",
      `The daemon's folder ${folder} is not a folder of this user; remove it, or set XDG_RUNTIME_DIR to a folder of yours.`,
    );
  if ((stat.mode & 0o077) !== 0) chmodSync(folder, 0o700);
}

/** The first path from the root down to `folder` that is there but is no folder (`folder` when none is found). */
function fileOnTheWay(folder: string): string {
  const paths = [folder];
  while (dirname(paths[0] as string) !== paths[0]) paths.unshift(dirname(paths[0] as string));
  return paths.find((path) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === false) ?? folder;
}
