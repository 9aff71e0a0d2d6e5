/**
 * Reading and writing the files of Claude's `/memories` through MemoryHome, so the engine's rules
 * hold here as on every surface. A typed memory is saved with `memories.save` (frontmatter,
 * MEMORY.md's index, the previous version archived, credentials refused) and moved with
 * `memories.rename`; Claude sees and edits only its text, and its file is the one the engine
 * names. A topic file is one that `journal read` reads back, written whole with
 * `journal.writeTopicFile` (guarded, capped at the journals' line limit) and deleted to archive/.
 */
import type { Memory, MemoryHome } from "../../index.js";
import { MnemoError } from "../../index.js";
import { CLAUDE_MEMORY_LAYOUT, type ClaudeMemoryFile, claudePathOf } from "./claude-memory-path.js";

type TypedMemoryFile = Extract<ClaudeMemoryFile, { kind: "typed-memory" }>;
type TopicFile = Extract<ClaudeMemoryFile, { kind: "topic" }>;

const DELETED = "deleted with Claude's memory tool";
const REDACTED_NOTE = "Credentials in it were stored as [REDACTED:<kind>].";

/** The text Claude sees: a typed memory's content (no frontmatter), a topic file whole; undefined when missing. */
export async function readText(memory: MemoryHome, file: ClaudeMemoryFile): Promise<string | undefined> {
  if (file.kind === "topic") return memory.store.read(topicFile(memory, file));
  return (await findTypedMemory(memory, file))?.content;
}

/** Creates the file; refused when it exists (also as a typed memory of another type, which is the same memory). */
export async function createText(memory: MemoryHome, file: ClaudeMemoryFile, text: string): Promise<string> {
  if (file.kind === "topic") {
    if ((await readText(memory, file)) !== undefined) throw exists(file.path);
    const written = await memory.journal.writeTopicFile(file.topic, text, { create: true });
    return written.redactedSecrets.length > 0 ? REDACTED_NOTE : "";
  }
  const name = memoryNameFor(memory, file, nameOf(file), "create");
  await refuseTaken(memory, file, name, `File ${file.path} already exists`);
  // Not consolidated: Claude addresses files by path, so `create` must leave this file, not another.
  const saved = await memory.memories.save({ type: file.type, name, content: text, consolidate: false });
  const note = saved.redactedSecrets.length > 0 ? ` ${REDACTED_NOTE}` : "";
  return `Saved as the ${saved.type} memory "${saved.name}"; MEMORY.md's index lists it.${note}`;
}

/**
 * Replaces the text of an existing file (which the caller read, so its path was checked). A typed
 * memory keeps its name and type, and its description unless that was only the text's first line:
 * then the new first line is the description, so MEMORY.md's index line tells what it now says.
 */
export async function writeText(memory: MemoryHome, file: ClaudeMemoryFile, text: string): Promise<void> {
  if (file.kind === "topic") {
    await memory.journal.writeTopicFile(file.topic, text, { create: false });
    return;
  }
  const existing = await findTypedMemory(memory, file);
  if (existing === undefined) throw missing(file.path);
  await memory.memories.save({
    type: existing.type,
    name: existing.name,
    content: text,
    replaceReason: "edited with Claude's memory tool",
    // Stryker disable next-line BooleanLiteral: a save under the memory's own name is an edit with or without consolidation (no model is asked); only an edit to the same text differs, left unchanged instead of rewritten, which Claude cannot tell apart
    consolidate: false,
  });
}

/** Deletes the file; its text goes to archive/. Returns the archive file. */
export async function deleteFile(memory: MemoryHome, file: ClaudeMemoryFile): Promise<string | undefined> {
  if ((await readText(memory, file)) === undefined) throw missing(file.path);
  if (file.kind === "typed-memory") return (await memory.memories.delete(file.homePath)).archived[0]?.path;
  const { archived } = await memory.journal.deleteTopicFile(file.topic, { reason: DELETED });
  return archived[0]?.path;
}

/**
 * Moves a file to a new path that does not exist yet. A typed memory moved to another typed
 * memory's path is renamed by the engine (still the same memory: its frontmatter is kept), a topic
 * file is renamed; between a typed memory and a topic file the text is created at the new path,
 * then the old file deleted, so a failure half way leaves the text in both places rather than in none.
 */
