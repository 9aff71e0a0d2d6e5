#!/usr/bin/env node
import { reportError } from "./output.js";
import { createProgram } from "./program.js";

/** The `mnemo` bin. Commands report their own errors; what arrives here is a usage error. */
function jsonRequested(commandLine: string[]): boolean {
  const separator = commandLine.indexOf("--");
  return (separator === -1 ? commandLine : commandLine.slice(0, separator)).includes("--json");
}

// Issue 31: zod compiles a parser for each object schema the first time it parses (`new Function`),
// which pays in a long run and costs a one-shot command more than it saves: `mnemo hook
// session-start` ran ~8% fewer instructions without it (callgrind, one run each: 1,322 M -> 1,222 M;
// `node -e ''` alone 503 M). zod reads its settings from this global object (what `z.config()` sets)
// when a schema is built, so it is set here, before any command's module loads zod, without loading
// zod for --help.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };

// `mnemo list | head` closes stdout early: stop quietly, as other command-line tools do.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

try {
  await createProgram().parseAsync(process.argv);
} catch (error) {
  process.exitCode = reportError(error, { json: jsonRequested(process.argv.slice(2)) });
}
