import { Argument } from "commander";
import { defineCommand } from "../cli-command.js";

export const forget = defineCommand({
  name: "forget",
  summary: "Delete a typed memory (archived)",
  description: "Delete a typed memory: its file moves to the archive and its line leaves MEMORY.md.",
  arguments: [new Argument("<name>", "the memory's name, file name or path")],
  examples: ['mnemo forget "Prefers tabs"', "mnemo forget feedback_prefers-tabs.md"],
  input: ([name = ""]) => ({ name }),
  run: ({ name }, { memory }) => memory.memories.delete(name),
  render: (removed, { locate }) =>
    [
      `Removed ${locate(removed.path)} and its index line in MEMORY.md`,
      ...removed.archived.map((chunk) => `Archived it in ${locate(chunk.path)}`),
    ].join("\n"),
});
