import { statSync } from "node:fs";

/** True when `path` is a folder (through links); false when it is missing, a file, or unreadable. */
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
