import type { Command } from "commander";
import { MEMORY_TYPES, type MemoryManifestEntry } from "../../index.js";
import { type CommonOptions, commandAction, openHome, withCommonOptions } from "../command-action.js";
import { memoryAgeText } from "../memory-age.js";
import { EXIT_CODES, printData, printNote } from "../output.js";
import { parseMemoryType } from "../parse-choice.js";

interface ListOptions extends CommonOptions {
  type?: string;
}

export function registerList(program: Command): void {
  const command = program
    .command("list")
    .summary("List the typed memories")
    .description("List the typed memories, newest first: type, name, description and age.")
    .option("--type <type>", `only memories of this type: ${MEMORY_TYPES.join(", ")}`);
  withCommonOptions(command, ["mnemo list", "mnemo list --type feedback --json"]);
  command.action(
    commandAction<[], ListOptions>(async (_args, options) => {
      const type = options.type === undefined ? undefined : parseMemoryType(options.type);
      const memory = await openHome(options);
      const manifest = await memory.memories.list({ type });
      const now = new Date();
      printData(options, manifest, manifest.memories.map((entry) => formatEntry(entry, now)).join("\n"));
      if (!options.json && manifest.memories.length === 0) {
        printNote('no memories yet; save one with mnemo remember TEXT --type T --name "Name"');
      }
      if (manifest.problems.length > 0) {
        printNote(
          `${manifest.problems.length} memory file(s) could not be read; run mnemo doctor for details`,
        );
      }
      if (manifest.truncated) printNote("only the newest memories were scanned; older ones are left out");
      return EXIT_CODES.ok;
    }),
  );
}

function formatEntry(entry: MemoryManifestEntry, now: Date): string {
  const description = entry.description === "" ? "" : ` - ${entry.description}`;
  return `${entry.type.padEnd(9)} ${entry.name}${description} (${memoryAgeText(entry, now)})`;
}
