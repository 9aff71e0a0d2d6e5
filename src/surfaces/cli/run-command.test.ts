import { existsSync, readdirSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MnemoError } from "../../index.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { type CommonOptions, defineCommand } from "./cli-command.js";
import { recall } from "./commands/recall.js";
import { remember } from "./commands/remember.js";
import { EXIT_CODES } from "./output.js";
import { runCommand } from "./run-command.js";

/** The shared runner in process: what it prints where, the exit code, and the home it opens and closes. */
let root: string;
let home: string;
let printed: { stdout: string; stderr: string };
const writes = { stdout: process.stdout.write, stderr: process.stderr.write };

beforeEach(async () => {
  root = await makeTempDir("mnemo-runner-");
  home = join(root, "home");
  printed = { stdout: "", stderr: "" };
  process.stdout.write = ((chunk: string) => {
    printed.stdout += chunk;
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => {
    printed.stderr += chunk;
    return true;
  }) as typeof process.stderr.write;
});
afterEach(async () => {
  process.stdout.write = writes.stdout;
  process.stderr.write = writes.stderr;
  await removeDir(root);
});

const echo = defineCommand({
  name: "echo",
  description: "Says what it was given.",
  examples: [],
  input: ([word = ""], options: CommonOptions & { fail?: string }) => ({ word, fail: options.fail }),
  async run({ word, fail }, { memory }) {
    if (fail) throw new MnemoError("NOT_FOUND", `No ${fail} in ${memory.home}.`);
    return { word, missing: undefined };
  },
  render: ({ word }) => `said ${word}`,
  notes: ({ word }, _input, { json }) => (json ? [] : [`note on ${word}`]),
});

/** The files of the home this process still holds open (Linux: /proc/self/fd). */
function openFilesIn(folder: string): string[] {
  if (!existsSync("/proc/self/fd")) return [];
  return readdirSync("/proc/self/fd").flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(folder) ? [target] : [];
    } catch {
      return [];
    }
  });
}

/** What the first command on a folder that did not exist says before anything else. */
function newHomeNote(): string {
  return `mnemo: created a new memory home at ${home} (no folder was there; if you meant an existing home, check --home or $MNEMO_HOME)\n`;
}

describe("runCommand", () => {
  it("prints the text with a newline and the notes on stderr, or one JSON value with every key", async () => {
    expect(await runCommand(echo, ["hello"], { home })).toBe(EXIT_CODES.ok);
    expect(printed).toEqual({ stdout: "said hello\n", stderr: `${newHomeNote()}mnemo: note on hello\n` });
    printed.stdout = "";
    expect(await runCommand(echo, ["hello"], { home, json: true })).toBe(EXIT_CODES.ok);
    expect(JSON.parse(printed.stdout)).toEqual({ word: "hello", missing: null });
  });

  it("turns a MnemoError into its exit code, and into JSON on stdout with --json", async () => {
    const code = await runCommand(echo, ["x"], { home, json: true, fail: "cat" } as CommonOptions);
    expect(code).toBe(EXIT_CODES.notFound);
    expect(JSON.parse(printed.stdout)).toEqual({
      error: { code: "NOT_FOUND", message: `No cat in ${home}.` },
    });
    expect(printed.stderr).toBe(`${newHomeNote()}mnemo: No cat in ${home}.\n`);
  });

  it("does not open the home when the command line is refused", async () => {
    const code = await runCommand(remember, ["x"], { home, type: "opinion", name: "A" } as CommonOptions);
    expect(code).toBe(EXIT_CODES.usage);
    expect(existsSync(home)).toBe(false);
  });

  it("closes the home after the command: no file of it is left open", async () => {
    const options = { home, type: "user", name: "Cat" } as CommonOptions;
    expect(await runCommand(remember, ["Has a cat called Miso."], options)).toBe(EXIT_CODES.ok);
    expect(await runCommand(recall, ["cat"], { home, limit: "3" } as CommonOptions)).toBe(EXIT_CODES.ok);
    expect(printed.stdout).toContain("Has a cat called Miso.");
    expect(existsSync(join(home, ".index"))).toBe(true);
    expect(openFilesIn(home)).toEqual([]);
  });
});
