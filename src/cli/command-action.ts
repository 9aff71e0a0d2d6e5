import type { Command } from "commander";
import { type MemoryHome, openMemory } from "../index.js";
import { EXIT_CODES, type OutputOptions, reportError } from "./output.js";

/** The options every command takes. */
export interface CommonOptions extends OutputOptions {
  home?: string;
}

/** Adds --home and --json, and examples to the end of the command's --help. */
export function withCommonOptions(command: Command, examples: string[]): Command {
  return command
    .option("--home <dir>", "the memory home (default: $MNEMO_HOME, else ~/.mnemo)")
    .option("--json", "print one JSON value on stdout instead of text")
    .addHelpText("after", `\nExamples:\n${examples.map((example) => `  $ ${example}`).join("\n")}\n`);
}

export function openHome(options: CommonOptions): Promise<MemoryHome> {
  return openMemory({ home: options.home });
}

/**
 * Wraps a command's work for commander: hands it the positional arguments (`Args`, as declared on
 * the command: an optional one is undefined when not given) and the options, and turns a thrown
 * error into a message and an exit code. `work` may return an exit code.
 */
export function commandAction<Args extends Array<string | undefined>, Options extends CommonOptions>(
  work: (args: Args, options: Options) => Promise<number | undefined>,
): (...received: unknown[]) => Promise<void> {
  return async (...received) => {
    const command = received.at(-1) as Command;
    const options = command.opts<Options>();
    const args = received.slice(0, -2) as Args;
    try {
      process.exitCode = (await work(args, options)) ?? EXIT_CODES.ok;
    } catch (error) {
      process.exitCode = reportError(error, options);
    }
  };
}
