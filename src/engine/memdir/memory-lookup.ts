import type { DocumentReader } from "../../contracts/document-store.js";
import { MnemoError } from "../../errors.js";
import { MEMORIES_DIR } from "../../rules/home-layout.js";
import { type MemoryParse, parseMemoryFile } from "./memory-file.js";
import {
  filePathIn,
  hashedMemoryPath,
  memoryNameKey,
  memoryPath,
  parseMemoryFileName,
  slugify,
  slugOfPath,
  validateMemoryName,
} from "./memory-name.js";
import { MEMORY_TYPES, type MemoryType } from "./memory-types.js";

/**
 * Which file holds the memory called NAME. Only files whose slug is the name's slug can; of those,
 * the name in the frontmatter decides (see memory-name.ts). A file whose frontmatter does not parse
 * has no name to compare: it counts as NAME's own only at NAME's own file names, and only when no
 * readable file holds NAME, so a save archives it before writing and `get` reports it.
 */
export interface NamedFiles {
  /** The files holding the memory: one, none when it does not exist, more after a hand copy. */
  holding: string[];
  /** Files of the same slug holding other memories, with their names. */
  others: Array<{ path: string; name: string }>;
  /** Every document in memories/. */
  present: Set<string>;
}

/** The frontmatter is parsed from the file's head; a longer frontmatter is read whole. */
export const HEAD_BYTES = 4096;

export async function findNamedFiles(reader: DocumentReader, name: string): Promise<NamedFiles> {
  return findNamedFilesIn(reader, name, new MemoryFolder(await reader.list(MEMORIES_DIR)));
}

/**
 * The same files as findNamedFiles for what a save needs (the files of the name's slug, and whether
 * its plain and hashed paths are taken), listing only the file names that start with a type and the
 * slug: a save costs the same in a home of 10 memories or 100,000. `present` holds those files only.
 */
export async function findSlugFiles(reader: DocumentReader, name: string): Promise<NamedFiles> {
  const slug = slugify(name);
  // Files written before names folded the final sigma may hold ς where the slug has σ.
  const stem = slug.includes("σ") ? slug.slice(0, slug.indexOf("σ")) : slug;
  const namePrefixes = MEMORY_TYPES.map((type) => `${type}_${stem}`);
  return findNamedFilesIn(reader, name, new MemoryFolder(await reader.list(MEMORIES_DIR, { namePrefixes })));
}

/**
 * The files of memories/ by slug, kept in step by a batch of saves: looking a name up costs the
 * files of its slug, not a pass over the whole folder (100,000 saves would be 10^10 comparisons).
 */
export class MemoryFolder {
  readonly present = new Set<string>();
  private readonly bySlug = new Map<string, string[]>();

  constructor(documents: Array<{ path: string }> = []) {
    for (const document of documents) this.add(document.path);
  }

  add(path: string): void {
    if (this.present.has(path)) return;
    this.present.add(path);
    const slug = slugOfPath(path);
    if (slug !== undefined) this.bySlug.set(slug, [...(this.bySlug.get(slug) ?? []), path]);
  }

  remove(path: string): void {
    if (!this.present.delete(path)) return;
    const slug = slugOfPath(path);
    if (slug !== undefined)
      this.bySlug.set(
        slug,
        (this.bySlug.get(slug) ?? []).filter((each) => each !== path),
      );
  }

  withSlug(slug: string): string[] {
    return this.bySlug.get(slug) ?? [];
  }
}

export async function findNamedFilesIn(
  reader: DocumentReader,
  name: string,
  folder: MemoryFolder,
): Promise<NamedFiles> {
  const candidates = folder.withSlug(slugify(name));
  // A new name (every name of a bulk import) needs none of the work below: 8 more slugs and 4 hashes.
  if (candidates.length === 0) return { holding: [], others: [], present: folder.present };
  const key = memoryNameKey(name);
  const ownPaths = new Set(
    MEMORY_TYPES.flatMap((type) => [memoryPath(type, name), hashedMemoryPath(type, name)]),
  );
  const holding: string[] = [];
  const unreadable: string[] = [];
  const others: NamedFiles["others"] = [];
  for (const path of candidates) {
    const parsed = await readMemoryHead(reader, path);
    if (!parsed.ok) {
      if (ownPaths.has(path)) unreadable.push(path);
    } else if (memoryNameKey(parsed.header.name) === key) holding.push(path);
    else others.push({ path, name: parsed.header.name });
  }
  return { holding: holding.length > 0 ? holding : unreadable, others, present: folder.present };
}

/** NAME may be the memory's name, its file name or its path; several matches are an error. */
export async function resolveMemoryPath(reader: DocumentReader, name: string): Promise<string> {
  const file = filePathIn(name);
  if (file?.explicit) {
    const present = (await reader.list(MEMORIES_DIR)).some((document) => document.path === file.path);
    if (present) return file.path;
    throw new MnemoError("NOT_FOUND", `There is no memory file ${file.path}. List them with \`mnemo list\`.`);
  }
  const named = await findNamedFiles(reader, validateMemoryName(name));
  const asFile = file && named.present.has(file.path) ? [file.path] : [];
  const found = [...new Set([...asFile, ...named.holding])];
  if (found.length === 1) return found[0] as string;
  if (found.length > 1) {
    throw new MnemoError(
      "INVALID_INPUT",
      `"${name}" matches several memories (${found.join(", ")}); name the file instead.`,
    );
  }
  const near = named.others.map((other) => `${other.path} is "${other.name}"`);
  throw new MnemoError(
    "NOT_FOUND",
    `No memory named "${name}"${near.length > 0 ? ` (${near.join("; ")})` : ""}. List them with \`mnemo list\`.`,
  );
}

/**
 * Where a save of NAME as TYPE writes: its own file of that type, else the plain file name when
 * free, else the hashed one. Never a file that holds another memory.
 */
export function chooseMemoryPath(named: NamedFiles, type: MemoryType, name: string): string {
  const own = named.holding.find((path) => parseMemoryFileName(path)?.type === type);
  if (own !== undefined) return own;
  const plain = memoryPath(type, name);
  if (!named.present.has(plain)) return plain;
  const hashed = hashedMemoryPath(type, name);
  if (!named.present.has(hashed)) return hashed;
  throw new MnemoError(
    "INVALID_INPUT",
    `Cannot save "${name}": ${plain} and ${hashed} already hold other memories. Choose another name.`,
  );
}

export async function readMemoryHead(reader: DocumentReader, path: string): Promise<MemoryParse> {
  let text = (await reader.readHead(path, HEAD_BYTES)) ?? "";
  if (Buffer.byteLength(text) >= HEAD_BYTES - 4 && !hasClosedFrontmatter(text))
    text = (await reader.read(path)) ?? "";
  return parseMemoryFile(path, text);
}

export function hasClosedFrontmatter(head: string): boolean {
  return /^\uFEFF?---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/.test(head);
}
