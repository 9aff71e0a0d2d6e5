import { Argument } from "commander";
import { PROFILE_FILES, type ProfileChange, type ProfileRead } from "../../../index.js";
import { archiveLines } from "../archive-lines.js";
import { type CommandGroup, defineCommand, type RenderContext } from "../cli-command.js";
import { parseProfileFile } from "../parse-choice.js";
import { textArgument } from "../read-input.js";
import { type RedactOptions, redactionLines, redactSecretsOption } from "../redaction-lines.js";

const FILES_HELP = `${PROFILE_FILES.join("|")} (SOUL.md, USER.md, MEMORY.md, today's daily log)`;
const fileArgument = () => new Argument("<file>", FILES_HELP);

const read = defineCommand({
  name: "read",
  description: "Print a profile file, or one of its sections.",
  arguments: [fileArgument(), new Argument("[section]", "only this section's text")],
  examples: ["mnemo profile read user", 'mnemo profile read soul "Speaking style"'],
  input: ([file = "", section]) => ({ file: parseProfileFile(file), section }),
  run: ({ file, section }, { memory }) => memory.profile.read(file, section),
  render: (result: ProfileRead) => result.text,
  notes: (result, _input, { json }) =>
    !json && result.text === "" ? [`${result.path} is empty or does not exist yet`] : [],
});

const add = defineCommand({
  name: "add",
  description:
    "Append text to a section. Over the file's budget, the section's oldest text goes to the archive; text that cannot fit is refused.",
  arguments: [
    fileArgument(),
    new Argument("<section>", "the section's name; it is created when missing"),
    new Argument("<text>", "the text to append (- reads it from stdin)"),
  ],
  options: [redactSecretsOption()],
  examples: ['mnemo profile add user Preferences "Answers in French."'],
  async input([file = "", section = "", text = ""], options: RedactOptions) {
    const profileFile = parseProfileFile(file);
    return {
      file: profileFile,
      section,
      text: await textArgument(text),
      redactSecrets: options.redactSecrets,
    };
  },
  run: ({ file, section, text, redactSecrets }, { memory }) =>
    memory.profile.add(file, section, text, { redactSecrets }),
  render: renderChange,
});

const replace = defineCommand({
  name: "replace",
  description: "Replace text inside a section. When the old text is not found, prints the section.",
  arguments: [
    fileArgument(),
    new Argument("<section>", "the section's name"),
    new Argument("<old>", "the exact text to replace; it must occur once in the section"),
    new Argument("<new>", 'the replacement ("" deletes the old text)'),
  ],
  options: [redactSecretsOption()],
  examples: ['mnemo profile replace user Preferences "French" "German"'],
  input: ([file = "", section = "", oldText = "", newText = ""], options: RedactOptions) => ({
    file: parseProfileFile(file),
    change: { section, oldText, newText, redactSecrets: options.redactSecrets },
  }),
  run: ({ file, change }, { memory }) => memory.profile.replace(file, change),
  render: renderChange,
});

const remove = defineCommand({
  name: "remove",
  description: "Remove a whole section; its text goes to the archive.",
  arguments: [fileArgument(), new Argument("<section>", "the section's name")],
  examples: ["mnemo profile remove user Preferences"],
  input: ([file = "", section = ""]) => ({ file: parseProfileFile(file), section }),
  run: ({ file, section }, { memory }) => memory.profile.remove(file, section),
  render: renderChange,
});

export const profile: CommandGroup = {
  name: "profile",
  summary: "Read and edit SOUL.md, USER.md, MEMORY.md and the daily log",
  description: `Read and edit the always-loaded "## Section" files: ${FILES_HELP}.`,
  commands: [read, add, replace, remove],
};

const ACTION_TEXT: Record<ProfileChange["action"], string> = {
  added: "Added to",
  replaced: "Replaced text in",
  removed: "Removed",
};

function renderChange(change: ProfileChange, { locate }: RenderContext): string {
  const { characters, budget } = change.usage;
  return [
    `${ACTION_TEXT[change.action]} section "${change.section}" of ${locate(change.path)}`,
    `${change.path}: ${characters}/${budget} characters`,
    ...archiveLines(locate, change.archived),
    ...redactionLines(change.redactedSecrets),
  ].join("\n");
}
