import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Temporary files start with "." and end with ".tmp", so listings skip them and doctor can find leftovers. */
export const TEMP_FILE_PATTERN = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * Writes a file so that a reader, or a process killed at any moment, sees either the old content or
 * the new, never a torn mix: write a temporary file in the same folder, fsync it, rename it over the
 * target, then fsync the folder so the rename itself survives a power cut.
 */
export async function writeFileAtomic(path: string, content: string, mode = 0o644): Promise<void> {
  const temporary = await writeTemporaryFile(path, content, mode);
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(dirname(path));
}

/**
 * The first half of an atomic write: `content` durable in a hidden temporary file beside `path`,
 * ready to be renamed over it. Returns the temporary file's path; nothing is left on failure.
 */
export async function writeTemporaryFile(path: string, content: string, mode = 0o644): Promise<string> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await open(temporary, "wx", mode);
    try {
      await handle.writeFile(content, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return temporary;
}

/** Makes the renames and removals in a folder durable. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
