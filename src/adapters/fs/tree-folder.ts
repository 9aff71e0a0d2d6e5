import type { Dirent } from "node:fs";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import {
  classifyTreePath,
  isTreeFolder,
  outsideTreeError,
  SETTINGS_SKIP_REASON,
  type SkippedFile,
  strayFolderReason,
  type TreeFile,
} from "../../engine/transfer/tree-layout.js";
import { errnoCode, MnemoError } from "../../errors.js";
import { ioError } from "./io-error.js";
import { runLimited } from "./run-limited.js";

/**
 * A memory home's Markdown tree as a plain folder, the other side of `mnemo export` and
 * `mnemo import`. Reading is strict, since what it returns is written into a home: a symbolic link,
 * a file outside the tree's layout or a file that is not UTF-8 is an error naming the file, found
 * before any text is handed on. Hidden files and folders (.git, .index) are not looked at.
 */

/** Files read or written at once. */
const PARALLEL_FILES = 64;

/** Exact UTF-8: an invalid byte is an error, and a byte order mark is kept as text, so bytes round-trip. */
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export async function readTreeFolder(folder: string): Promise<{ files: TreeFile[]; skipped: SkippedFile[] }> {
  await requireFolder(folder);
  const paths: string[] = [];
  const skipped: SkippedFile[] = [];
  await walk(folder, "", (path) => {
    const kind = classifyTreePath(path);
    if (kind.kind === "settings") skipped.push({ path, reason: SETTINGS_SKIP_REASON });
    else if (kind.kind === "outside") throw outsideTreeError(join(folder, path), kind.reason);
    else paths.push(path);
  });
  paths.sort();
  const files: TreeFile[] = new Array(paths.length);
  await runLimited(paths, PARALLEL_FILES, async (path, index) => {
    files[index] = { path, text: await readUtf8(join(folder, ...path.split("/"))) };
  });
  return { files, skipped };
}

/**
 * Writes a tree into a folder that does not exist yet or holds nothing but hidden entries (a fresh
 * git repository): an export never mixes with, or overwrites, files that were there.
 */
export async function writeTreeFolder(folder: string, files: readonly TreeFile[]): Promise<void> {
  await requireEmptyFolder(folder);
  // The folder itself too: an empty home exports as an empty folder, which imports as nothing.
  const folders = new Set([folder, ...files.map((file) => dirname(join(folder, ...file.path.split("/"))))]);
  for (const each of [...folders].sort()) await mkdir(each, { recursive: true }).catch(fail(each));
  await runLimited(files, PARALLEL_FILES, async ({ path, text }) => {
    const absolute = join(folder, ...path.split("/"));
    await writeFile(absolute, text, { encoding: "utf8", flag: "wx" }).catch(fail(absolute));
  });
}

/** Calls `found` with each regular file's relative path; refuses links, devices and stray folders. */
async function walk(root: string, relative: string, found: (path: string) => void): Promise<void> {
  const absolute = relative === "" ? root : join(root, ...relative.split("/"));
  const entries: Dirent[] = await readdir(absolute, { withFileTypes: true }).catch(fail(absolute));
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith(".")) continue;
    const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
    const where = join(absolute, entry.name);
    if (entry.isSymbolicLink()) {
      throw outsideTreeError(where, "it is a symbolic link; put the file itself in the folder");
    }
    if (entry.isDirectory()) {
      if (!isTreeFolder(path)) throw outsideTreeError(where, strayFolderReason(path));
      await walk(root, path, found);
    } else if (entry.isFile()) found(path);
    else throw outsideTreeError(where, "it is not a regular file");
  }
}

async function readUtf8(absolute: string): Promise<string> {
  const bytes = await readFile(absolute).catch(fail(absolute));
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new MnemoError(
      "MALFORMED_FILE",
      `${absolute} is not UTF-8 text, which every file of a memory home is. Convert it to UTF-8 (for example with iconv), then import again; nothing was imported.`,
    );
  }
}

async function requireFolder(folder: string): Promise<void> {
  const info = await stat(folder).catch((error: unknown) => {
    if (errnoCode(error) === "ENOENT")
      throw new MnemoError(
        "NOT_FOUND",
        `There is no folder ${folder} to import. Give the folder that mnemo export wrote.`,
      );
    throw ioError(error, folder);
  });
  if (!info.isDirectory())
    throw new MnemoError(
      "INVALID_INPUT",
      `${folder} is not a folder. Give the folder that mnemo export wrote.`,
    );
}

async function requireEmptyFolder(folder: string): Promise<void> {
  const entries = await readdir(folder).catch((error: unknown) => {
    if (errnoCode(error) === "ENOENT") return [];
    if (errnoCode(error) === "ENOTDIR")
      throw new MnemoError("INVALID_INPUT", `${folder} is a file. Export into a new or empty folder.`);
    throw ioError(error, folder);
  });
  const visible = entries.filter((name) => !name.startsWith("."));
  if (visible.length > 0) {
    throw new MnemoError(
      "INVALID_INPUT",
      `${folder} is not empty (it holds ${visible.slice(0, 3).join(", ")}${visible.length > 3 ? ", …" : ""}). Export into a new or empty folder, so that no file is overwritten or mixed in.`,
    );
  }
}

function fail(absolute: string): (error: unknown) => never {
  return (error: unknown) => {
    throw ioError(error, absolute);
  };
}
