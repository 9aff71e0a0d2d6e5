/**
 * Reading and writing the files of Claude's `/memories` through the engine's rules. A typed memory
 * is saved with `memories.save` (frontmatter, MEMORY.md's index, the previous version archived,
 * credentials refused) and Claude sees and edits only its text; a topic file is written whole
 * under the home's lock, guarded the same way and capped at the journals' line limit. Deleting
 * moves the text to archive/.
 */
import { archiveText } from "../../engine/archive/archive.js";
import { guardSecrets, refuseSecretInName, secretMode } from "../../engine/guard/secret-guard.js";
import { slugify } from "../../engine/memdir/memory-name.js";
import type { Memory, MemoryHome } from "../../index.js";
import { MnemoError } from "../../index.js";
import type { ClaudeMemoryFile } from "./claude-memory-path.js";

const DELETED = "deleted with Claude's memory tool";

/** The text Claude sees: a typed memory's content (no frontmatter), a topic file whole; undefined when missing. */
export async function readText(memory: MemoryHome, file: ClaudeMemoryFile): Promise<string | undefined> {
  if (file.kind === "topic") return memory.store.read(file.homePath);
  return (await findTypedMemory(memory, file))?.content;
}

/** Creates the file; refused when it exists (also as a typed memory of another type, which is the same memory). */
export async function createText(memory: MemoryHome, file: ClaudeMemoryFile, text: string): Promise<string> {
  if (file.kind === "topic") return writeTopic(memory, file, text, { create: true });
  const name = nameOfNewMemory(file);
  const existing = await memory.memories.get(name).catch(unlessNotFound);
  if (existing !== undefined || (await memory.store.read(file.homePath)) !== undefined)
    throw new MnemoError("INVALID_INPUT", `File ${file.path} already exists${elsewhere(existing, file)}.`);
  const saved = await memory.memories.save({ type: file.type, name, content: text });
  return `Saved as the ${saved.type} memory "${saved.name}"; MEMORY.md's index lists it.`;
}

/** Replaces the text of an existing file (a typed memory keeps its name, type and description). */
export async function writeText(memory: MemoryHome, file: ClaudeMemoryFile, text: string): Promise<void> {
  if (file.kind === "topic") {
    await writeTopic(memory, file, text, { create: false });
    return;
  }
  const existing = await findTypedMemory(memory, file);
  if (existing === undefined) throw missing(file.path);
  const { type, name, description } = existing;
  await memory.memories.save({
    type,
    name,
    description,
    content: text,
    replaceReason: "edited with Claude's memory tool",
  });
}

/** Deletes the file; its text goes to archive/. Returns the archive file. */
export async function deleteFile(memory: MemoryHome, file: ClaudeMemoryFile): Promise<string | undefined> {
  if (file.kind === "typed-memory") {
    if ((await findTypedMemory(memory, file)) === undefined) throw missing(file.path);
    const { archived } = await memory.memories.delete(file.homePath);
    return archived[0]?.path;
  }
  return memory.store.transaction(async (writer) => {
    const text = await writer.read(file.homePath);
    if (text === undefined) throw missing(file.path);
    const now = new Date();
    const archived = await archiveText(writer, {
      sourcePath: file.homePath,
      chunks: [text],
      reason: DELETED,
      now,
    });
    await writer.remove(file.homePath);
    return archived[0]?.path;
  });
}

/**
 * Moves a file to a new path that does not exist yet. A typed memory moved to another type keeps
 * its name (the engine retypes it); otherwise the text is created at the new path, then the old
 * file deleted, so a failure half way leaves the text in both places rather than in none.
 */
export async function renameFile(
  memory: MemoryHome,
  from: ClaudeMemoryFile,
  to: ClaudeMemoryFile,
): Promise<void> {
  const text = await readText(memory, from);
  if (text === undefined) throw missing(from.path);
  if (from.kind === "topic" && to.kind === "topic") return renameTopic(memory, from, to, text);
  if (from.kind === "typed-memory" && to.kind === "typed-memory" && from.stem === to.stem) {
    if ((await memory.store.read(to.homePath)) !== undefined) throw exists(to.path);
    const existing = (await findTypedMemory(memory, from)) as Memory;
    await memory.memories.save({ ...pick(existing), type: to.type, replaceReason: `moved to ${to.path}` });
    return;
  }
  if ((await readText(memory, to)) !== undefined || (await memory.store.read(to.homePath)) !== undefined)
    throw exists(to.path);
  await createText(memory, to, text);
  await deleteFile(memory, from);
}

async function renameTopic(memory: MemoryHome, from: ClaudeMemoryFile, to: ClaudeMemoryFile, text: string) {
  refuseSecretInName(to.homePath, "the new file name");
  await memory.store.transaction(async (writer) => {
    if ((await writer.read(to.homePath)) !== undefined) throw exists(to.path);
    await writer.write(to.homePath, text);
    await writer.remove(from.homePath);
  });
}

async function writeTopic(
  memory: MemoryHome,
  file: ClaudeMemoryFile,
  text: string,
  options: { create: boolean },
): Promise<string> {
  refuseSecretInName(file.homePath, "the file name");
  const guarded = guardSecrets(text, {
    field: `the text for ${file.path}`,
    mode: secretMode(memory.config.secrets, undefined),
  });
  const { maxLines } = memory.config.capacity;
  const lines = guarded.text.split("\n").length;
  if (lines > maxLines)
    throw new MnemoError(
      "TOO_LARGE",
      `${file.path} would have ${lines} lines; a topic file holds at most ${maxLines}. Keep the essentials, or split it into several files.`,
    );
  await memory.store.transaction(async (writer) => {
    const before = await writer.read(file.homePath);
    if (options.create && before !== undefined) throw exists(file.path);
    if (!options.create && before === undefined) throw missing(file.path);
    await writer.write(file.homePath, guarded.text);
  });
  return guarded.redactedSecrets.length > 0 ? `Credentials in it were stored as [REDACTED:<kind>].` : "";
}

async function findTypedMemory(memory: MemoryHome, file: ClaudeMemoryFile): Promise<Memory | undefined> {
  return memory.memories.get(file.homePath).catch(unlessNotFound);
}

/**
 * A new memory is named after its file, which must then be the file the engine gives that name:
 * "cat-name.md" is the memory "cat name"; "Cat Name.md" would be saved as cat-name.md, so Claude
 * is asked for that name instead of finding its file elsewhere.
 */
function nameOfNewMemory(file: Extract<ClaudeMemoryFile, { kind: "typed-memory" }>): string {
  const slug = slugify(file.stem);
  if (slug !== file.stem)
    throw new MnemoError(
      "INVALID_INPUT",
      `${file.path}: a typed memory's file name uses lower-case letters, digits and "-"; create /memories/${file.type}/${slug || "notes"}.md instead.`,
    );
  return file.stem.replace(/-/g, " ");
}

function elsewhere(existing: Memory | undefined, file: ClaudeMemoryFile): string {
  if (existing === undefined || existing.path === file.homePath) return "";
  const [, stem] = /^memories\/[a-z]+_(.+)\.md$/.exec(existing.path) ?? [];
  return ` as the ${existing.type} memory /memories/${existing.type}/${stem}.md (one name, one memory)`;
}

function pick(memory: Memory) {
  return { name: memory.name, description: memory.description, content: memory.content };
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
