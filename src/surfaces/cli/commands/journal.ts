import { Argument, Option } from "commander";
import { MnemoError } from "../../../errors.js";
import type { JournalAddResult, MemoryHome, TopicRead } from "../../../index.js";
import { archiveLines } from "../archive-lines.js";
import { type CommandGroup, defineCommand } from "../cli-command.js";
import { textArgument } from "../read-input.js";
import { type RedactOptions, redactionLines, redactSecretsOption } from "../redaction-lines.js";

const add = defineCommand({
  name: "add",
  description: "Record a timestamped entry under a category.",
  arguments: [
    new Argument("<category>", "file_pattern, user_pref, error_solution, general, or one from config.json"),
    new Argument("<text>", "the entry (- reads it from stdin)"),
  ],
  options: [
    new Option("--source <label>", 'where the entry comes from, written in its header (e.g. "code review")'),
    redactSecretsOption(),
  ],
  examples: [
    'mnemo journal add user_pref "Wants answers in French."',
    'mnemo journal add general "Moved the repo to GitHub."',
  ],
  async input([category = "", text = ""], options: RedactOptions & { source?: string }) {
    return {
      category,
      text: await textArgument(text),
      redactSecrets: options.redactSecrets,
      source: options.source,
    };
  },
  run: ({ category, text, redactSecrets, source }, { memory }) =>
    memory.journal.add(category, text, { redactSecrets, source }),
  render: (result: JournalAddResult, { locate }) =>
    [
      `Recorded [${result.entry.timestamp}] ${result.entry.category} in ${locate(result.path)}`,
      ...archiveLines(locate, result.archived),
      ...redactionLines(result.redactedSecrets),
    ].join("\n"),
});

const read = defineCommand({
  name: "read",
  description: "Print a topic file; with --json, its entries and any malformed ones.",
  arguments: [
    new Argument("<topic>", 'a topic (user_prefs), a category routed to one (user_pref), or "MEMORY"'),
  ],
  examples: ["mnemo journal read user_prefs", "mnemo journal read user_pref --json"],
  input: ([topic = ""]) => ({ topic }),
  run: ({ topic }, { memory }) => readExistingTopic(memory, topic),
  render: (result: TopicRead) => result.text,
  toJson: ({ text: _text, ...json }) => json,
  notes: (result, _input, { json }) =>
    !json && result.text === "" ? [`${result.path} has no entries yet`] : [],
});

/** A topic that is neither configured nor on disk is a typo: not found, with the topics there are. */
async function readExistingTopic(memory: MemoryHome, topic: string): Promise<TopicRead> {
  const read = await memory.journal.readTopic(topic);
  // The config module (and zod) is loaded only here, where a home is already open: not for --help.
  const { MEMORY_TARGET } = await import("../../../config.js");
  if (read.text !== "" || read.topic === MEMORY_TARGET) return read;
  const topics = await memory.journal.topics();
  if (topics.includes(read.topic)) return read;
  throw new MnemoError(
    "NOT_FOUND",
    `There is no journal topic "${topic}"; the topics are ${topics.join(", ") || "none yet"} (mnemo journal topics).`,
  );
}

const topics = defineCommand({
  name: "topics",
  description: "List the topics: configured ones and those on disk.",
  examples: ["mnemo journal topics"],
  input: () => ({}),
  run: async (_input, { memory }) => ({ topics: await memory.journal.topics() }),
  render: (data: { topics: string[] }) => data.topics.join("\n"),
});

export const journal: CommandGroup = {
  name: "journal",
  summary: "Add to and read the categorised journal",
  description:
    "The categorised journal: each category goes to a topic file (topics/<topic>.md, read on demand) " +
    'or to the "## Journal" section of MEMORY.md (always loaded). Categories are set in config.json.',
  commands: [add, read, topics],
};
