import { Argument } from "commander";
import type { Memory } from "../../../index.js";
import { defineCommand } from "../cli-command.js";
import { memoryAgeText } from "../memory-age.js";

export const show = defineCommand({
  name: "show",
  summary: "Show one typed memory",
  description: "Show one typed memory: its fields, its text, and a note when it may be out of date.",
  arguments: [new Argument("<name>", "the memory's name, file name or path")],
  examples: ['mnemo show "Prefers tabs"', "mnemo show feedback_prefers-tabs --json"],
  input: ([name = ""]) => ({ name }),
  run: ({ name }, { memory }) => memory.memories.get(name),
  render: (found: Memory, { locate, now }) => {
    const fields = [
      `name:        ${found.name}`,
      `type:        ${found.type}`,
      `description: ${found.description}`,
      `file:        ${locate(found.path)}`,
      `created:     ${found.created ?? "(unknown)"}`,
      `updated:     ${found.updated ?? "(unknown)"} (${memoryAgeText(found, now)})`,
    ];
    const note = found.staleness === undefined ? [] : ["", `Note: ${found.staleness}`];
    return [...fields, "", found.content, ...note].join("\n");
  },
});
