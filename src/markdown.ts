/**
 * mnemo/markdown: the parsers and writers of mnemo's Markdown (journal entries, sections).
 */

export type {
  JournalBlock,
  JournalEntry,
  JournalWarning,
  ParsedJournal,
} from "./engine/markdown/journal-entries.js";
export { formatEntry, parseJournal } from "./engine/markdown/journal-entries.js";
export type { Section, SectionDocument } from "./engine/markdown/sections.js";
export { parseSections, serializeSections } from "./engine/markdown/sections.js";
