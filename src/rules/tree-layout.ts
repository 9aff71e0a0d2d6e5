import type { MnemoErrorCode } from "../errors.js";
import { CONFIG_FILE_NAME } from "./config-file.js";
import {
  ARCHIVE_DIR,
  CONVERSATIONS_DIR,
  DAILY_DIR,
  MEMORIES_DIR,
  MEMORY_PATH,
  OPEN_SESSIONS_DIR,
  PENDING_DIR,
  SESSIONS_DIR,
  SOUL_PATH,
  TOPICS_DIR,
  USER_PATH,
} from "./home-layout.js";

/**
 * Which paths make up a memory home's tree (docs/format.md), the unit that `mnemo export` writes
 * and `mnemo import` reads: the three profile files at the top, Markdown files directly in
 * memories/, topics/, daily/ and conversations/, the same under archive/, and the JSON records of
 * .pending/ (conversations waiting for extraction) and .sessions/ (session logs). Derived state
 * (.index/), other hidden files and config.json (the settings of a home, not its memory) are not
 * part of it: they are skipped, and said so.
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

/** A file an import did not take, why, and the error code a save would have given. */
export interface RefusedFile {
  path: string;
  code: MnemoErrorCode;
  reason: string;
}

const TOP_FILES = [SOUL_PATH, USER_PATH, MEMORY_PATH];
const MARKDOWN_FOLDERS = [MEMORIES_DIR, TOPICS_DIR, DAILY_DIR, CONVERSATIONS_DIR];
/** Hidden folders that hold a home's records, one JSON file per session; never under archive/. */
const RECORD_FOLDERS = [PENDING_DIR, SESSIONS_DIR];
const DERIVED_FOLDER = ".index";

/** Every folder of the tree, the top level first: what an export lists. */
export const TREE_FOLDERS: readonly string[] = [
  "",
  ...MARKDOWN_FOLDERS,
  ...RECORD_FOLDERS,
  ARCHIVE_DIR,
  ...MARKDOWN_FOLDERS.map((folder) => `${ARCHIVE_DIR}/${folder}`),
];

export const SETTINGS_SKIP_REASON =
  "config.json holds the settings of a home, not its memory: each home keeps its own";

/** What an export leaves out of every home, whatever its backend. */
export const DERIVED_STATE_SKIP: SkippedFile = {
  path: `${DERIVED_FOLDER}/`,
  reason:
    "derived state: the search index and vectors are rebuilt from the files by the next recall or mnemo reindex " +
    "(the long-term message store of seed 004 lives there too; it is not Markdown and export does not move it)",
};

const OPEN_SESSIONS_SKIP_REASON =
  "markers of sessions running now, tied to their process on this machine: a killed session's " +
  "conversation is queued in .pending/ by the next session or mnemo doctor --fix, and that record is exported";

const HIDDEN_SKIP_REASON =
  "hidden files and folders are not memory (an interrupted write's temporary file, .git, an editor's files)";

export type TreePathKind =
  | { kind: "tree" }
  | { kind: "skipped"; reason: string }
  | { kind: "outside"; reason: string };

/** Whether `path` belongs to the tree, is left out on purpose (and why), or lies outside the tree (and why). */
export function classifyTreePath(path: string): TreePathKind {
  const segments = path.split("/");
  if (
    segments.some(
      (segment) => segment === "" || segment === "." || segment === ".." || /[\\\0]/.test(segment),
    )
  )
    return outside("a path of the tree is made of plain names separated by /");
  if (path === CONFIG_FILE_NAME) return { kind: "skipped", reason: SETTINGS_SKIP_REASON };
  const folder = segments.slice(0, -1).join("/");
  const name = segments.at(-1) as string;
  if (RECORD_FOLDERS.includes(folder)) {
    if (name.endsWith(".json") && !name.startsWith(".")) return { kind: "tree" };
    return outside(`only JSON records (*.json) belong in ${folder}/`);
  }
  const hidden = hiddenSkip(segments);
  if (hidden) return hidden;
  const inArchive = segments[0] === ARCHIVE_DIR;
  const rest = inArchive ? segments.slice(1) : segments;
  if (rest.length === 1) {
    if (TOP_FILES.includes(rest[0] as string)) return { kind: "tree" };
    const where = inArchive ? `${ARCHIVE_DIR}/` : "the top level";
    return outside(
      `${where} of a memory home holds only ${TOP_FILES.join(", ")} and the folders ${TREE_FOLDERS.filter((each) => each !== "" && !each.includes("/")).join("/, ")}/`,
    );
  }
  if (rest.length === 2 && MARKDOWN_FOLDERS.includes(rest[0] as string)) {
    if ((rest[1] as string).endsWith(".md")) return { kind: "tree" };
    return outside(`only Markdown files (*.md) belong in ${inArchive ? `${ARCHIVE_DIR}/` : ""}${rest[0]}/`);
  }
  return outside(strayFolderReason(folder));
}

/** The same for a folder met while walking a tree on disk ("" is the top). */
export function classifyTreeFolder(folder: string): TreePathKind {
  if (TREE_FOLDERS.includes(folder)) return { kind: "tree" };
  return hiddenSkip(folder.split("/")) ?? outside(strayFolderReason(folder));
}

function hiddenSkip(segments: string[]): TreePathKind | undefined {
  if (segments[0] === DERIVED_FOLDER) return { kind: "skipped", reason: DERIVED_STATE_SKIP.reason };
  if (segments.slice(0, 2).join("/") === OPEN_SESSIONS_DIR)
    return { kind: "skipped", reason: OPEN_SESSIONS_SKIP_REASON };
  // The record folders are the tree's own hidden names, at the top only.
  const hidden = (segment: string, index: number) =>
    segment.startsWith(".") && !(index === 0 && RECORD_FOLDERS.includes(segment));
  if (segments.some(hidden)) return { kind: "skipped", reason: HIDDEN_SKIP_REASON };
  return undefined;
}

export function strayFolderReason(folder: string): string {
  return `a memory home has no folder ${folder}/ (its folders are ${TREE_FOLDERS.filter((each) => each !== "").join("/, ")}/)`;
}

/** A file that cannot be part of a tree, refused with the reason. */
export function outsideTree(path: string, reason: string): RefusedFile {
  return { path, code: "INVALID_INPUT", reason: `not part of a memory home's tree: ${reason}` };
}

function outside(reason: string): TreePathKind {
  return { kind: "outside", reason };
}
