import { Option } from "commander";
import { MnemoError } from "../../../errors.js";
import { type CommonOptions, defineCommand } from "../cli-command.js";
import { readTextFile } from "../read-input.js";

interface ContextOptions extends CommonOptions {
  basePrompt?: string;
  basePromptFile?: string;
}

export const context = defineCommand({
  name: "context",
  summary: "Print the session context built from memory",
  description:
    "Print the session context an agent starts with: soul, user profile, core memory, recent daily " +
    "logs and the memory instructions, then the base prompt. With memory disabled: the base prompt only.",
  options: [
    new Option("--base-prompt <text>", "the system prompt to append after the memory blocks"),
    new Option("--base-prompt-file <file>", "read the base prompt from a file (- for stdin)"),
  ],
  examples: [
    'mnemo context --base-prompt "You are a helpful assistant."',
    "mnemo context --base-prompt-file prompt.md --json",
  ],
  async input(_args, options: ContextOptions) {
    if (options.basePrompt !== undefined && options.basePromptFile !== undefined)
      throw new MnemoError("INVALID_INPUT", "Give either --base-prompt or --base-prompt-file, not both.");
    const basePrompt =
      options.basePromptFile === undefined
        ? options.basePrompt
        : await readTextFile(options.basePromptFile, "base prompt file");
    return { basePrompt };
  },
  run: async (input, { memory }) => ({ context: await memory.buildContext(input) }),
  render: (data: { context: string }) => data.context,
  scoped: {
    run: async (input, { scopes }) => ({ context: await scopes.context(input) }),
    render: (data: { context: string }) => data.context,
  },
  // A prompt piped into a file keeps its exact text.
  verbatim: true,
});
