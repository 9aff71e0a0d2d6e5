import type { Command } from "commander";
import type { Memory } from "../../index.js";
import { type CommonOptions, commandAction, openHome, withCommonOptions } from "../command-action.js";
import { memoryAgeText } from "../memory-age.js";
import { EXIT_CODES, printData } from "../output.js";

export function registerShow(program: Command): void {
  const command = program
    .command("show")
    .summary("Show one typed memory")
    .argument("<name>", "the memory's name, file name or path")
    .description("Show one typed memory: its fields, its text, and a note when it may be out of date.");
  withCommonOptions(command, ['mnemo show "Prefers tabs"', "mnemo show feedback_prefers-tabs --json"]);
  command.action(
    commandAction<[string], CommonOptions>(async ([name], options) => {
      const memory = await openHome(options);
      const found = await memory.memories.get(name);
      printData(options, found, formatMemory(found, memory.store.locate(found.path)));
      return EXIT_CODES.ok;
    }),
  );
}

function formatMemory(memory: Memory, file: string): string {
  const fields = [
    `name:        ${memory.name}`,
    `type:        ${memory.type}`,
    `description: ${memory.description}`,
    `file:        ${file}`,
    `created:     ${memory.created ?? "(unknown)"}`,
    `updated:     ${memory.updated ?? "(unknown)"} (${memoryAgeText(memory, new Date())})`,
  ];
  const note = memory.staleness === undefined ? [] : ["", `Note: ${memory.staleness}`];
  return [...fields, "", memory.content, ...note].join("\n");
}
