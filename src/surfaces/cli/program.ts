import { readFileSync } from "node:fs";
import { Command } from "commander";
import type { AnyCliCommand, CommandGroup } from "./cli-command.js";
import { archive } from "./commands/archive.js";
import { chat } from "./commands/chat.js";
import { context } from "./commands/context.js";
import { conversation } from "./commands/conversation.js";
import { daemon } from "./commands/daemon.js";
import { doctor } from "./commands/doctor.js";
import { evaluation } from "./commands/eval.js";
import { exportCommand } from "./commands/export.js";
import { forget } from "./commands/forget.js";
import { homes } from "./commands/homes.js";
import { hook } from "./commands/hook.js";
import { importCommand } from "./commands/import.js";
import { init } from "./commands/init.js";
import { journal } from "./commands/journal.js";
import { learn } from "./commands/learn.js";
import { list } from "./commands/list.js";
import { mcp } from "./commands/mcp.js";
import { profile } from "./commands/profile.js";
import { recall, reindex } from "./commands/recall.js";
import { remember } from "./commands/remember.js";
import { scopes } from "./commands/scopes.js";
import { serve } from "./commands/serve.js";
import { setup } from "./commands/setup.js";
import { show } from "./commands/show.js";
import { status } from "./commands/status.js";
import { tokens } from "./commands/tokens.js";
import { ui } from "./commands/ui.js";
import { EXIT_CODES_HELP } from "./output.js";
import { addCommands, addGlobalOptions } from "./run-command.js";

/** Every command, in the order `mnemo --help` lists them. */
const COMMANDS: ReadonlyArray<AnyCliCommand | CommandGroup> = [
  init,
  context,
  remember,
  forget,
  list,
  show,
  profile,
  journal,
  archive,
  conversation,
  learn,
  recall,
  reindex,
  chat,
  evaluation,
  status,
  scopes,
  doctor,
  exportCommand,
  importCommand,
  mcp,
  setup,
  hook,
  serve,
  homes,
  tokens,
  ui,
  daemon,
];

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
  addCommands(program, COMMANDS);
  return program;
}

function packageVersion(): string {
  const text = readFileSync(new URL("../../../package.json", import.meta.url), "utf8");
  const version: unknown = (JSON.parse(text) as { version?: unknown }).version;
  return typeof version === "string" ? version : "unknown";
}