export async function renameFile(
  memory: MemoryHome,
  from: ClaudeMemoryFile,
  to: ClaudeMemoryFile,
): Promise<void> {
  const text = await readText(memory, from);
  if (text === undefined) throw missing(from.path);
  if ((await readText(memory, to)) !== undefined || (await memory.store.read(to.homePath)) !== undefined)
    throw exists(to.path);
  if (from.kind === "topic" && to.kind === "topic") {
    await memory.journal.renameTopicFile(from.topic, to.topic);
    return;
  }
  if (from.kind === "typed-memory" && to.kind === "typed-memory") {
    const existing = (await findTypedMemory(memory, from)) as Memory;
    // The memory keeps its name when the new path keeps the file name, or is its own file of that type.
    const keepsName =
      from.stem === to.stem ||
      forClaude(to, () => memory.memories.pathFor(to.type, existing.name)) === to.homePath;
    const name = memoryNameFor(memory, to, keepsName ? existing.name : nameOf(to), "rename to");
    if (!keepsName) await refuseTaken(memory, to, name, `The destination ${to.path} already exists`);
    await memory.memories.rename(from.homePath, { name, type: to.type });
    return;
  }
  await createText(memory, to, text);
  await deleteFile(memory, from);
}

/**
 * The memory NAME at FILE, when FILE is the file the engine saves NAME in: "cat-name.md" is the
 * memory "cat name"; "Cat Name.md" would be saved as cat-name.md, so Claude is asked for that path
 * instead of finding its file elsewhere.
 */
function memoryNameFor(memory: MemoryHome, file: TypedMemoryFile, name: string, action: string): string {
  const path = forClaude(file, () => memory.memories.pathFor(file.type, name));
  if (path !== file.homePath)
    throw new MnemoError(
      "INVALID_INPUT",
      `${file.path}: a typed memory's file is named after the memory in lower-case letters, digits and "-"; ${action} ${claudePathOf(path)} instead.`,
    );
  return name;
}

/** The name of a memory a file stands for: its file name, "-" read as spaces ("cat-name.md": "cat name"). */
function nameOf(file: TypedMemoryFile): string {
  return file.stem.replace(/-/g, " ");
}

/** One name is one memory: refused when NAME is a memory already, under any type, or FILE exists. */
async function refuseTaken(memory: MemoryHome, file: TypedMemoryFile, name: string, problem: string) {
  const existing = await memory.memories.get(name).catch(unlessNotFound);
  if (existing === undefined && (await memory.store.read(file.homePath)) === undefined) return;
  const elsewhere =
    existing === undefined || existing.path === file.homePath
      ? ""
      : ` as the ${existing.type} memory ${claudePathOf(existing.path)} (one name, one memory)`;
  throw new MnemoError("INVALID_INPUT", `${problem}${elsewhere}.`);
}

/** The topic's file in the home, when the engine takes its name as a topic (`journal read` reads it back). */
function topicFile(memory: MemoryHome, file: TopicFile): string {
  return forClaude(file, () => memory.journal.topicFile(file.topic));
}

/** The engine's refusal of a name, said of the path Claude sent. */
function forClaude<T>(file: ClaudeMemoryFile, naming: () => T): T {
  try {
    return naming();
  } catch (error) {
    if (!MnemoError.isInstance(error)) throw error;
    throw new MnemoError(error.code, `${file.path}: ${error.message} ${CLAUDE_MEMORY_LAYOUT}.`);
  }
}

async function findTypedMemory(memory: MemoryHome, file: TypedMemoryFile): Promise<Memory | undefined> {
  return memory.memories.get(file.homePath).catch(unlessNotFound);
}

function unlessNotFound(error: unknown): undefined {
  if (MnemoError.isInstance(error) && error.code === "NOT_FOUND") return undefined;
  throw error;
}

function missing(path: string): MnemoError {
  return new MnemoError("NOT_FOUND", `The path ${path} does not exist. Please provide a valid path.`);
}

function exists(path: string): MnemoError {
  return new MnemoError("INVALID_INPUT", `The destination ${path} already exists.`);
}
