import {
  CONVERSATIONS_DIR,
  DAILY_DIR,
  MEMORIES_DIR,
  MEMORY_INDEX_SECTION,
  MEMORY_JOURNAL_SECTION,
  MEMORY_PATH,
  SOUL_PATH,
  TOPICS_DIR,
  USER_PATH,
} from "../../rules/home-layout.js";
import { parseConversation } from "../conversations/conversation-file.js";
import { MESSAGE_CHUNK_FORMAT, messageChunks } from "../conversations/message-chunks.js";
import { parseJournal } from "../markdown/journal-entries.js";
import { splitLinesKeepEnds } from "../markdown/lines.js";
import { parseSections, sameSectionName, sectionContent } from "../markdown/sections.js";
import { parseMemoryFile } from "../memdir/memory-file.js";
import type { MemoryType } from "../memdir/memory-types.js";

/**
 * What the search index holds: each file of the home cut into the pieces a person would point at.
 * A typed memory is one chunk; SOUL, USER, MEMORY notes and daily logs give one chunk per section;
 * journals give one chunk per entry; conversations one chunk per message. Each chunk knows its
 * file, place and first line.
 */
export type ChunkKind = "memory" | "section" | "journal" | "daily" | "message";

export interface HomeChunk {
  path: string;
  kind: ChunkKind;
  /** The place in the file: a memory's name, a section's name, an entry's timestamp. */
  locator: string;
  /** 1-based line where the chunk starts. */
  line: number;
  title: string;
  text: string;
  memoryType?: MemoryType;
  /** YYYY-MM-DD: a memory's last update, an entry's day, a daily log's day. */
  date?: string;
  /** A typed memory's `updated` time, whole: its age and staleness note come from it. */
  updated?: string;
}

/** Only these files are indexed; the archive and derived state are not. */
export function isIndexedPath(path: string): boolean {
  if (path === SOUL_PATH || path === USER_PATH || path === MEMORY_PATH) return true;
  const [folder, name, ...rest] = path.split("/");
  if (rest.length > 0 || !name?.endsWith(".md")) return false;
  return INDEXED_FOLDERS.includes(folder ?? "");
}

export const INDEXED_FOLDERS = [MEMORIES_DIR, TOPICS_DIR, DAILY_DIR, CONVERSATIONS_DIR];
export const INDEXED_ROOT_FILES = [SOUL_PATH, USER_PATH, MEMORY_PATH];

export function chunkHomeDocument(path: string, text: string): HomeChunk[] {
  if (path.startsWith(`${MEMORIES_DIR}/`)) return memoryChunks(path, text);
  if (path.startsWith(`${TOPICS_DIR}/`)) return journalChunks(path, text, 1);
  if (path.startsWith(`${CONVERSATIONS_DIR}/`)) return messageChunks(path, parseConversation(text));
  if (path.startsWith(`${DAILY_DIR}/`))
    return sectionChunks(path, text, "daily", /(\d{4}-\d{2}-\d{2})\.md$/.exec(path)?.[1]);
  return sectionChunks(path, text, "section", undefined);
}

/**
 * The form of a document's chunks, when it may change from one mnemo to the next (conversations:
 * what a message is searched by): the index records it with the document, and a document indexed
 * in another form is chunked again though its file did not change. "" for the others.
 */
export function chunkFormatOf(path: string): string {
  return path.startsWith(`${CONVERSATIONS_DIR}/`) ? MESSAGE_CHUNK_FORMAT : "";
}

function memoryChunks(path: string, text: string): HomeChunk[] {
  const parsed = parseMemoryFile(path, text);
  if (!parsed.ok) return [];
  const { header, body } = parsed;
  // A description that repeats the body (the default for a one-line memory) is indexed once.
  const description = header.description.trim() === body.trim() ? "" : header.description;
  const content = [header.name, description, body.trim()].filter((part) => part !== "").join("\n");
  return [
    {
      path,
      kind: "memory",
      locator: header.name,
      line: 1,
      title: header.name,
      text: content,
      memoryType: header.type,
      date: header.updated?.slice(0, 10),
      ...(header.updated === undefined ? {} : { updated: header.updated }),
    },
  ];
}

function sectionChunks(
  path: string,
  text: string,
  kind: "section" | "daily",
  date: string | undefined,
): HomeChunk[] {
  const document = parseSections(text);
  const chunks: HomeChunk[] = [];
  let line = 1 + splitLinesKeepEnds(document.preamble).length;
  const preamble = document.preamble.replace(/^#[^#\n]*\n/, "").trim(); // the file's title alone is not worth a hit
  if (preamble !== "") chunks.push({ path, kind, locator: "", line: 1, title: path, text: preamble, date });
  for (const section of document.sections) {
    const sectionLine = line;
    line += splitLinesKeepEnds(section.headingLine + section.body).length;
    if (path === MEMORY_PATH && sameSectionName(section.name, MEMORY_INDEX_SECTION)) continue; // the memories themselves are indexed
    if (path === MEMORY_PATH && sameSectionName(section.name, MEMORY_JOURNAL_SECTION)) {
      chunks.push(...journalChunks(path, section.body, sectionLine + 1));
      continue;
    }
    const content = sectionContent(section);
    if (content !== "")
      chunks.push({
        path,
        kind,
        locator: section.name,
        line: sectionLine,
        title: section.name,
        text: content,
        date,
      });
  }
  return chunks;
}

function journalChunks(path: string, text: string, firstLine: number): HomeChunk[] {
  return parseJournal(text).blocks.flatMap((block) =>
    block.kind === "entry"
      ? [
          {
            path,
            kind: "journal" as const,
            locator: block.entry.timestamp,
            line: firstLine + block.line - 1,
            title: block.entry.category,
            text: block.entry.content,
            date: block.entry.timestamp.slice(0, 10),
          },
        ]
      : [],
  );
}
