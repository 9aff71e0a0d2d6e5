import type { Command } from "commander";
import { archiveLines } from "../archive-lines.js";
import { type CommonOptions, commandAction, openHome, withCommonOptions } from "../command-action.js";
import { EXIT_CODES, printData, printNote } from "../output.js";
import { textArgument } from "../read-input.js";
import {
  REDACT_SECRETS_FLAG,
  REDACT_SECRETS_HELP,
  type RedactOptions,
  redactionLines,
} from "../redaction-lines.js";

export function registerJournal(program: Command): void {
  const journal = program
    .command("journal")
    .summary("Add to and read the categorised journal")
    .description(
      "The categorised journal: each category goes to a topic file (topics/<topic>.md, read on demand) " +
        'or to the "## Journal" section of MEMORY.md (always loaded). Categories are set in config.json.',
    );

  const add = journal
    .command("add")
    .argument("<category>", "file_pattern, user_pref, error_solution, general, or one from config.json")
    .argument("<text>", "the entry (- reads it from stdin)")
    .description("Record a timestamped entry under a category.")
    .option("--source <label>", 'where the entry comes from, written in its header (e.g. "code review")')
    .option(REDACT_SECRETS_FLAG, REDACT_SECRETS_HELP);
  withCommonOptions(add, [
    'mnemo journal add user_pref "Wants answers in French."',
    'mnemo journal add general "Moved the repo to GitHub."',
  ]);
  add.action(
    commandAction<[string, string], RedactOptions & { source?: string }>(
      async ([category, text], options) => {
        const content = await textArgument(text);
        const memory = await openHome(options);
        const result = await memory.journal.add(category, content, {
          redactSecrets: options.redactSecrets,
          source: options.source,
        });
        const { timestamp } = result.entry;
        const lines = [
          `Recorded [${timestamp}] ${category} in ${memory.store.locate(result.path)}`,
          ...archiveLines(memory, result.archived),
          ...redactionLines(result.redactedSecrets),
        ];
        printData(options, result, lines.join("\n"));
        return EXIT_CODES.ok;
      },
    ),
  );

  const read = journal
    .command("read")
    .argument("<topic>", 'a topic (user_prefs), a category routed to one (user_pref), or "MEMORY"')
    .description("Print a topic file; with --json, its entries and any malformed ones.");
  withCommonOptions(read, ["mnemo journal read user_prefs", "mnemo journal read user_pref --json"]);
  read.action(
    commandAction<[string], CommonOptions>(async ([topic], options) => {
      const memory = await openHome(options);
      const result = await memory.journal.readTopic(topic);
      const { text, ...json } = result;
      printData(options, json, text);
      if (!options.json && text === "") printNote(`${result.path} has no entries yet`);
      return EXIT_CODES.ok;
    }),
  );

  const topics = journal.command("topics").description("List the topics: configured ones and those on disk.");
  withCommonOptions(topics, ["mnemo journal topics"]);
  topics.action(
    commandAction<[], CommonOptions>(async (_args, options) => {
      const memory = await openHome(options);
      const names = await memory.journal.topics();
      printData(options, { topics: names }, names.join("\n"));
      return EXIT_CODES.ok;
    }),
  );
}
