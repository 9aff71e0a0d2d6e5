import { readFileSync } from "node:fs";
import { Command, Help } from "commander";
import type { AnyCliCommand, CommandGroup } from "./cli-command.js";
import { EXIT_CODES_HELP } from "./output.js";
import { addGlobalOptions, defineCommandOn } from "./run-command.js";

/**
 * Every command, in the order `mnemo --help` lists them: its word, how that list shows it (commander's
 * term and summary, checked against the loaded command by program-help.test.ts), and its module,
 * imported only when the command runs or shows its own help. Issue 29: importing all of them made
 * every `mnemo` call, a hook's on every prompt included, load 60 files it did not use.
 */
const COMMANDS: ReadonlyArray<{ name: string; term: string; summary: string; load(): Promise<Loaded> }> = [
  entry(
    "init [options]",
    "Create the agent's SOUL.md (onboarding)",
    async () => (await import("./commands/init.js")).init,
  ),
  entry(
    "context [options]",
    "Print the session context built from memory",
    async () => (await import("./commands/context.js")).context,
  ),
  entry(
    "remember [options] <text>",
    "Save or update a typed memory",
    async () => (await import("./commands/remember.js")).remember,
  ),
  entry(
    "forget [options] <name>",
    "Delete a typed memory (archived)",
    async () => (await import("./commands/forget.js")).forget,
  ),
  entry("list [options]", "List the typed memories", async () => (await import("./commands/list.js")).list),
  entry(
    "show [options] <name>",
    "Show one typed memory",
    async () => (await import("./commands/show.js")).show,
  ),
  entry(
    "profile",
    "Read and edit SOUL.md, USER.md, MEMORY.md and the daily log",
    async () => (await import("./commands/profile.js")).profile,
  ),
  entry(
    "journal",
    "Add to and read the categorised journal",
    async () => (await import("./commands/journal.js")).journal,
  ),
  entry(
    "archive",
    "List, read and restore what was moved to archive/",
    async () => (await import("./commands/archive.js")).archive,
  ),
  entry(
    "conversation",
    "Record and read conversation memory",
    async () => (await import("./commands/conversation.js")).conversation,
  ),
  entry(
    "learn [options] [transcript]",
    "Learn from an agent's transcript once (Claude Code, Codex, messages JSON, Markdown)",
    async () => (await import("./commands/learn.js")).learn,
  ),
  entry(
    "recall [options] <query>",
    "Search everything in the memory home (BM25 + vectors)",
    async () => (await import("./commands/recall.js")).recall,
  ),
  entry(
    "reindex [options]",
    "Rebuild the search index from the files",
    async () => (await import("./commands/recall.js")).reindex,
  ),
  entry(
    "chat [options]",
    "Chat with an agent that remembers (needs an OpenAI-compatible model)",
    async () => (await import("./commands/chat.js")).chat,
  ),
  entry("eval", "Measure mnemo", async () => (await import("./commands/eval.js")).evaluation),
  entry(
    "status [options]",
    "Budgets, counts, the search index, pending extractions and the last session",
    async () => (await import("./commands/status.js")).status,
  ),
  entry(
    "scopes [options]",
    "Show the stack of memory homes a session here opens",
    async () => (await import("./commands/scopes.js")).scopes,
  ),
  entry(
    "doctor [options]",
    "Check the memory home, and repair it with --fix",
    async () => (await import("./commands/doctor.js")).doctor,
  ),
  entry(
    "export [options] <dir>",
    "Write the memory home's tree into a folder",
    async () => (await import("./commands/export.js")).exportCommand,
  ),
  entry(
    "import [options] <path>",
    "Load a Markdown tree (from mnemo export), or another tool's memory (--from), into the memory home",
    async () => (await import("./commands/import.js")).importCommand,
  ),
  entry(
    "mcp [options]",
    "Serve the memory home to MCP clients over stdio (Claude Code, Claude Desktop, Cursor)",
    async () => (await import("./commands/mcp.js")).mcp,
  ),
  entry(
    "setup [options] <agent>",
    "Give Claude Code, Codex or Cursor this memory (MCP server, instructions, hooks)",
    async () => (await import("./commands/setup.js")).setup,
  ),
  entry(
    "hook",
    "Answer a coding agent's hook (what mnemo setup claude-code installs)",
    async () => (await import("./commands/hook.js")).hook,
  ),
  entry(
    "serve [options]",
    "Serve the memory home over HTTP: the web memory browser at /ui/, a JSON API under /v1, and MCP at /mcp",
    async () => (await import("./commands/serve.js")).serve,
  ),
  entry(
    "homes",
    "Create and list the memory homes that mnemo serve --homes (or --store) serves",
    async () => (await import("./commands/homes.js")).homes,
  ),
  entry(
    "tokens",
    "Issue, list and revoke the tokens of mnemo serve --homes (or --store)",
    async () => (await import("./commands/tokens.js")).tokens,
  ),
  entry(
    "ui [options]",
    "Open the web memory browser (serves the home on loopback until Ctrl+C)",
    async () => (await import("./commands/ui.js")).ui,
  ),
  entry(
    "daemon",
    "Start, stop or ask the background process that keeps homes and the model loaded for recall",
    async () => (await import("./commands/daemon.js")).daemon,
  ),
];

