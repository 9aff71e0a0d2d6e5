import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { MnemoError } from "../../errors.js";
import type { MemoryHome } from "../../index.js";
import type { ScopeStack } from "../../scopes.js";
import type {
  AnyCliCommand,
  CommandContext,
  CommandGroup,
  CommonOptions,
  RemoteAnswer,
  RenderContext,
} from "./cli-command.js";
import { EXIT_CODES, printNote, reportError, writeJson } from "./output.js";
import { authorOf, openScopesFor, runOnScopes } from "./scoped-run.js";

/**
 * The shared runner of the CLI's command units: adds them to commander (with --home, --json and
 * their examples), and runs one: input, open the home, run, print, close the home, exit code.
 */
export function addCommands(parent: Command, commands: ReadonlyArray<AnyCliCommand | CommandGroup>): void {
  for (const each of commands) defineCommandOn(parent.command(each.name), each);
}

/** Gives a commander command (made with the unit's word) the unit's description, arguments, options and action. */
export function defineCommandOn(command: Command, each: AnyCliCommand | CommandGroup): void {
  command.description(each.description);
  if (each.summary) command.summary(each.summary);
  if ("commands" in each) addCommands(command, each.commands);
  else addCommand(command, each);
}

function addCommand(command: Command, unit: AnyCliCommand): void {
  for (const argument of unit.arguments ?? []) command.addArgument(argument);
  for (const option of unit.options ?? []) command.addOption(option);
  if (unit.run) addHomeOptions(command);
  if (unit.scoped)
    command.option("--no-scopes", "use the one memory home, even inside a repository with a .mnemo/ folder");
  if (unit.json !== false) command.option("--json", "print one JSON value on stdout instead of text");
  const examples = unit.examples.map((example) => `  $ ${example}`).join("\n");
  command.addHelpText("after", `\nExamples:\n${examples}\n`);
  // commander calls an action with the positional arguments, the options and the command.
  command.action(async (...received: unknown[]) => {
    const options = withGlobalOptions(received.at(-1) as Command);
    const args = received.slice(0, -2) as Array<string | undefined>;
    process.exitCode = await runCommand(unit, args, options);
  });
}

/**
 * The options every command with a home has, also given before the command word (`mnemo --home X
 * status`, `mnemo --store URL --home-id ID recall ...`). The program parses them only there
 * (enablePositionalOptions), so the command's own, after its word, are its own again.
 */
export function addGlobalOptions(program: Command): void {
  program.enablePositionalOptions();
  addHomeOptions(program);
  program.option("--json", "print one JSON value on stdout instead of text");
}

/** The command's options with those given before its word; its own win. One it does not have is refused. */
function withGlobalOptions(command: Command): CommonOptions {
  const own = new Set(command.options.map((option) => option.attributeName()));
  let parent = command.parent;
  while (parent?.parent) parent = parent.parent;
  const globals = parent?.opts<Record<string, unknown>>() ?? {};
  for (const [key, value] of Object.entries(globals)) {
    if (value === undefined || own.has(key)) continue;
    const flag = parent?.options.find((option) => option.attributeName() === key)?.long ?? key;
    throw new MnemoError(
      "INVALID_INPUT",
      `${flag} does not apply to mnemo ${commandPath(command)}; leave it out (see mnemo ${commandPath(command)} --help).`,
    );
  }
  return { ...globals, ...command.opts<CommonOptions>() };
}

function commandPath(command: Command): string {
  const words: string[] = [];
  for (let each: Command | null = command; each?.parent; each = each.parent) words.unshift(each.name());
  return words.join(" ");
}

/** Where the one memory home is: a folder, or a home of a PostgreSQL database. */
function addHomeOptions(command: Command): void {
  command.option("--home <dir>", "the memory home (default: $MNEMO_HOME, else ~/.mnemo)");
  command.option("--store <url>", "keep the home in a PostgreSQL database instead (default: $MNEMO_STORE)");
  command.option(
    "--home-id <id>",
    "which home of that database, e.g. acme/user-42 (default: $MNEMO_HOME_ID)",
  );
  command.option(
    "--agent <name>",
    "who writes: saves record it in the memory's frontmatter (default: $MNEMO_AGENT)",
  );
  command.option("--run <name>", "the run or session writing: saves record it too (default: $MNEMO_RUN)");
}

