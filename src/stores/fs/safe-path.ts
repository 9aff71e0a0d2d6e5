import { lstat, mkdir, realpath } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
import { errnoCode, MnemoError } from "../../errors.js";

/**
 * Checks a document path before it is joined to the home: relative, "/"-separated, no "." or ".."
 * segments, no backslashes or NUL. Returns the path's segments.
 */
export function validateDocumentPath(path: string): string[] {
  const segments = path.split("/");
  const bad =
    path.length === 0 ||
    path.startsWith("/") ||
    path.includes("\\") ||
    path.includes("\0") ||
    segments.some((segment) => segment === "" || segment === "." || segment === "..");
  if (bad) {
    throw new MnemoError(
      "OUTSIDE_HOME",
      `Refusing path "${path}": memory-home paths are relative, use "/" and contain no "." or ".." parts.`,
    );
  }
  return segments;
}

/**
 * Resolves a document path to an absolute file path that is guaranteed to stay inside the home,
 * also through symbolic links: the real path of its folder must be inside the real home, and the
 * file itself must not be a symbolic link.
 */
export async function resolveInsideHome(
  home: string,
  path: string,
  options: { createFolders: boolean },
): Promise<string> {
  validateDocumentPath(path);
  const absolute = join(home, ...path.split("/"));
  const folder = dirname(absolute);
  if (options.createFolders) await mkdir(folder, { recursive: true });
  const realHome = await realpath(home);
  let realFolder: string;
  try {
    realFolder = await realpath(folder);
  } catch (error) {
    if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") return absolute;
    throw error;
  }
  if (realFolder !== realHome && !realFolder.startsWith(realHome + sep)) {
    throw new MnemoError(
      "OUTSIDE_HOME",
      `Refusing ${absolute}: its folder is a symbolic link to ${realFolder}, outside the memory home ${realHome}.`,
    );
  }
  try {
    const info = await lstat(absolute);
    if (info.isSymbolicLink()) {
      throw new MnemoError(
        "OUTSIDE_HOME",
        `Refusing ${absolute}: it is a symbolic link. mnemo only reads and writes regular files inside the home; replace the link with the file itself.`,
      );
    }
  } catch (error) {
    if (errnoCode(error) !== "ENOENT") throw error;
  }
  return absolute;
}
