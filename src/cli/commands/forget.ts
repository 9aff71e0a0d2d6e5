import type { Command } from "commander";
import { type CommonOptions, commandAction, openHome, withCommonOptions } from "../command-action.js";
import { EXIT_CODES, printData } from "../output.js";

export function registerForget(program: Command): void {
  const command = program
    .command("forget")
    .summary("Delete a typed memory (archived)")
    .argument("<name>", "the memory's name, file name or path")
    .description("Delete a typed memory: its file moves to the archive and its line leaves MEMORY.md.");
  withCommonOptions(command, ['mnemo forget "Prefers tabs"', "mnemo forget feedback_prefers-tabs.md"]);
  command.action(
    commandAction<[string], CommonOptions>(async ([name], options) => {
      const memory = await openHome(options);
      const removed = await memory.memories.delete(name);
      const lines = [
        `Removed ${memory.store.locate(removed.path)} and its index line in MEMORY.md`,
        ...removed.archived.map((chunk) => `Archived it in ${memory.store.locate(chunk.path)}`),
      ];
      printData(options, removed, lines.join("\n"));
      return EXIT_CODES.ok;
    }),
  );
}
