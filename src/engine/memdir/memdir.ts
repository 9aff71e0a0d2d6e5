import type { DocumentWriter } from "../../contracts/document-store.js";
import { MnemoError } from "../../errors.js";
import {
  MEMORIES_DIR,
  MEMORY_INDEX_SECTION,
  MEMORY_JOURNAL_SECTION,
  MEMORY_PATH,
} from "../../rules/home-layout.js";
import { type ArchivedChunk, archiveText } from "../archive/archive.js";
import type { HomeContext } from "../home/home-context.js";
import {
  findSection,
  insertSection,
  makeSection,
  parseSections,
  serializeSections,
  withContent,
} from "../markdown/sections.js";
import { endedVersion, formatMemoryFile, parseMemoryFile, type ValidityChange } from "./memory-file.js";
import { formatIndexLine, type IndexLine, removeIndexLines, upsertIndexLine } from "./memory-index.js";
import { chooseMemoryPath, findSlugFiles, type NamedFiles, resolveMemoryPath } from "./memory-lookup.js";
import { type PreparedSave, prepareSave } from "./prepare-save.js";
import { mayReplace } from "./replaceable-memories.js";
import type { Memory, SavedMemory, SaveMemoryInput } from "./save-types.js";
import { memoryAgeDays, stalenessNote } from "./staleness.js";

/** Typed memories of seed 001: save, delete, get, scan, each keeping MEMORY.md's index in step. */
export type { Memory, PossibleConflict, SaveAction, SavedMemory, SaveMemoryInput } from "./save-types.js";

export async function saveMemory(home: HomeContext, input: SaveMemoryInput): Promise<SavedMemory> {
  return savePrepared(home, prepareSave(home, input));
}

/** A checked save as given, without consolidation: created, or updating the memory of its name. */
export async function savePrepared(home: HomeContext, prepared: PreparedSave): Promise<SavedMemory> {
  return home.store.transaction(async (writer) => {
    const named = await findSlugFiles(writer, prepared.name);
    const written = await writeMemory(home, writer, prepared, named);
    await updateIndex(writer, (body) =>
      upsertIndexLine(removeIndexLines(body, written.retyped), written.entry),
    );
    return written.saved;
  });
}

/**
 * Inside a transaction: writes the memory's file (archiving the version it replaces, and the same
 * memory under another type), and returns its index entry for the caller to put in MEMORY.md.
 * With `supersede` (a consolidated update), the archived version is marked with when it stopped
 * holding and what replaced it, and the new one with when it started (validity.ts).
 */
export async function writeMemory(
  home: HomeContext,
  writer: DocumentWriter,
  prepared: PreparedSave,
  named: NamedFiles,
  supersede?: { reason: string },
): Promise<{ saved: SavedMemory; entry: IndexLine; retyped: string[] }> {
  const { name, content, type, extra } = prepared;
  const path = chooseMemoryPath(named, type, name);
  const now = home.now();
  const archived: ArchivedChunk[] = [];
  const previousText = await writer.read(path);
  const previous = previousText === undefined ? undefined : parseMemoryFile(path, previousText);
  if (previous?.ok && !mayReplace(home, previous.header.agent))
    throw notOwn(home, name, previous.header.agent, "save under another name");
  const validFrom = prepared.validity.validFrom ?? now.toISOString();
  if (previousText !== undefined && (!previous?.ok || previous.body.trim() !== content)) {
    archived.push(
      ...(await archiveText(writer, {
        sourcePath: path,
        chunks: [
          supersede ? endedVersion(previousText, { validTo: validFrom, supersededBy: path }) : previousText,
        ],
        reason: supersede?.reason ?? prepared.input.replaceReason ?? "replaced by a newer save",
        now,
      })),
    );
  }
  const fields = {
    name,
    description: prepared.description || keptDescription(previous) || firstLine(content),
    type,
  };
  const previousFrontmatter = previous?.ok ? previous.frontmatter : undefined;
  const validity: ValidityChange = supersede
    ? { validFrom, validTo: prepared.validity.validTo ?? null, supersededBy: null }
    : prepared.validity;
  await writer.write(
    path,
    formatMemoryFile({
      previous: previousFrontmatter,
      fields,
      extra,
      validity,
      author: home.author ?? {},
      body: content,
      now,
    }),
  );
  // The same memory under another type (or a hand copy) is replaced by this file.
  const retyped = named.holding.filter((other) => other !== path);
  for (const other of retyped)
    archived.push(...(await moveToArchive(writer, other, `replaced by ${path}`, now)));
  const entry = { title: name, path, summary: fields.description };
  const created = previousText === undefined;
  const saved = {
    path,
    name,
    type,
    created,
    indexLine: formatIndexLine(entry),
    archived,
    redactedSecrets: prepared.redactedSecrets,
    action: created ? ("added" as const) : ("updated" as const),
    decidedBy: "off" as const,
    possibleConflicts: [],
  };
  return { saved, entry, retyped };
}

