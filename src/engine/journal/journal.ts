import type { DocumentWriter } from "../../contracts/document-store.js";
import { MnemoError } from "../../errors.js";
import {
  MEMORY_INDEX_SECTION,
  MEMORY_JOURNAL_SECTION,
  MEMORY_PATH,
  TOPICS_DIR,
  topicPath,
} from "../../rules/home-layout.js";
import { type ArchivedChunk, archiveText } from "../archive/archive.js";
import { MAX_TOPIC_NAME_LENGTH, MEMORY_TARGET } from "../config/schema.js";
import { guardSecrets, refuseSecretInName, secretMode } from "../guard/secret-guard.js";
import { localMinute } from "../home/clock.js";
import type { HomeContext } from "../home/home-context.js";
import {
  appendEntry,
  formatEntry,
  type JournalEntry,
  type JournalWarning,
  journalEntries,
  normalizeEntryContent,
  parseJournal,
} from "../markdown/journal-entries.js";
import { countLines } from "../markdown/lines.js";
import {
  findSection,
  insertSection,
  makeSection,
  parseSections,
  type SectionDocument,
  sameSectionName,
  serializeSections,
} from "../markdown/sections.js";
import { enforceCapacity } from "./capacity.js";

/**
 * The categorised journal of seed 000. Each category is routed to a topic file
 * (`topics/<topic>.md`, read on demand) or to MEMORY.md's `## Journal` section (core memory).
 */
export interface JournalAddResult {
  path: string;
  entry: JournalEntry;
  /** Oldest entries moved to the archive by the capacity limit. */
  archived: ArchivedChunk[];
  /** The kinds of secret replaced by `[REDACTED:<kind>]` in the entry, one per secret. */
  redactedSecrets: string[];
}

export interface TopicRead {
  topic: string;
  path: string;
  text: string;
  entries: JournalEntry[];
  warnings: JournalWarning[];
}

/** The longest entry a write accepts (a hand-edited file may hold longer ones). */
export const MAX_ENTRY_CHARACTERS = 10_000;
/** A topic's name, which is its file's name: what config.json's topics allow. */
export const TOPIC_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export function journalPathFor(home: HomeContext, category: string): string {
  const target = Object.hasOwn(home.config.categories, category)
    ? home.config.categories[category]
    : undefined;
  if (target === undefined) {
    const known = Object.keys(home.config.categories).join(", ");
    throw new MnemoError(
      "INVALID_INPUT",
      `Unknown journal category ${quoted(category)}; use one of ${known} (or add it to "categories" in config.json).`,
    );
  }
  return target === MEMORY_TARGET ? MEMORY_PATH : topicPath(target);
}

export async function addJournalEntry(
  home: HomeContext,
  category: string,
  content: string,
  options: { redactSecrets?: boolean; source?: string } = {},
): Promise<JournalAddResult> {
  refuseSecretInName(category, "the journal category");
  const path = journalPathFor(home, category);
  refuseSecretInName(path, `the topic that category "${category}" is routed to in config.json`);
  const mode = secretMode(home.config.secrets, options.redactSecrets);
  const guarded = guardSecrets(content, { field: `the ${category} journal entry`, mode });
  const normalized = normalizeEntryContent(guarded.text);
  const source = options.source === undefined ? undefined : validateEntrySource(options.source);
  if (normalized === "")
    throw new MnemoError("INVALID_INPUT", "The journal entry is empty; give the text to record.");
  if (normalized.length > MAX_ENTRY_CHARACTERS) {
    throw new MnemoError(
      "TOO_LARGE",
      `The journal entry is ${normalized.length} characters; the limit is ${MAX_ENTRY_CHARACTERS}. Record the essentials.`,
    );
  }
  return home.store.transaction(async (writer) => {
    const now = home.now();
    const entry: JournalEntry = {
      timestamp: localMinute(now),
      category,
      content: normalized,
      ...(source === undefined ? {} : { source }),
    };
    const removed = await rewriteJournal(home, writer, path, (journal) => appendEntry(journal, entry));
    if (!((await writer.read(path)) ?? "").includes(formatEntry(entry).trim())) {
      // The entry alone is longer than the capacity target: recording it would archive it at once.
      throw new MnemoError(
        "TOO_LARGE",
        `The journal entry does not fit in ${path}: capacity brings the file to ${home.config.capacity.targetLines} lines when it passes ${home.config.capacity.maxLines}, and the entry with the rest of the file that is not journal takes more. Record the essentials, or save a typed memory instead.`,
      );
    }
    const archived = await archiveText(writer, {
      sourcePath: path,
      chunks: removed,
      reason: capacityReason(home),
      now,
    });
    return { path, entry, archived, redactedSecrets: guarded.redactedSecrets };
  });
}

/** Brings one journal file within its capacity (doctor --fix); returns what was archived. */
export async function enforceJournalCapacity(
  home: HomeContext,
  writer: DocumentWriter,
  path: string,
): Promise<ArchivedChunk[]> {
  if ((await writer.read(path)) === undefined) return [];
  const removed = await rewriteJournal(home, writer, path, (journal) => journal);
  return archiveText(writer, {
    sourcePath: path,
    chunks: removed,
    reason: capacityReason(home),
    now: home.now(),
  });
}

