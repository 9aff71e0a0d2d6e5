#!/usr/bin/env node
import { reportError } from "./output.js";
import { createProgram } from "./program.js";

/** The `mnemo` bin. Commands report their own errors; what arrives here is a usage error. */
function jsonRequested(commandLine: string[]): boolean {
  const separator = commandLine.indexOf("--");
  return (separator === -1 ? commandLine : commandLine.slice(0, separator)).includes("--json");
}

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
