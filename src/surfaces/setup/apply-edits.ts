/**
 * Reads the files of a setup, works out each one's next text, and writes them, or only shows the
 * diff. Nothing is written until every file's next text is known, so a file setup cannot read or
 * merge stops it before it changed anything. Writes are atomic (a temporary file, then rename) and
 * keep the file's mode (~/.claude.json is private); a file setup leaves empty is deleted, with the
 * folders it made for it.
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, rename, rmdir, stat, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { createTwoFilesPatch } from "diff";
import { errorMessage, MnemoError } from "../../errors.js";
import type { FileEdit } from "./file-edit.js";

export type FileAction = "created" | "updated" | "deleted" | "unchanged";

export interface PlannedFile {
  path: string;
  action: FileAction;
  before: string | undefined;
  after: string | undefined;
}

export async function planEdits(edits: FileEdit[], direction: "add" | "remove"): Promise<PlannedFile[]> {
  const planned: PlannedFile[] = [];
  for (const edit of edits) {
    const before = await readIfThere(edit.path);
    const after = direction === "add" ? edit.add(before) : edit.remove(before);
    planned.push({ path: edit.path, action: actionOf(before, after), before, after });
  }
  return planned;
}

/** A unified diff of every file that changes; paths are shown relative to `base` when inside it. */
export function unifiedDiff(planned: PlannedFile[], base: { folder: string; label: string }): string {
  return planned
    .filter((file) => file.action !== "unchanged")
    .map((file) => {
      const shown = shownPath(file.path, base);
      return createTwoFilesPatch(
        file.before === undefined ? "/dev/null" : `a/${shown.replace(/^~\//, "")}`,
        file.after === undefined ? "/dev/null" : `b/${shown.replace(/^~\//, "")}`,
        file.before ?? "",
        file.after ?? "",
        undefined,
        undefined,
        { context: 3 },
      ).replace(/^=+\n/m, "");
    })
    .join("");
}

/** Writes what changed; `stopAt` folders are never removed when a deleted file leaves them empty. */
export async function writePlanned(planned: PlannedFile[], stopAt: string[]): Promise<void> {
  for (const file of planned) {
    if (file.action === "unchanged") continue;
    if (file.after === undefined) await deleteWithEmptyFolders(file.path, stopAt);
    else await writeAtomically(file.path, file.after);
  }
}

/** The path inside `base` (written under `label`, e.g. "~/"), else the absolute path. */
export function shownPath(path: string, base: { folder: string; label: string }): string {
  const inside = relative(base.folder, path);
  return inside.startsWith("..") || inside === "" ? path : base.label + inside;
}

function actionOf(before: string | undefined, after: string | undefined): FileAction {
  if (before === after) return "unchanged";
  if (before === undefined) return "created";
  return after === undefined ? "deleted" : "updated";
}

async function readIfThere(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new MnemoError("IO", `Cannot read ${path}: ${errorMessage(error)}`, { cause: error });
  }
}

async function writeAtomically(path: string, text: string): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    const mode = await stat(path).then(
      (stats) => stats.mode & 0o777,
      () => undefined,
    );
    const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString("hex")}.tmp`);
    await writeFile(temporary, text, { encoding: "utf8", flush: true });
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, path);
  } catch (error) {
    throw new MnemoError("IO", `Cannot write ${path}: ${errorMessage(error)}`, { cause: error });
  }
}

async function deleteWithEmptyFolders(path: string, stopAt: string[]): Promise<void> {
  await unlink(path);
  for (
    let folder = dirname(path);
    !stopAt.includes(folder) && folder !== dirname(folder);
    folder = dirname(folder)
  ) {
    try {
      await rmdir(folder);
    } catch {
      return; // not empty (or not ours to remove): stop there
    }
  }
}