/** Runs one command as the bin does, and returns the process's exit code. */
export async function runCommand(
  unit: AnyCliCommand,
  args: Array<string | undefined>,
  options: CommonOptions,
): Promise<number> {
  let memory: MemoryHome | undefined;
  let scopes: ScopeStack | undefined;
  try {
    const input = await unit.input(args, options);
    const homeless = unit.withoutHome?.(input);
    const remote = homeless ? undefined : await unit.remote?.(input, options);
    if (remote) return printRemoteAnswer(unit, remote, input, options);
    if (!homeless) scopes = await openScopesFor(unit, options);
    if (scopes) return await runOnScopes(unit, input, scopes, options);
    if (!homeless) memory = await openHome(options);
    const context = memory
      ? renderContext(memory)
      : { locate: (path: string) => path, home: "", now: new Date() };
    const print = (data: unknown) => printData(unit, data, context, options);
    const data = homeless
      ? await homeless({ print })
      : await runOnHome(unit, input, { memory: memory as MemoryHome, print });
    if (data !== undefined) print(data);
    for (const note of unit.notes?.(data, input, { ...context, json: options.json === true }) ?? [])
      printNote(note);
    if (memory) await unit.afterPrint?.(data, input, { memory, print });
    return unit.exitCode?.(data, input) ?? EXIT_CODES.ok;
  } catch (error) {
    return reportError(error, options);
  } finally {
    await memory?.close();
    await scopes?.close();
  }
}

/**
 * Opens the home of the options. A folder that did not exist is created, as the library does, and
 * the person is told so on stderr: a typo in --home would otherwise write to an empty new home.
 */
async function openHome(options: CommonOptions): Promise<MemoryHome> {
  // Loaded when a command opens a home, not for --help or a usage error (issue 29: a fast start).
  const [{ openMemory }, { resolveHome }] = await Promise.all([
    import("../../open-memory.js"),
    import("../../load-config.js"),
  ]);
  const folder = resolveHome(options.home, process.env);
  const existed = existsSync(folder);
  const memory = await openMemory({
    home: options.home,
    store: options.store,
    homeId: options.homeId,
    ...authorOf(options, process.env),
  });
  if (!existed && memory.home === folder && existsSync(folder))
    printNote(
      `created a new memory home at ${folder} (no folder was there; if you meant an existing home, check --home or $MNEMO_HOME)`,
    );
  return memory;
}

/** What runCommand prints for an answer made by another process; the same writers, so the same output. */
function printRemoteAnswer(
  unit: AnyCliCommand,
  remote: RemoteAnswer<unknown>,
  input: unknown,
  options: CommonOptions,
): number {
  const context: RenderContext = {
    locate: (path) => join(remote.home, path),
    home: remote.home,
    now: new Date(),
  };
  if (options.json) process.stdout.write(`${remote.json}\n`);
  else printData(unit, remote.data, context, options);
  for (const note of unit.notes?.(remote.data, input, { ...context, json: options.json === true }) ?? [])
    printNote(note);
  return unit.exitCode?.(remote.data, input) ?? EXIT_CODES.ok;
}

function runOnHome(unit: AnyCliCommand, input: unknown, context: CommandContext): Promise<unknown> {
  if (!unit.run) throw new Error(`mnemo ${unit.name}: a command needs run or withoutHome (a bug in mnemo).`);
  return unit.run(input, context);
}

export function renderContext(memory: MemoryHome): RenderContext {
  return { locate: (path) => memory.store.locate(path), home: memory.home, now: new Date() };
}

/** One JSON value with --json; else the text, with a newline unless it has one (or is verbatim). */
function printData(unit: AnyCliCommand, data: unknown, context: RenderContext, options: CommonOptions): void {
  if (options.json) {
    writeJson(unit.toJson ? unit.toJson(data) : data);
    return;
  }
  const text = unit.render(data, context);
  if (text === "") return;
  const asIs = text.endsWith("\n") || (unit.verbatim === true && !process.stdout.isTTY);
  process.stdout.write(asIs ? text : `${text}\n`);
}