/** Topic name, or a category routed to a topic; reads the whole topic file ("" when it has none yet). */
export async function readTopic(home: HomeContext, topicOrCategory: string): Promise<TopicRead> {
  const topic = resolveTopicName(home, topicOrCategory);
  const path = topic === MEMORY_TARGET ? MEMORY_PATH : topicPath(topic);
  const text = (await home.store.read(path)) ?? "";
  const journalText = topic === MEMORY_TARGET ? journalSectionBody(parseSections(text)) : text;
  const { blocks, warnings } = parseJournal(journalText);
  for (const warning of warnings)
    home.warn(`${home.store.locate(path)}: ${warning.message} (line ${warning.line})`);
  return { topic, path, text, entries: journalEntries(blocks), warnings };
}

export async function listTopics(home: HomeContext): Promise<string[]> {
  const onDisk = (await home.store.list(TOPICS_DIR)).map((document) =>
    document.path.slice(TOPICS_DIR.length + 1).replace(/\.md$/, ""),
  );
  const configured = Object.values(home.config.categories).filter((target) => target !== MEMORY_TARGET);
  return [...new Set([...configured, ...onDisk])].sort();
}

/** The topic `journal read VALUE` reads: a category's topic, MEMORY_TARGET, or VALUE itself when it is a valid name. */
export function resolveTopicName(home: HomeContext, value: string): string {
  const name = value.trim().replace(/\.md$/, "");
  const routed = Object.hasOwn(home.config.categories, name) ? home.config.categories[name] : undefined;
  if (routed !== undefined) return routed;
  if (name.toUpperCase() === MEMORY_TARGET) return MEMORY_TARGET;
  const problem =
    name.length > MAX_TOPIC_NAME_LENGTH
      ? `it is ${name.length} characters long; use at most ${MAX_TOPIC_NAME_LENGTH}`
      : TOPIC_NAME.test(name)
        ? undefined
        : "use letters, digits, _ and - (for example user_prefs)";
  if (problem !== undefined)
    throw new MnemoError("INVALID_INPUT", `Invalid topic name ${quoted(value)}: ${problem}.`);
  return name;
}

/** A caller's value in a message, cut when it is too long to read. */
function quoted(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 60)}…` : value);
}

/**
 * Re-reads the journal under the lock, applies `change`, enforces capacity and writes it back.
 * For MEMORY.md the journal is the `## Journal` section, and capacity counts the whole file but
 * the index of typed memories: the index only points at files, grows with them, and no journal
 * trimming could shorten it, so counting it would archive every new entry of a large home at once.
 */
async function rewriteJournal(
  home: HomeContext,
  writer: DocumentWriter,
  path: string,
  change: (journal: string) => string,
): Promise<string[]> {
  const before =
    (await writer.read(path)) ??
    (path === MEMORY_PATH ? "# Memory\n\n" : `# ${path.slice(TOPICS_DIR.length + 1, -3)}\n\n`);
  const { maxLines, targetLines } = home.config.capacity;
  if (path !== MEMORY_PATH) {
    const result = enforceCapacity(change(before), { maxLines, targetLines, lineCount: countLines });
    if (result.text !== before) await writer.write(path, result.text);
    return result.removed;
  }
  const document = parseSections(before);
  const withJournal = (journal: string) => serializeSections(setJournalSection(document, journal));
  const result = enforceCapacity(change(journalSectionBody(document)), {
    maxLines,
    targetLines,
    lineCount: (journal) => memoryLinesWithoutIndex(withJournal(journal)),
  });
  const after = withJournal(result.text);
  if (after !== before) await writer.write(path, after);
  return result.removed;
}

/** The lines of MEMORY.md that its capacity counts: all but the `## Memories` index. */
export function memoryLinesWithoutIndex(text: string): number {
  const document = parseSections(text);
  const sections = document.sections.filter(
    (section) => !sameSectionName(section.name, MEMORY_INDEX_SECTION),
  );
  return countLines(serializeSections({ ...document, sections }));
}

function journalSectionBody(document: SectionDocument): string {
  return findSection(document, MEMORY_JOURNAL_SECTION)?.body ?? "\n";
}

function setJournalSection(document: SectionDocument, journal: string): SectionDocument {
  const existing = findSection(document, MEMORY_JOURNAL_SECTION);
  const body = journal;
  if (existing)
    return {
      ...document,
      sections: document.sections.map((section) => (section === existing ? { ...section, body } : section)),
    };
  return insertSection(document, { ...makeSection(MEMORY_JOURNAL_SECTION, ""), body });
}

const MAX_SOURCE_CHARACTERS = 200;

/** Seed 000's optional source of an entry ("session 4f2a", "mnemo chat"): one short line. */
function validateEntrySource(source: string): string | undefined {
  const line = source.replace(/\s+/g, " ").trim();
  if (line === "") return undefined;
  if (line.length > MAX_SOURCE_CHARACTERS)
    throw new MnemoError(
      "TOO_LARGE",
      `The entry's source is ${line.length} characters; keep it to a short label under ${MAX_SOURCE_CHARACTERS}.`,
    );
  return line;
}

function capacityReason(home: HomeContext): string {
  return `over capacity (${home.config.capacity.maxLines} lines, brought to ${home.config.capacity.targetLines})`;
}