/**
 * Moves the memory's file to archive/memories/ (marked with `reason`), then removes its index line:
 * a file that cannot be read or archived leaves both as they were.
 */
export async function deleteMemory(
  home: HomeContext,
  name: string,
  options: { reason?: string } = {},
): Promise<{ path: string; archived: ArchivedChunk[] }> {
  return home.store.transaction(async (writer) => {
    const path = await resolveMemoryPath(writer, name);
    if (home.replacesOnlyOwn) {
      const text = await writer.read(path);
      const parsed = text === undefined ? undefined : parseMemoryFile(path, text);
      const agent = parsed?.ok ? parsed.header.agent : undefined;
      if (!mayReplace(home, agent)) throw notOwn(home, name, agent, "delete only its own");
    }
    const archived = await moveToArchive(writer, path, options.reason ?? "deleted", home.now());
    await updateIndex(writer, (body) => removeIndexLines(body, [path]));
    return { path, archived };
  });
}

export async function getMemory(home: HomeContext, name: string): Promise<Memory> {
  const path = await resolveMemoryPath(home.store, name);
  const text = (await home.store.read(path)) ?? "";
  const parsed = parseMemoryFile(path, text);
  if (!parsed.ok) {
    throw new MnemoError(
      "MALFORMED_FILE",
      `${home.store.locate(path)} line ${parsed.line}: ${parsed.problem}. Fix the file by hand, or run mnemo doctor.`,
    );
  }
  const info = (await home.store.list(MEMORIES_DIR)).find((document) => document.path === path);
  const modifiedAt = info?.modifiedAt ?? home.now();
  const { updated } = parsed.header;
  return {
    ...parsed.header,
    modifiedAt,
    ageDays: memoryAgeDays(updated, modifiedAt, home.now()),
    staleness: stalenessNote(updated, modifiedAt, home.now()),
    content: parsed.body.trim(),
  };
}

/** Appends the file's text to its archive file (marked with `reason`) and removes the file. */
export async function moveToArchive(
  writer: DocumentWriter,
  path: string,
  reason: string,
  now: Date,
): Promise<ArchivedChunk[]> {
  const text = await writer.read(path);
  if (text === undefined) return [];
  const archived = await archiveText(writer, { sourcePath: path, chunks: [text], reason, now });
  await writer.remove(path);
  return archived;
}

/** Applies `change` to the body of MEMORY.md's `## Memories` section, creating it before the journal. */
export async function updateIndex(writer: DocumentWriter, change: (body: string) => string): Promise<void> {
  const text = (await writer.read(MEMORY_PATH)) ?? "# Memory\n\n";
  const document = parseSections(text);
  const section = findSection(document, MEMORY_INDEX_SECTION);
  const body = change(section?.body ?? "");
  const updated = section
    ? {
        ...document,
        sections: document.sections.map((each) => (each === section ? { ...section, body } : each)),
      }
    : insertSection(document, withContent(makeSection(MEMORY_INDEX_SECTION, ""), body.trimEnd()), [
        MEMORY_JOURNAL_SECTION,
      ]);
  const serialized = serializeSections(updated);
  if (serialized !== text) await writer.write(MEMORY_PATH, serialized);
}

/**
 * A re-save without a description keeps the one the memory has, unless it was only the first line
 * of the old content (then the new first line replaces it, as it would have been derived again).
 */
function keptDescription(previous: ReturnType<typeof parseMemoryFile> | undefined): string | undefined {
  if (!previous?.ok) return undefined;
  const { description } = previous.header;
  return description === firstLine(previous.body.trim()) ? undefined : description;
}

function firstLine(content: string): string {
  return content.split("\n")[0]?.trim() ?? "";
}

/**
 * A save or delete of a memory its writer may not replace; the path is not named (its token may
 * not be allowed to read it).
 */
function notOwn(home: HomeContext, name: string, agent: string | undefined, instead: string): MnemoError {
  const by = agent === undefined ? "nobody named" : `agent "${agent}"`;
  return new MnemoError(
    "INVALID_INPUT",
    `"${name}" is a memory ${by} wrote, and this writer (agent "${home.author?.agent}") may replace only its own agent's memories: ${instead}.`,
  );
}
