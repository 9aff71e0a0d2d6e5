/**
 * How Claude's `/memories` folder maps onto a memory home. Two kinds of file, one level deep:
 *
 *     /memories/<type>/<name>.md   typed memory   memories/<type>_<name>.md   (type: user, feedback, project, reference)
 *     /memories/<topic>.md         topic notes    topics/<topic>.md
 *
 * `/memories` and `/memories/<type>` are folders; nothing else exists, so no path can name
 * SOUL.md, USER.md, MEMORY.md, the daily logs, the archive or a file outside the home. Which names
 * a memory or a topic may have is the engine's to say (claude-memory-files.ts asks it). Pure: no I/O.
 */
import { MEMORY_TYPES, type MemoryType, MnemoError } from "../../index.js";

export const CLAUDE_MEMORY_ROOT = "/memories";
/** The layout, for errors that refuse a path. */
export const CLAUDE_MEMORY_LAYOUT =
  "Claude's memory in mnemo has typed memories at /memories/<type>/<name>.md (type user, feedback, project or reference) and notes by topic at /memories/<topic>.md";

export type ClaudeMemoryTarget =
  | { kind: "root"; path: string }
  | { kind: "type-folder"; path: string; type: MemoryType }
  | { kind: "typed-memory"; path: string; type: MemoryType; stem: string; homePath: string }
  | { kind: "topic"; path: string; topic: string; homePath: string };

export type ClaudeMemoryFile = Extract<ClaudeMemoryTarget, { homePath: string }>;

/** A file name has at most 255 bytes on common file systems: the type prefix and ".md" take some. */
const MAX_STEM_BYTES = 200;

/** Parses a path Claude sent; throws a MnemoError (OUTSIDE_HOME or INVALID_INPUT) that says what to send instead. */
export function parseClaudeMemoryPath(path: string): ClaudeMemoryTarget {
  if (path !== CLAUDE_MEMORY_ROOT && !path.startsWith(`${CLAUDE_MEMORY_ROOT}/`))
    throw new MnemoError(
      "OUTSIDE_HOME",
      `The path ${quoted(path)} is outside /memories; every path starts with /memories.`,
    );
  const segments = path.slice(CLAUDE_MEMORY_ROOT.length).split("/").slice(1);
  if (segments.at(-1) === "") segments.pop(); // "/memories/user/" is the folder
  for (const segment of segments) refuseUnsafeSegment(path, segment);
  const [first, second, ...rest] = segments;
  if (first === undefined) return { kind: "root", path: CLAUDE_MEMORY_ROOT };
  const type = asMemoryType(first);
  if (second === undefined) {
    if (type !== undefined) return { kind: "type-folder", path: `${CLAUDE_MEMORY_ROOT}/${type}`, type };
    return topicTarget(path, first);
  }
  if (type === undefined || rest.length > 0)
    throw new MnemoError("INVALID_INPUT", `There is no folder for ${quoted(path)}: ${CLAUDE_MEMORY_LAYOUT}.`);
  return typedMemoryTarget(path, type, second);
}

/** The `/memories` path of a home file this mapping shows; undefined for any other file. */
export function claudePathOf(homePath: string): string | undefined {
  const typed = /^memories\/([a-z]+)_(.+)\.md$/.exec(homePath);
  if (typed && asMemoryType(typed[1] as string) !== undefined)
    return `${CLAUDE_MEMORY_ROOT}/${typed[1]}/${typed[2]}.md`;
  const topic = /^topics\/([^/.][^/]*)\.md$/.exec(homePath);
  return topic ? `${CLAUDE_MEMORY_ROOT}/${topic[1]}.md` : undefined;
}

function topicTarget(path: string, fileName: string): ClaudeMemoryTarget {
  const topic = markdownStem(path, fileName);
  return { kind: "topic", path: `${CLAUDE_MEMORY_ROOT}/${topic}.md`, topic, homePath: `topics/${topic}.md` };
}

function typedMemoryTarget(path: string, type: MemoryType, fileName: string): ClaudeMemoryTarget {
  const stem = markdownStem(path, fileName);
  if (Buffer.byteLength(stem) > MAX_STEM_BYTES)
    throw new MnemoError("INVALID_INPUT", `${quoted(path)}: the file name is too long; use a short name.`);
  const claudePath = `${CLAUDE_MEMORY_ROOT}/${type}/${stem}.md`;
  return { kind: "typed-memory", path: claudePath, type, stem, homePath: `memories/${type}_${stem}.md` };
}

/** "notes.md" -> "notes": never empty, as no file name starts with "." (refuseUnsafeSegment saw to it). */
function markdownStem(path: string, fileName: string): string {
  if (!fileName.endsWith(".md"))
    throw new MnemoError(
      "INVALID_INPUT",
      `${quoted(path)}: memory files are Markdown; name it ${quoted(`${fileName.replace(/\.[^.]*$/, "")}.md`)}. ${CLAUDE_MEMORY_LAYOUT}.`,
    );
  return fileName.slice(0, -3);
}

/** "..", ".", hidden names, separators and control characters could reach another file: refused. */
function refuseUnsafeSegment(path: string, segment: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (segment === "" || segment.startsWith(".") || /[\\\u0000-\u001f\u007f]/.test(segment))
    throw new MnemoError(
      "OUTSIDE_HOME",
      `The path ${quoted(path)} is refused: empty, ".", ".." or hidden parts and "\\" or control characters could reach outside /memories.`,
    );
}

function asMemoryType(value: string): MemoryType | undefined {
  return (MEMORY_TYPES as readonly string[]).includes(value) ? (value as MemoryType) : undefined;
}

function quoted(value: string): string {
  return JSON.stringify(value.length > 120 ? `${value.slice(0, 100)}…` : value);
}
