import { MnemoError } from "../../errors.js";
import {
  CONVERSATIONS_DIR,
  DAILY_DIR,
  MEMORIES_DIR,
  MEMORY_JOURNAL_SECTION,
  MEMORY_PATH,
  PENDING_DIR,
  SESSIONS_DIR,
  SOUL_PATH,
  TOPICS_DIR,
  USER_PATH,
} from "../../rules/home-layout.js";
import type { TreeFile } from "../../rules/tree-layout.js";
import { parseConversation } from "../conversations/conversation-file.js";
import { conversationPath, MAX_CONVERSATION_MESSAGE_CHARACTERS } from "../conversations/conversations.js";
import type { HomeContext } from "../home/home-context.js";
import { MAX_ENTRY_CHARACTERS, memoryLinesWithoutIndex } from "../journal/journal.js";
import { parseJournal } from "../markdown/journal-entries.js";
import { countLines } from "../markdown/lines.js";
import { findSection, parseSections } from "../markdown/sections.js";
import { parseMemoryFile } from "../memdir/memory-file.js";
import { memoryPath, parseMemoryFileName, slugify, slugOfPath } from "../memdir/memory-name.js";
import { checkMemoryFields } from "../memdir/prepare-save.js";
import { type ProfileFile, usageOf } from "../profile/profile.js";
import { parsePendingFile } from "../sessions/pending-file.js";
import { parseSessionLog } from "../sessions/session-log.js";

/**
 * The rules a file of an imported tree must keep: the ones a save, an add or a recorded message
 * keeps on its way into the home, so that an import cannot bring in what no other write could.
 * A typed memory has a valid name, at most 20,000 characters of content and the file its name and
 * type give it; journal entries and messages are within their limits; a profile file is within its
 * budget and a journal within its capacity; a record parses as what reads it. Archives hold what was
 * pushed out of the home and are taken as they are. Throws the error that refuses the file.
 */
const FIX_WITH_DOCTOR =
  "run `mnemo doctor --fix --home <folder>` on the folder to move the overflow to its archive/, then import again";

/** Checks one file of the tree (its path is the tree's); returns the memory's name for a typed memory. */
export function checkTreeFile(home: HomeContext, file: TreeFile): { memoryName?: string } {
  const { path, text } = file;
  const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
  if (folder === MEMORIES_DIR) return { memoryName: checkMemory(path, text) };
  if (folder === TOPICS_DIR) checkJournal(home, text, countLines(text));
  else if (folder === CONVERSATIONS_DIR) checkConversation(path, text);
  else if (folder === DAILY_DIR) checkBudget(home, "daily", text);
  else if (folder === PENDING_DIR) checkPendingRecord(path, text);
  else if (folder === SESSIONS_DIR) checkSessionLog(path, text);
  else if (path === SOUL_PATH) checkBudget(home, "soul", text);
  else if (path === USER_PATH) checkBudget(home, "user", text);
  else if (path === MEMORY_PATH) {
    checkBudget(home, "memory", text);
    const journal = findSection(parseSections(text), MEMORY_JOURNAL_SECTION)?.body ?? "";
    checkJournal(home, journal, memoryLinesWithoutIndex(text));
  }
  return {};
}

function checkMemory(path: string, text: string): string {
  const parsed = parseMemoryFile(path, text);
  if (!parsed.ok)
    throw new MnemoError("MALFORMED_FILE", `line ${parsed.line}: ${parsed.problem}; fix the file`);
  const { type } = parsed.header;
  const { name } = checkMemoryFields({
    name: parsed.header.name,
    description: parsed.header.description,
    content: parsed.body,
  });
  // Only a file of the name's slug and type is found by the name (memory-lookup.ts).
  if (parseMemoryFileName(path)?.type !== type || slugOfPath(path) !== slugify(name)) {
    throw new MnemoError(
      "INVALID_INPUT",
      `memory "${name}" of type ${type} belongs in ${memoryPath(type, name)}, where mnemo finds it by its name; rename the file (or the name in its frontmatter)`,
    );
  }
  return name;
}

function checkJournal(home: HomeContext, journal: string, lines: number): void {
  const { maxLines, targetLines } = home.config.capacity;
  // Lines first: a 30 MB topic is refused without parsing its entries.
  if (lines > maxLines) {
    throw new MnemoError(
      "TOO_LARGE",
      `${lines} lines, past the capacity of ${maxLines} (a journal that passes it keeps its newest entries within ${targetLines} lines); ${FIX_WITH_DOCTOR} (text that is not journal entries must be cut by hand)`,
    );
  }
  for (const block of parseJournal(journal).blocks) {
    if (block.kind !== "entry" || block.entry.content.length <= MAX_ENTRY_CHARACTERS) continue;
    throw new MnemoError(
      "TOO_LARGE",
      `the journal entry of ${block.entry.timestamp} is ${block.entry.content.length} characters; an entry may have ${MAX_ENTRY_CHARACTERS}`,
    );
  }
}

function checkBudget(home: HomeContext, file: ProfileFile, text: string): void {
  const usage = usageOf(home, file, parseSections(text));
  if (usage.characters <= usage.budget) return;
  throw new MnemoError(
    "TOO_LARGE",
    `${usage.characters} characters, over the budget of ${usage.budget}; ${FIX_WITH_DOCTOR}`,
  );
}

function checkConversation(path: string, text: string): void {
  conversationPath(path.slice(CONVERSATIONS_DIR.length + 1, -".md".length));
  for (const turn of parseConversation(text)) {
    if (turn.text.length <= MAX_CONVERSATION_MESSAGE_CHARACTERS) continue;
    throw new MnemoError(
      "TOO_LARGE",
      `message ${turn.turn} (line ${turn.line}) is ${turn.text.length} characters; a message may have ${MAX_CONVERSATION_MESSAGE_CHARACTERS}`,
    );
  }
}

function checkPendingRecord(path: string, text: string): void {
  const parsed = parsePendingFile(text);
  if (!parsed.ok)
    throw new MnemoError("MALFORMED_FILE", `not a conversation waiting for extraction: ${parsed.problem}`);
  const stem = path.slice(PENDING_DIR.length + 1, -".json".length);
  if (stem !== parsed.file.sessionId && !stem.startsWith(`${parsed.file.sessionId}.`))
    throw recordNameError(parsed.file.sessionId, `${PENDING_DIR}/${parsed.file.sessionId}.json`);
}

function checkSessionLog(path: string, text: string): void {
  const parsed = parseSessionLog(text);
  if (!parsed.ok) throw new MnemoError("MALFORMED_FILE", `not a session log: ${parsed.problem}`);
  const own = `${SESSIONS_DIR}/${parsed.log.sessionId}.json`;
  if (path !== own) throw recordNameError(parsed.log.sessionId, own);
}

function recordNameError(sessionId: string, own: string): MnemoError {
  return new MnemoError(
    "INVALID_INPUT",
    `the record of session "${sessionId}" belongs in ${own}; rename the file`,
  );
}
