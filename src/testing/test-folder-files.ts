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

/**
 * A memory home's tree as bytes: every file `folderBytes` gives, and the records of .pending/ and
 * .sessions/ (hidden folders that are memory), but not derived state (.index/) nor the markers of
 * running sessions (.sessions/open/).
 */
export async function treeBytes(folder: string): Promise<Map<string, Buffer>> {
  const files = await folderBytes(folder);
  for (const records of [".pending", ".sessions"]) {
    const entries = await readdir(join(folder, records), { withFileTypes: true }).catch(() => []);
    const names = entries
      .filter((each) => each.isFile() && !each.name.startsWith("."))
      .map((each) => each.name);
    for (const name of names.sort())
      files.set(`${records}/${name}`, await readFile(join(folder, records, name)));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The same as text, for messages that show what differs. */
export async function folderTexts(folder: string): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const [path, bytes] of await folderBytes(folder)) texts[path] = bytes.toString("utf8");
  return texts;
}
