import { z } from "zod";
import { MEMORY_TARGET } from "../../engine/config/schema.js";
import type { JournalEntry } from "../../engine/markdown/journal-entries.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { MnemoError } from "../../errors.js";
import { defineMemoryTool, MAX_RESULT_TEXT } from "./memory-tool.js";

export const memoryReadTopicTool = defineMemoryTool({
  name: "memory_read_topic",
  description:
    "Read a journal topic: timestamped entries recorded by category (for example user_prefs or file_patterns), " +
    "which are not in the session context and are read on demand. Leave out topic to list the topics. " +
    "Returns the entries, oldest first; when they are too many, the newest ones.",
  readOnly: true,
  input: z
    .object({
      topic: z
        .string()
        .min(1)
        .optional()
        .describe(
          'A topic ("user_prefs") or a journal category ("user_pref"); leave out to list the topics.',
        ),
    })
    .strict(),
  output: z.object({
    topics: z.array(z.string()).describe("Every journal topic."),
    topic: z.string().optional(),
    path: z.string().optional().describe("The topic's file, relative to the memory home."),
    entries: z
      .array(z.object({ timestamp: z.string(), category: z.string(), content: z.string() }))
      .optional(),
  }),
  async run(memory, { topic }) {
    const topics = await memory.journal.topics();
    if (topic === undefined) return { text: listTopicsText(memory, topics), data: { topics } };
    const read = await memory.journal.readTopic(topic);
    if (read.text === "" && read.topic !== MEMORY_TARGET && !topics.includes(read.topic))
      throw new MnemoError(
        "NOT_FOUND",
        `There is no journal topic "${topic}". ${listTopicsText(memory, topics)}`,
      );
    const data = { topics, topic: read.topic, path: read.path, entries: read.entries };
    if (read.entries.length === 0) return { text: `${read.path} has no journal entries yet.`, data };
    return { text: `${read.path}, ${read.entries.length} entries:\n${renderNewest(read.entries)}`, data };
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

/** Entries oldest first, leaving out the oldest ones when all would not fit in a result. */
function renderNewest(entries: JournalEntry[]): string {
  const room = MAX_RESULT_TEXT - 200;
  const lines: string[] = [];
  let used = 0;
  for (const entry of [...entries].reverse()) {
    const line = `[${entry.timestamp}] ${entry.category}: ${entry.content}`;
    if (lines.length > 0 && used + line.length + 1 > room) break;
    lines.unshift(line);
    used += line.length + 1;
  }
  const left = entries.length - lines.length;
  const note = left > 0 ? `(${left} older entries not shown)\n` : "";
  return `${note}${lines.join("\n")}`;
}
