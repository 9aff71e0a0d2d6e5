/**
 * `view` of a folder of Claude's `/memories`: the typed-memory folders with their files, and the
 * topic files, with sizes, worded as the official SDK's file-system backend words it. A home with
 * thousands of memories is shown up to MAX_LISTED files, with a line saying how many are left out.
 */
import { MEMORY_TYPES, type MemoryHome, MnemoError } from "../../index.js";
import { CLAUDE_MEMORY_ROOT, type ClaudeMemoryTarget, claudePathOf } from "./claude-memory-path.js";
import { formatSize } from "./claude-memory-text.js";

export const MAX_LISTED = 500;

interface Listed {
  path: string;
  size: number;
}

export async function listFolder(
  memory: MemoryHome,
  folder: Extract<ClaudeMemoryTarget, { kind: "root" | "type-folder" }>,
): Promise<string> {
  const types = folder.kind === "root" ? MEMORY_TYPES : [folder.type];
  const typed = await filesIn(memory, "memories");
  const lines: Listed[] = [];
  for (const type of types) {
    const files = typed.filter((file) => file.path.startsWith(`${CLAUDE_MEMORY_ROOT}/${type}/`));
    if (folder.kind === "root") lines.push({ path: `${CLAUDE_MEMORY_ROOT}/${type}/`, size: total(files) });
    lines.push(...files);
  }
  if (folder.kind === "root") lines.push(...(await filesIn(memory, "topics")));
  const header = `Here're the files and directories up to 2 levels deep in ${folder.path}, excluding hidden items and node_modules:`;
  const shown = lines.slice(0, MAX_LISTED).map((line) => `${formatSize(line.size)}\t${line.path}`);
  const files = lines.filter((line) => !line.path.endsWith("/"));
  const left = lines.length - shown.length;
  const note =
    left > 0
      ? [`(${left} more not shown: view a folder such as ${CLAUDE_MEMORY_ROOT}/${types[0]} to see its files)`]
      : [];
  return [header, `${formatSize(total(files))}\t${folder.path}`, ...shown, ...note].join("\n");
}

/**
 * The files of one folder of the home that have a `/memories` path, by that path; a topic file
 * only when the engine takes its name as a topic (topics/MEMORY.md, written by hand, is not one).
 */
async function filesIn(memory: MemoryHome, folder: "memories" | "topics"): Promise<Listed[]> {
  const documents = await memory.store.list(folder);
  return documents
    .flatMap((document) => {
      const path = claudePathOf(document.path);
      if (path === undefined || (folder === "topics" && !isTopicFile(memory, document.path))) return [];
      return [{ path, size: document.size }];
    })
    .sort(byPath);
}

function isTopicFile(memory: MemoryHome, homePath: string): boolean {
  const topic = homePath.slice("topics/".length, -".md".length);
  try {
    return memory.journal.topicFile(topic) === homePath;
  } catch (error) {
    if (MnemoError.isInstance(error)) return false;
    throw error;
  }
}

function total(files: Listed[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

function byPath(a: Listed, b: Listed): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
