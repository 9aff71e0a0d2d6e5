import { createProgram } from "../../../src/surfaces/cli/program.js";
import { seededRandom } from "../../../src/testing/seeded-random.js";
import { describeFailure, type FuzzResult } from "./fuzz-homes.js";
import { HostileValues } from "./hostile-values.js";

/**
 * Fuzzes the CLI in process (the same program the bin runs, thousands of times faster than
 * spawning it): every command line must end in a result or a clear error, never in an UNEXPECTED
 * one (an exception the CLI did not expect) or an exception that escapes the program. Always with
 * --json, so the error's code can be read; never the long-running commands (chat, mcp, serve).
 */
export async function fuzzCli(options: { home: string; count: number; seed: number }): Promise<FuzzResult> {
  const values = new HostileValues(seededRandom(options.seed));
  const result: FuzzResult = { inputs: 0, failures: [] };
  for (let index = 0; index < options.count; index++) {
    const argv = [...values.pick(COMMAND_LINES)(values), "--json", "--home", options.home];
    result.inputs += 1;
    const outcome = await runInProcess(argv);
    const unexpected = outcome.thrown !== undefined || /"code": "UNEXPECTED"/.test(outcome.stdout);
    if (unexpected)
      result.failures.push({
        surface: "cli",
        input: JSON.stringify(argv),
        error: outcome.thrown ?? `${outcome.stdout}\n${outcome.stderr}`,
      });
  }
  return result;
}

type CommandLine = (values: HostileValues) => string[];

const typeOption = (values: HostileValues) =>
  values.chance(0.7) ? values.pick(["user", "feedback", "project", "reference"]) : values.name();
const profileFile = (values: HostileValues) =>
  values.chance(0.7) ? values.pick(["soul", "user", "memory", "daily"]) : values.name();

const COMMAND_LINES: CommandLine[] = [
  (values) => ["remember", values.text(), "--type", typeOption(values), "--name", values.name()],
  (values) => [
    "remember",
    values.text(),
    "--type",
    typeOption(values),
    "--name",
    values.name(),
    "--description",
    values.text(),
  ],
  (values) => ["forget", values.name()],
  (values) => ["show", values.name()],
  (values) => ["list", "--type", typeOption(values)],
  (values) => ["profile", "read", profileFile(values), values.name()],
  (values) => ["profile", "add", profileFile(values), values.name(), values.text()],
  (values) => ["profile", "replace", profileFile(values), values.name(), values.text(), values.text()],
  (values) => ["profile", "remove", profileFile(values), values.name()],
  (values) => ["journal", "add", values.chance(0.6) ? "user_pref" : values.name(), values.text()],
  (values) => ["journal", "read", values.name()],
  () => ["journal", "topics"],
  (values) => ["recall", values.text(), "--limit", values.pick(["3", "0", "-1", "abc", "1e3", "99999"])],
  (values) => [
    "recall",
    values.text(),
    "--kind",
    values.name(),
    "--file",
    values.name(),
    "--since",
    values.name(),
  ],
  (values) => ["context", "--base-prompt", values.text()],
  (values) => (values.chance(0.5) ? ["doctor"] : ["doctor", "--fix"]),
  (values) => ["init", "--yes", "--name", values.name(), ...(values.chance(0.3) ? ["--force"] : [])],
  (values) => [values.name(), values.name()],
  (values) => ["remember", `--${values.name()}`, values.text()],
];

/** Runs the program with stdout and stderr captured; the exit code is left as the bin would set it. */
async function runInProcess(argv: string[]): Promise<{ stdout: string; stderr: string; thrown?: string }> {
  const stdoutWrite = process.stdout.write.bind(process.stdout);
  const stderrWrite = process.stderr.write.bind(process.stderr);
  let stdout = "";
  let stderr = "";
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  const exitCode = process.exitCode;
  try {
    await createProgram().parseAsync(argv, { from: "user" });
    return { stdout, stderr };
  } catch (error) {
    // commander's own usage errors arrive here (exitOverride), as in the bin's main.ts
    if ((error as { code?: unknown }).code?.toString().startsWith("commander.")) return { stdout, stderr };
    return { stdout, stderr, thrown: describeFailure(error) };
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
    process.exitCode = exitCode;
  }
}
