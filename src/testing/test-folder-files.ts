import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Every file of a folder but hidden ones (.index/, temporary files), by "/"-separated relative path,
 * as bytes: what a byte-for-byte comparison of two memory trees needs.
 */
export async function folderBytes(folder: string, relative = ""): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const entries = await readdir(join(folder, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith(".")) continue;
    const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory())
      for (const [each, bytes] of await folderBytes(folder, path)) files.set(each, bytes);
    else files.set(path, await readFile(join(folder, path)));
  }
  return files;
}

/** The same as text, for messages that show what differs. */
export async function folderTexts(folder: string): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const [path, bytes] of await folderBytes(folder)) texts[path] = bytes.toString("utf8");
  return texts;
}
