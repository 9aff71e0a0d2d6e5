import { z } from "zod";
import { MEMORY_TARGET } from "../../engine/config/schema.js";
import { MAX_ENTRY_CHARACTERS } from "../../engine/journal/journal.js";
import { journalEntrySchema } from "../../engine/markdown/journal-entries.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { MnemoError } from "../../errors.js";
import { journalPage } from "./journal-page.js";
import { defineMemoryTool, MAX_RESULT_TEXT } from "./memory-tool.js";

/** Room for a page of entries in the usual result size, with the header and the "More:" line. */
const PAGE_ROOM = MAX_RESULT_TEXT - 300;

export const memoryReadTopicTool = defineMemoryTool({
  name: "memory_read_topic",
  description:
    "Read a journal topic: timestamped entries recorded by category (for example user_prefs or file_patterns), " +
    'read on demand; topic "MEMORY" is the journal of MEMORY.md, whose newest entries are in your context. ' +
    "Leave out topic to list the topics. Returns a page of entries, newest first: offset skips that many of the newest, " +
    "and the result gives the total and the offset of the next, older page.",
  readOnly: true,
  // One entry is shown whole whatever its length; a page of several stays near the usual size.
  maxText: MAX_ENTRY_CHARACTERS + 2_000,
  input: z
    .object({
      topic: z
        .string()
        .min(1)
        .optional()
        .describe(
          'A topic ("user_prefs"), a journal category ("user_pref") or "MEMORY"; leave out to list the topics.',
        ),
      offset: z
        .number()
        .int()
        .min(0)
        .default(0)
        .describe("How many of the newest entries to skip (default 0): the nextOffset of the previous page."),
      limit: z
        .number()
        .int()
        .min(1)
        .max(100)
        .default(20)
        .describe("How many entries at most (default 20, at most 100); fewer when long ones would not fit."),
    })
    .strict(),
  output: z.object({
    topics: z.array(z.string()).describe("Every journal topic."),
    topic: z.string().optional(),
    path: z.string().optional().describe("The topic's file, relative to the memory home."),
    total: z.number().int().optional().describe("Entries in the topic."),
    offset: z.number().int().optional(),
    entries: z.array(journalEntrySchema).optional().describe("This page's entries, newest first."),
    nextOffset: z
      .number()
      .int()
      .optional()
      .describe("The offset of the next page (older entries), when there is one."),
  }),
  async run(memory, { topic, offset, limit }) {
    const topics = await memory.journal.topics();
    if (topic === undefined) return { text: listTopicsText(memory, topics), data: { topics } };
    const read = await memory.journal.readTopic(topic);
    if (read.text === "" && read.topic !== MEMORY_TARGET && !topics.includes(read.topic))
      throw new MnemoError(
        "NOT_FOUND",
        `There is no journal topic "${topic}". ${listTopicsText(memory, topics)}`,
      );
    const total = read.entries.length;
    const page = journalPage(read.entries, { offset, limit, room: PAGE_ROOM });
    const data = {
      topics,
      topic: read.topic,
      path: read.path,
      total,
      offset,
      entries: page.entries,
      ...(page.nextOffset === undefined ? {} : { nextOffset: page.nextOffset }),
    };
    if (total === 0) return { text: `${read.path} has no journal entries yet.`, data };
    if (page.entries.length === 0)
      return { text: `${read.path} has ${total} entries; offset ${offset} is past the oldest.`, data };
    const header = `${read.path}, entries ${offset + 1}-${offset + page.entries.length} of ${total}, newest first:`;
    const more =
      page.nextOffset === undefined
        ? []
        : [`Older entries: memory_read_topic with topic "${read.topic}" and offset ${page.nextOffset}.`];
    return { text: [header, ...page.lines, ...more].join("\n"), data };
  },
});

function listTopicsText(memory: MemoryHome, topics: string[]): string {
  const inMemory = Object.entries(memory.config.categories)
    .filter(([, target]) => target === MEMORY_TARGET)
    .map(([category]) => category);
  const listed =
    topics.length > 0 ? `Journal topics: ${topics.join(", ")}.` : "There are no journal topics yet.";
  const core =
    inMemory.length > 0
      ? ` Entries of ${inMemory.join(", ")} are in MEMORY.md's ## Journal (topic "${MEMORY_TARGET}").`
      : "";
  return `${listed}${core}`;
}
