/**
 * Where a SQLite store's file is opened. Given the memory home, the file must stay inside it as
 * Markdown files do (src/adapters/fs/safe-path.ts): no folder on the way may be a symbolic link
 * leading out, and neither the file nor its -wal and -shm (which SQLite writes beside it, after
 * following a link) may be a link. Folders are created once checked, so nothing is ever created or
 * written outside the home. Without a home the path is used as given.
 */
import { mkdirSync } from "node:fs";
import { dirname, isAbsolute, relative, sep } from "node:path";
import { MnemoError } from "../../errors.js";
import { resolveInsideHome } from "../fs/safe-path.js";

export const SQLITE_SIDE_FILES = ["-wal", "-shm"];

export async function sqliteFilePath(options: { path: string; home?: string }): Promise<string> {
  const { path, home } = options;
  if (path === ":memory:") return path;
  if (home === undefined) {
    mkdirSync(dirname(path), { recursive: true });
    return path;
  }
  const inside = relative(home, path);
  if (inside === "" || inside.startsWith("..") || isAbsolute(inside)) {
    throw new MnemoError(
      "OUTSIDE_HOME",
      `Refusing ${path}: it is not inside the memory home ${home}. Pass a path inside the home.`,
    );
  }
  const relativePath = inside.split(sep).join("/");
  const absolute = await resolveInsideHome(home, relativePath, { createFolders: true });
  for (const suffix of SQLITE_SIDE_FILES)
    await resolveInsideHome(home, relativePath + suffix, { createFolders: false });
  return absolute;
}
