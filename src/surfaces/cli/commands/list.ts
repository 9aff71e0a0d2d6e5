import { Option } from "commander";
import { MEMORY_TYPES } from "../../../engine/memdir/memory-types.js";
import type { MemoryManifest } from "../../../index.js";
import { type CommonOptions, defineCommand } from "../cli-command.js";
import { memoryAgeText } from "../memory-age.js";
import { parseMemoryType } from "../parse-choice.js";

export const list = defineCommand({
  name: "list",
  summary: "List the typed memories",
  description: "List the typed memories, newest first: type, name, description and age.",
  options: [new Option("--type <type>", `only memories of this type: ${MEMORY_TYPES.join(", ")}`)],
  examples: ["mnemo list", "mnemo list --type feedback --json"],
  input: (_args, options: CommonOptions & { type?: string }) => ({
    type: options.type === undefined ? undefined : parseMemoryType(options.type),
  }),
  run: (input, { memory }) => memory.memories.list(input),
  render: (manifest: MemoryManifest, { now }) =>
    manifest.memories
      .map((entry) => {
        const description = entry.description === "" ? "" : ` - ${entry.description}`;
        return `${entry.type.padEnd(9)} ${entry.name}${description} (${memoryAgeText(entry, now)})`;
      })
      .join("\n"),
  notes: (manifest, _input, { json }) => [
    ...(!json && manifest.memories.length === 0
      ? ['no memories yet; save one with mnemo remember TEXT --type T --name "Name"']
      : []),
    ...(manifest.problems.length > 0
      ? [`${manifest.problems.length} memory file(s) could not be read; run mnemo doctor for details`]
      : []),
    ...(manifest.truncated ? ["only the newest memories were scanned; older ones are left out"] : []),
  ],
});
