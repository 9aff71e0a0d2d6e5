import { join } from "node:path";
import { Argument, Option } from "commander";
import { MEMORY_TYPES, type MemoryType } from "../../../engine/memdir/memory-types.js";
import { MnemoError } from "../../../errors.js";
import type { SavedMemory } from "../../../index.js";
import type { ScopedSavedMemory } from "../../../scopes.js";
import { archiveLines } from "../archive-lines.js";
import { defineCommand } from "../cli-command.js";
import { parseMemoryType } from "../parse-choice.js";
import { textArgument } from "../read-input.js";
import { type RedactOptions, redactionLines, redactSecretsOption } from "../redaction-lines.js";

interface RememberOptions extends RedactOptions {
  type: string;
  name: string;
  description?: string;
  /** False with --no-consolidate; commander sets true otherwise, which stands for the home's setting. */
  consolidate?: boolean;
  scope?: "user" | "project";
}

export const remember = defineCommand({
  name: "remember",
  summary: "Save or update a typed memory",
  description:
    "Save a typed memory as memories/<type>_<name>.md and index it in MEMORY.md. " +
    "Saving under an existing name updates that memory; the previous version goes to the archive. " +
    "The text is first compared with the memories already there: a duplicate is not saved again, and one that " +
    "contradicts or refines an existing memory updates it under its name (see docs/consolidation.md).",
  arguments: [new Argument("<text>", "what to remember (- reads it from stdin)")],
  options: [
    new Option("--type <type>", `the kind of memory: ${MEMORY_TYPES.join(", ")}`).makeOptionMandatory(),
    new Option("--name <name>", 'a short title, such as "Prefers tabs"').makeOptionMandatory(),
    new Option("--description <text>", "one line for the index (default: the first line of the text)"),
    redactSecretsOption(),
    new Option("--no-consolidate", "save as given, without comparing with the memories already there"),
    new Option(
      "--scope <scope>",
      "inside a repository with .mnemo/: the layer to save in (default: by type)",
    ).choices(["user", "project"]),
  ],
  examples: [
    'mnemo remember "Indent with tabs, never spaces." --type feedback --name "Prefers tabs"',
    'git log -1 --format=%B | mnemo remember - --type project --name "Last release"',
  ],
  async input([text = ""], options: RememberOptions) {
    const type: MemoryType = parseMemoryType(options.type);
    const content = await textArgument(text);
    const { name, description, redactSecrets } = options;
    const consolidate = options.consolidate === false ? false : undefined;
    return { type, name, description, content, redactSecrets, consolidate, scope: options.scope };
  },
  run: ({ scope, ...input }, { memory }) => {
    if (scope === "project")
      throw new MnemoError(
        "INVALID_INPUT",
        "--scope project needs a repository with a .mnemo/ folder (mnemo init --project) and no --home or --no-scopes.",
      );
    return memory.memories.save(input);
  },
  scoped: {
    run: (input, { scopes }) => scopes.save(input),
    render: (saved: ScopedSavedMemory) =>
      saved.action === "unchanged"
        ? `Unchanged (${saved.scope}): ${join(saved.home, saved.path)} already says this`
        : `${saved.created ? "Created" : "Updated"} (${saved.scope}) ${join(saved.home, saved.path)}`,
  },
  render: (saved: SavedMemory, { locate }) =>
    [
      ...(saved.action === "unchanged"
        ? [`Unchanged: ${locate(saved.path)} already says this`]
        : [
            `${saved.created ? "Created" : "Updated"} ${locate(saved.path)}`,
            `Index line in MEMORY.md: ${saved.indexLine}`,
          ]),
      ...(saved.reason === undefined ? [] : [`Why: ${saved.reason}`]),
      ...archiveLines(locate, saved.archived),
      ...saved.possibleConflicts.map(
        (conflict) => `Possible conflict: ${locate(conflict.path)} (${conflict.reason}); check it`,
      ),
      ...(saved.warning === undefined ? [] : [`Note: ${saved.warning}`]),
      ...redactionLines(saved.redactedSecrets),
    ].join("\n"),
});
