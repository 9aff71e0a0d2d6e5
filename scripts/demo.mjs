#!/usr/bin/env node
/**
 * The Quick-start walk-through (`npm run demo`): runs the built `mnemo` CLI, as a user would, in a
 * fresh memory home under the system's temp folder, and prints each command line and its output.
 * Needs no network and no API key. The home is kept afterwards so you can look at the files.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const CLI_PATH = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "bundle", "cli", "main.js");

const STEPS = [
  ["init", "--yes", "--name", "Ada", "--style", "Short, friendly answers with examples."],
  ["profile", "add", "user", "Work", "Backend developer; writes Go and TypeScript."],
  [
    "remember",
    "Run the tests before every commit. **Why:** a broken main blocked the team for a day. **How to apply:** every change, however small.",
    "--type",
    "feedback",
    "--name",
    "Tests before commits",
    "--description",
    "Run the whole test suite before every commit",
  ],
  ["remember", "Prefers answers in French.", "--type", "user", "--name", "Speaks French"],
  ["journal", "add", "user_pref", "Likes tables for comparisons."],
  ["list"],
  ["show", "Tests before commits"],
  ["recall", "Which language does the user prefer?", "--limit", "3"],
  ["context", "--base-prompt", "You are a helpful assistant."],
  ["doctor"],
];

if (!existsSync(CLI_PATH))
  fail(`${CLI_PATH} does not exist; build first with npm run build (or run npm run demo).`);

const home = await mkdtemp(join(tmpdir(), "mnemo-demo-"));
const env = { ...process.env, MNEMO_HOME: home };
delete env.MNEMO_ENABLED;
console.log(`# A fresh memory home for this demo (kept afterwards):\n$ export MNEMO_HOME=${home}\n`);

for (const args of STEPS) {
  console.log(`$ mnemo ${args.map(quoteForShell).join(" ")}`);
  const result = spawnSync(process.execPath, [CLI_PATH, ...args], { env, encoding: "utf8" });
  if (result.stdout)
    process.stdout.write(result.stdout.endsWith("\n") ? result.stdout : `${result.stdout}\n`);
  if (result.stderr) process.stdout.write(result.stderr);
  if (result.error) fail(`could not run mnemo ${args[0]}: ${result.error.message}`);
  if (result.status !== 0) fail(`mnemo ${args[0]} exited with code ${result.status}`);
  console.log();
}
console.log(`Done. Look at the files in ${home}, or run mnemo commands with MNEMO_HOME=${home}.`);

function quoteForShell(argument) {
  return /^[\w@%+=:,./-]+$/.test(argument) ? argument : `'${argument.replaceAll("'", "'\\''")}'`;
}

function fail(message) {
  console.error(`demo failed: ${message}`);
  process.exit(1);
}
