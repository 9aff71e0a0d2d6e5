import type { Command } from "commander";
import { type MemoryHome, PROFILE_FILES, type ProfileChange } from "../../index.js";
import { archiveLines } from "../archive-lines.js";
import { type CommonOptions, commandAction, openHome, withCommonOptions } from "../command-action.js";
import { EXIT_CODES, printData, printNote } from "../output.js";
import { parseProfileFile } from "../parse-choice.js";
import { textArgument } from "../read-input.js";
import {
  REDACT_SECRETS_FLAG,
  REDACT_SECRETS_HELP,
  type RedactOptions,
  redactionLines,
} from "../redaction-lines.js";

const FILES_HELP = `${PROFILE_FILES.join("|")} (SOUL.md, USER.md, MEMORY.md, today's daily log)`;

export function registerProfile(program: Command): void {
  const profile = program
    .command("profile")
    .summary("Read and edit SOUL.md, USER.md, MEMORY.md and the daily log")
    .description(`Read and edit the always-loaded "## Section" files: ${FILES_HELP}.`);

  const read = profile
    .command("read")
    .argument("<file>", FILES_HELP)
    .argument("[section]", "only this section's text")
    .description("Print a profile file, or one of its sections.");
  withCommonOptions(read, ["mnemo profile read user", 'mnemo profile read soul "Speaking style"']);
  read.action(
    commandAction<[string, string?], CommonOptions>(async ([file, section], options) => {
      const profileFile = parseProfileFile(file);
      const memory = await openHome(options);
      const result = await memory.profile.read(profileFile, section);
      printData(options, result, result.text);
      if (!options.json && result.text === "") printNote(`${result.path} is empty or does not exist yet`);
      return EXIT_CODES.ok;
    }),
  );

  const add = profile
    .command("add")
    .argument("<file>", FILES_HELP)
    .argument("<section>", "the section's name; it is created when missing")
    .argument("<text>", "the text to append (- reads it from stdin)")
    .description("Append text to a section. What no longer fits the file's budget goes to the archive.")
    .option(REDACT_SECRETS_FLAG, REDACT_SECRETS_HELP);
  withCommonOptions(add, ['mnemo profile add user Preferences "Answers in French."']);
  add.action(
    commandAction<[string, string, string], RedactOptions>(async ([file, section, text], options) => {
      const profileFile = parseProfileFile(file);
      const content = await textArgument(text);
      const memory = await openHome(options);
      const { redactSecrets } = options;
      printChange(
        memory,
        options,
        await memory.profile.add(profileFile, section, content, { redactSecrets }),
      );
      return EXIT_CODES.ok;
    }),
  );

  const replace = profile
    .command("replace")
    .argument("<file>", FILES_HELP)
    .argument("<section>", "the section's name")
    .argument("<old>", "the exact text to replace; it must occur once in the section")
    .argument("<new>", 'the replacement ("" deletes the old text)')
    .description("Replace text inside a section. When the old text is not found, prints the section.")
    .option(REDACT_SECRETS_FLAG, REDACT_SECRETS_HELP);
  withCommonOptions(replace, ['mnemo profile replace user Preferences "French" "German"']);
  replace.action(
    commandAction<[string, string, string, string], RedactOptions>(async (args, options) => {
      const [file, section, oldText, newText] = args;
      const profileFile = parseProfileFile(file);
      const memory = await openHome(options);
      const { redactSecrets } = options;
      const change = await memory.profile.replace(profileFile, { section, oldText, newText, redactSecrets });
      printChange(memory, options, change);
      return EXIT_CODES.ok;
    }),
  );

  const remove = profile
    .command("remove")
    .argument("<file>", FILES_HELP)
    .argument("<section>", "the section's name")
    .description("Remove a whole section; its text goes to the archive.");
  withCommonOptions(remove, ["mnemo profile remove user Preferences"]);
  remove.action(
    commandAction<[string, string], CommonOptions>(async ([file, section], options) => {
      const profileFile = parseProfileFile(file);
      const memory = await openHome(options);
      printChange(memory, options, await memory.profile.remove(profileFile, section));
      return EXIT_CODES.ok;
    }),
  );
}

const ACTION_TEXT: Record<ProfileChange["action"], string> = {
  added: "Added to",
  replaced: "Replaced text in",
  removed: "Removed",
};

function printChange(memory: MemoryHome, options: CommonOptions, change: ProfileChange): void {
  const { characters, budget } = change.usage;
  const lines = [
    `${ACTION_TEXT[change.action]} section "${change.section}" of ${memory.store.locate(change.path)}`,
    `${change.path}: ${characters}/${budget} characters`,
    ...archiveLines(memory, change.archived),
    ...redactionLines(change.redactedSecrets),
    ...(change.editedSectionTrimmed
      ? [
          `Over budget: section "${change.section}" did not fit and went (in part) to the archive; make room with replace or remove, then add it again.`,
        ]
      : []),
  ];
  printData(options, change, lines.join("\n"));
}
