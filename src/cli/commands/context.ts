import type { Command } from "commander";
import { MnemoError } from "../../index.js";
import { type CommonOptions, commandAction, openHome, withCommonOptions } from "../command-action.js";
import { EXIT_CODES, writeJson } from "../output.js";
import { readTextFile } from "../read-input.js";

interface ContextOptions extends CommonOptions {
  basePrompt?: string;
  basePromptFile?: string;
}

export function registerContext(program: Command): void {
  const command = program
    .command("context")
    .summary("Print the session context built from memory")
    .description(
      "Print the session context an agent starts with: soul, user profile, core memory, recent daily " +
        "logs and the memory instructions, then the base prompt. With memory disabled: the base prompt only.",
    )
    .option("--base-prompt <text>", "the system prompt to append after the memory blocks")
    .option("--base-prompt-file <file>", "read the base prompt from a file (- for stdin)");
  withCommonOptions(command, [
    'mnemo context --base-prompt "You are a helpful assistant."',
    "mnemo context --base-prompt-file prompt.md --json",
  ]);
  command.action(
    commandAction<[], ContextOptions>(async (_args, options) => {
      const basePrompt = await readBasePrompt(options);
      const memory = await openHome(options);
      const context = await memory.buildContext({ basePrompt });
      if (options.json) writeJson({ context });
      else process.stdout.write(context.endsWith("\n") || !process.stdout.isTTY ? context : `${context}\n`);
      return EXIT_CODES.ok;
    }),
  );
}

async function readBasePrompt(options: ContextOptions): Promise<string | undefined> {
  if (options.basePrompt !== undefined && options.basePromptFile !== undefined) {
    throw new MnemoError("INVALID_INPUT", "Give either --base-prompt or --base-prompt-file, not both.");
  }
  if (options.basePromptFile !== undefined) return readTextFile(options.basePromptFile, "base prompt file");
  return options.basePrompt;
}
