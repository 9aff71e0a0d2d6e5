import type { Dirent } from "node:fs";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { errnoCode, MnemoError } from "../../errors.js";
import {
  classifyTreeFolder,
  classifyTreePath,
  outsideTree,
  type RefusedFile,
  type SkippedFile,
  TREE_FOLDERS,
  type TreeFile,
} from "../../rules/tree-layout.js";
import { ioError } from "./io-error.js";
import { runLimited } from "./run-limited.js";

/**
 * A memory home's tree as a plain folder, the other side of `mnemo export` and `mnemo import`.
 * Reading is strict, since what it returns is written into a home, and says what it did with every
 * entry: a file of the tree is read; derived state (.index/), other hidden entries and config.json
 * are skipped, with the reason; a symbolic link, a file outside the tree's layout or a file that is
 * not UTF-8 is refused, with the reason. Nothing refused is handed on.
 */

/** Files read or written at once. */
const PARALLEL_FILES = 64;

/** Exact UTF-8: an invalid byte is an error, and a byte order mark is kept as text, so bytes round-trip. */
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export interface TreeFolder {
  /** Sorted by path. */
  files: TreeFile[];
  skipped: SkippedFile[];
  refused: RefusedFile[];
}

export async function readTreeFolder(folder: string): Promise<TreeFolder> {
  await requireFolder(folder);
  const found: TreeFolder = { files: [], skipped: [], refused: [] };
  const paths: string[] = [];
  await walk(folder, "", found, (path) => {
    const kind = classifyTreePath(path);
    if (kind.kind === "skipped") found.skipped.push({ path, reason: kind.reason });
    else if (kind.kind === "outside") found.refused.push(outsideTree(path, kind.reason));
    else paths.push(path);
  });
  paths.sort();
  const texts: Array<string | RefusedFile> = new Array(paths.length);
  await runLimited(paths, PARALLEL_FILES, async (path, index) => {
    texts[index] = await readUtf8(folder, path);
  });
  paths.forEach((path, index) => {
    const text = texts[index] as string | RefusedFile;
    if (typeof text === "string") found.files.push({ path, text });
    else found.refused.push(text);
  });
  return found;
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

/** Calls `found` with each regular file's relative path; skips hidden folders, refuses links, devices and stray folders. */
async function walk(
  root: string,
  relative: string,
  into: TreeFolder,
  found: (path: string) => void,
): Promise<void> {
  const absolute = relative === "" ? root : join(root, ...relative.split("/"));
  const entries: Dirent[] = await readdir(absolute, { withFileTypes: true }).catch(fail(absolute));
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
    if (entry.isSymbolicLink()) {
      into.refused.push(outsideTree(path, "it is a symbolic link; put the file itself in the folder"));
    } else if (entry.isDirectory()) {
      const kind = classifyTreeFolder(path);
      if (kind.kind === "tree") await walk(root, path, into, found);
      else if (kind.kind === "skipped") into.skipped.push({ path: `${path}/`, reason: kind.reason });
      else into.refused.push(outsideTree(`${path}/`, kind.reason));
    } else if (entry.isFile()) found(path);
    else into.refused.push(outsideTree(path, "it is not a regular file"));
  }
}

/** The file's text, or its refusal when it is not UTF-8 or cannot be read. */
async function readUtf8(root: string, path: string): Promise<string | RefusedFile> {
  const absolute = join(root, ...path.split("/"));
  const bytes = await readFile(absolute).catch((error: unknown) => ioError(error, absolute));
  if (bytes instanceof MnemoError) return { path, code: bytes.code, reason: bytes.message };
  try {
    return UTF8.decode(bytes);
  } catch {
    return {
      path,
      code: "MALFORMED_FILE",
      reason: "not UTF-8 text, which every file of a memory home is; convert it (for example with iconv)",
    };
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
  // A hidden entry of the folder's own (.git) stays; one the tree writes (.sessions) would mix in.
  const visible = entries.filter((name) => !name.startsWith(".") || TREE_FOLDERS.includes(name));
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
