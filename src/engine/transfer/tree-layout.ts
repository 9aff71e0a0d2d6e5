import { MnemoError } from "../../errors.js";
import { CONFIG_FILE_NAME } from "../config/config-file.js";
import {
  ARCHIVE_DIR,
  DAILY_DIR,
  MEMORIES_DIR,
  MEMORY_PATH,
  SOUL_PATH,
  TOPICS_DIR,
  USER_PATH,
} from "../home/layout.js";

/**
 * Which paths make up a memory home's Markdown tree (docs/format.md), the unit that `mnemo export`
 * writes and `mnemo import` reads: the three profile files at the top, Markdown files directly in
 * memories/, topics/ and daily/, and the same under archive/. Derived state (.index/, anything
 * hidden) and config.json (the settings of a home, not its memory) are not part of it.
 */
export interface TreeFile {
  /** Relative, "/"-separated: `memories/user_pet.md`. */
  path: string;
  text: string;
}

/** A file seen beside the tree and left out of it, with the reason. */
export interface SkippedFile {
  path: string;
  reason: string;
}

const TOP_FILES = [SOUL_PATH, USER_PATH, MEMORY_PATH];
const FOLDERS = [MEMORIES_DIR, TOPICS_DIR, DAILY_DIR];

/** Every folder of the tree, the top level first: what an export lists. */
export const TREE_FOLDERS: readonly string[] = [
  "",
  ...FOLDERS,
  ARCHIVE_DIR,
  ...FOLDERS.map((folder) => `${ARCHIVE_DIR}/${folder}`),
];

export const SETTINGS_SKIP_REASON =
  "config.json holds the settings of a home, not its memory: each home keeps its own";

export type TreePathKind = { kind: "tree" } | { kind: "settings" } | { kind: "outside"; reason: string };

/** Whether `path` belongs to the tree, is the settings file, or lies outside the tree (and why). */
export function classifyTreePath(path: string): TreePathKind {
  const segments = path.split("/");
  if (segments.some((segment) => segment.startsWith("."))) {
    return outside("hidden files and folders are derived state (.index/) or not mnemo's");
  }
  if (path === CONFIG_FILE_NAME) return { kind: "settings" };
  const inArchive = segments[0] === ARCHIVE_DIR;
  const rest = inArchive ? segments.slice(1) : segments;
  const where = inArchive ? `${ARCHIVE_DIR}/` : "the top level";
  if (rest.length === 1) {
    if (TOP_FILES.includes(rest[0] as string)) return { kind: "tree" };
    return outside(
      `${where} of a memory home holds only ${TOP_FILES.join(", ")} and the folders ${FOLDERS.join("/, ")}/`,
    );
  }
  if (rest.length === 2 && FOLDERS.includes(rest[0] as string)) {
    if ((rest[1] as string).endsWith(".md")) return { kind: "tree" };
    return outside(`only Markdown files (*.md) belong in ${inArchive ? `${ARCHIVE_DIR}/` : ""}${rest[0]}/`);
  }
  return outside(strayFolderReason(segments.slice(0, -1).join("/")));
}

export function strayFolderReason(folder: string): string {
  return `a memory home has no folder ${folder}/ (its folders are ${TREE_FOLDERS.filter((each) => each !== "").join("/, ")}/)`;
}

/** The error for a file that an import cannot take: where it is, why, and that nothing was written. */
export function outsideTreeError(where: string, reason: string): MnemoError {
  return new MnemoError(
    "INVALID_INPUT",
    `${where} is not part of a memory home's Markdown tree: ${reason}. Move it out of the folder to import, then try again; nothing was imported.`,
  );
}

/** Whether a folder (relative, "" for the top) is one of the tree's. */
export function isTreeFolder(folder: string): boolean {
  return TREE_FOLDERS.includes(folder);
}

function outside(reason: string): TreePathKind {
  return { kind: "outside", reason };
}
