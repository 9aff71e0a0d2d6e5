import { Argument, Option } from "commander";
import { MEMORY_TYPES, type MemoryType } from "../../../engine/memdir/memory-types.js";
import type { SavedMemory } from "../../../index.js";
import { archiveLines } from "../archive-lines.js";
import { defineCommand } from "../cli-command.js";
import { parseMemoryType } from "../parse-choice.js";
import { textArgument } from "../read-input.js";
import { type RedactOptions, redactionLines, redactSecretsOption } from "../redaction-lines.js";

interface RememberOptions extends RedactOptions {
  type: string;
  name: string;
  description?: string;
}

export const remember = defineCommand({
  name: "remember",
  summary: "Save or update a typed memory",
  description:
    "Save a typed memory as memories/<type>_<name>.md and index it in MEMORY.md. " +
    "Saving under an existing name updates that memory; the previous version goes to the archive.",
  arguments: [new Argument("<text>", "what to remember (- reads it from stdin)")],
  options: [
    new Option("--type <type>", `the kind of memory: ${MEMORY_TYPES.join(", ")}`).makeOptionMandatory(),
    new Option("--name <name>", 'a short title, such as "Prefers tabs"').makeOptionMandatory(),
    new Option("--description <text>", "one line for the index (default: the first line of the text)"),
    redactSecretsOption(),
  ],
  examples: [
    'mnemo remember "Indent with tabs, never spaces." --type feedback --name "Prefers tabs"',
    'git log -1 --format=%B | mnemo remember - --type project --name "Last release"',
  ],
  async input([text = ""], options: RememberOptions) {
    const type: MemoryType = parseMemoryType(options.type);
    const content = await textArgument(text);
    const { name, description, redactSecrets } = options;
    return { type, name, description, content, redactSecrets };
  },
  run: (input, { memory }) => memory.memories.save(input),
  render: (saved: SavedMemory, { locate }) =>
    [
      `${saved.created ? "Created" : "Updated"} ${locate(saved.path)}`,
      `Index line in MEMORY.md: ${saved.indexLine}`,
      ...archiveLines(locate, saved.archived),
      ...redactionLines(saved.redactedSecrets),
    ].join("\n"),
});
