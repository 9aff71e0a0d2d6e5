import { readFileSync } from "node:fs";
import { Command } from "commander";
import { registerChat } from "./commands/chat.js";
import { registerContext } from "./commands/context.js";
import { registerDoctor } from "./commands/doctor.js";
import { registerEval } from "./commands/eval.js";
import { registerForget } from "./commands/forget.js";
import { registerInit } from "./commands/init.js";
import { registerJournal } from "./commands/journal.js";
import { registerList } from "./commands/list.js";
import { registerMcp } from "./commands/mcp.js";
import { registerProfile } from "./commands/profile.js";
import { registerRecall } from "./commands/recall.js";
import { registerRemember } from "./commands/remember.js";
import { registerServe } from "./commands/serve.js";
import { registerShow } from "./commands/show.js";
import { EXIT_CODES_HELP } from "./output.js";

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
      `\nThe memory home is --home DIR, else $MNEMO_HOME, else ~/.mnemo.\n\n${EXIT_CODES_HELP}\n`,
    );
  registerInit(program);
  registerContext(program);
  registerRemember(program);
  registerForget(program);
  registerList(program);
  registerShow(program);
  registerProfile(program);
  registerJournal(program);
  registerRecall(program);
  registerChat(program);
  registerEval(program);
  registerDoctor(program);
  registerMcp(program);
  registerServe(program);
  return program;
}

function packageVersion(): string {
  const text = readFileSync(new URL("../../package.json", import.meta.url), "utf8");
  const version: unknown = (JSON.parse(text) as { version?: unknown }).version;
  return typeof version === "string" ? version : "unknown";
}
