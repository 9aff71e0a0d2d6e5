import type { Command } from "commander";
import { MEMORY_TYPES } from "../../index.js";
import { archiveLines } from "../archive-lines.js";
import { type CommonOptions, commandAction, openHome, withCommonOptions } from "../command-action.js";
import { EXIT_CODES, printData } from "../output.js";
import { parseMemoryType } from "../parse-choice.js";
import { textArgument } from "../read-input.js";
import { REDACT_SECRETS_FLAG, REDACT_SECRETS_HELP, redactionLines } from "../redaction-lines.js";

interface RememberOptions extends CommonOptions {
  type: string;
  name: string;
  description?: string;
  redactSecrets?: boolean;
}

export function registerRemember(program: Command): void {
  const command = program
    .command("remember")
    .summary("Save or update a typed memory")
    .argument("<text>", "what to remember (- reads it from stdin)")
    .description(
      "Save a typed memory as memories/<type>_<name>.md and index it in MEMORY.md. " +
        "Saving under an existing name updates that memory; the previous version goes to the archive.",
    )
    .requiredOption("--type <type>", `the kind of memory: ${MEMORY_TYPES.join(", ")}`)
    .requiredOption("--name <name>", 'a short title, such as "Prefers tabs"')
    .option("--description <text>", "one line for the index (default: the first line of the text)")
    .option(REDACT_SECRETS_FLAG, REDACT_SECRETS_HELP);
  withCommonOptions(command, [
    'mnemo remember "Indent with tabs, never spaces." --type feedback --name "Prefers tabs"',
    'git log -1 --format=%B | mnemo remember - --type project --name "Last release"',
  ]);
  command.action(
    commandAction<[string], RememberOptions>(async ([text], options) => {
      const type = parseMemoryType(options.type);
      const content = await textArgument(text);
      const memory = await openHome(options);
      const saved = await memory.memories.save({
        type,
        name: options.name,
        description: options.description,
        content,
        redactSecrets: options.redactSecrets,
      });
      const lines = [
        `${saved.created ? "Created" : "Updated"} ${memory.store.locate(saved.path)}`,
        `Index line in MEMORY.md: ${saved.indexLine}`,
        ...archiveLines(memory, saved.archived),
        ...redactionLines(saved.redactedSecrets),
      ];
      printData(options, saved, lines.join("\n"));
      return EXIT_CODES.ok;
    }),
  );
}