type Loaded = AnyCliCommand | CommandGroup;

function entry(term: string, summary: string, load: () => Promise<Loaded>) {
  return { name: term.split(" ")[0] ?? term, term, summary, load };
}

/** The terms of the commands not loaded yet, for the program's list of commands. */
const unloadedTerms = new WeakMap<Command, string>();

/**
 * The `mnemo` program. Settings made here before the commands are added (exitOverride, output) are
 * inherited by every command: usage errors are thrown to main.ts instead of exiting the process.
 */
export function createProgram(): Command {
  const program = new Command("mnemo")
    .description("A file-first memory layer for LLM agents: human-readable Markdown memory in one folder.")
    .version(packageVersion())
    .exitOverride()
    .configureOutput({ outputError: (message, write) => write(`mnemo: ${message.replace(/^error: /, "")}`) })
    .showHelpAfterError("(add --help for usage)")
    .addHelpText(
      "after",
      `\nThe memory home is --home DIR (before or after the command), else $MNEMO_HOME, else ~/.mnemo; a folder that\ndoes not exist is created, and mnemo says so on stderr. With --store postgres://... (or $MNEMO_STORE)\nit is the home --home-id ID (or $MNEMO_HOME_ID) of that PostgreSQL database instead.\n\n${EXIT_CODES_HELP}\n`,
    );
  addGlobalOptions(program);
  program.configureHelp({
    subcommandTerm(this: Help, command: Command) {
      return unloadedTerms.get(command) ?? Help.prototype.subcommandTerm.call(this, command);
    },
  });
  const loaders = new Map<Command, () => Promise<Loaded>>();
  for (const each of COMMANDS) {
    const command = program.command(each.name).description(each.summary);
    unloadedTerms.set(command, each.term);
    loaders.set(command, each.load);
  }
  /** Gives the command its definition before commander parses its part of the command line. */
  const load = async (command: Command) => {
    const loader = loaders.get(command);
    if (!loader) return;
    loaders.delete(command);
    defineCommandOn(command, await loader());
    unloadedTerms.delete(command);
  };
  program.hook("preSubcommand", (_program, command) => load(command));
  // `mnemo help WORD`: commander's own help command would show WORD's help before it is loaded.
  program.helpCommand(false);
  program
    .command("help")
    .argument("[command]")
    .description("display help for command")
    .action(async (word: string | undefined) => {
      const command = word === undefined ? undefined : program.commands.find((each) => each.name() === word);
      if (!command) return program.help({ error: word !== undefined });
      await load(command);
      command.help();
    });
  return program;
}

function packageVersion(): string {
  const text = readFileSync(new URL("../../../package.json", import.meta.url), "utf8");
  const version: unknown = (JSON.parse(text) as { version?: unknown }).version;
  return typeof version === "string" ? version : "unknown";
}
