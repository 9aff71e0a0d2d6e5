import { afterEach, beforeEach } from "vitest";
import type { MemoryHome } from "../engine/memory-home.js";
import type { CliCommand, CommandContext } from "../surfaces/cli/cli-command.js";
import { renderContext } from "../surfaces/cli/run-command.js";
import { openTestMemory, removeDir, type TestHomeOptions } from "./test-home.js";

/**
 * In-process tests of the CLI's command units: a real home in a temp folder, opened before each
 * test and closed after it, and a way to run a unit's input, run and render on it, as the bin does.
 */
export function useTestHome(options: TestHomeOptions = { config: { search: { embedder: "none" } } }) {
  const current = {} as { memory: MemoryHome; home: string };
  beforeEach(async () => {
    Object.assign(current, await openTestMemory(options));
  });
  afterEach(async () => {
    await current.memory.close();
    await removeDir(current.home);
  });
  return current;
}

/** Runs `unit` on `memory` with a command line's arguments and options; what it printed with `print` too. */
export async function runUnit<Options, Input, Data>(
  unit: CliCommand<Options, Input, Data>,
  memory: MemoryHome,
  args: Array<string | undefined>,
  options: Options,
) {
  const printed: unknown[] = [];
  const context: CommandContext = { memory, print: (data) => printed.push(data) };
  const input = await unit.input(args, options);
  if (!unit.run) throw new Error(`${unit.name} has no run: it works without a home`);
  const data = await unit.run(input, context);
  const rendered = renderContext(memory);
  return { input, data, printed, text: unit.render(data, rendered), rendered };
}
