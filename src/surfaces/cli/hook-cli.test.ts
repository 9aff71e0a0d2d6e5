import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

/**
 * `mnemo hook session-start` and `mnemo hook user-prompt-submit` through the built bin, fed the JSON
 * Claude Code sends a command hook on stdin (its hooks reference: session_id, transcript_path, cwd,
 * hook_event_name, plus source for SessionStart and prompt for UserPromptSubmit). What they print
 * is what Claude Code adds to the model's context; whatever goes wrong, they exit 0 and print
 * nothing, and say why in the home's .logs/hooks.log.
 */
const SESSION = {
  session_id: "9f1c2b7e-4a3d-4f0e-8b6a-2c5d7e9f0a1b",
  transcript_path: "/home/ada/.claude/projects/-home-ada-app/9f1c2b7e-4a3d-4f0e-8b6a-2c5d7e9f0a1b.jsonl",
  cwd: "/home/ada/app",
  permission_mode: "default",
};
const SESSION_START = JSON.stringify({ ...SESSION, hook_event_name: "SessionStart", source: "startup" });
const promptSubmit = (prompt: string) =>
  JSON.stringify({ ...SESSION, hook_event_name: "UserPromptSubmit", prompt });

let home: string;

beforeAll(async () => {
  home = await makeTempDir("mnemo-hook-");
  const steps = [
    ["profile", "add", "user", "Name", "The user is Ada, a backend developer."],
    ["remember", "The user has a cat named Miso.", "--type", "user", "--name", "Pet"],
    [
      "remember",
      "Deploys go out with `make ship` from the main branch only.",
      "--type",
      "project",
      "--name",
      "Deploys",
    ],
  ];
  for (const step of steps) expect(runMnemo([...step, "--home", home]).status).toBe(0);
});
afterAll(async () => removeDir(home));

/** A generous budget unless the test is about the budget: a loaded CI machine must not make it give up. */
function hook(name: string, input: string, args = ["--budget-ms", "60000"], hookHome = home) {
  return runMnemo(["hook", name, "--home", hookHome, ...args], { input });
}

async function hookLog(folder: string): Promise<string> {
  return readFile(join(folder, ".logs", "hooks.log"), "utf8").catch(() => "");
}

describe("mnemo hook", { timeout: 60_000 }, () => {
  it("session-start prints the frozen context as SessionStart additionalContext", () => {
    const result = hook("session-start", SESSION_START);
    expect(result.status, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output).toEqual({
      hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: expect.any(String) },
    });
    const context: string = output.hookSpecificOutput.additionalContext;
    expect(context).toContain("<user-profile>");
    expect(context).toContain("The user is Ada, a backend developer.");
  });

  it("user-prompt-submit prints the memories that match the prompt", () => {
    const result = hook("user-prompt-submit", promptSubmit("How do deploys work here?"));
    expect(result.status, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.hookSpecificOutput.hookEventName).toBe("UserPromptSubmit");
    const context: string = output.hookSpecificOutput.additionalContext;
    expect(context).toMatch(/^<relevant-memories>\n/);
    expect(context).toContain("make ship");
    expect(context).not.toContain("Miso");
  });

  it("user-prompt-submit prints nothing when nothing in memory is about the prompt", () => {
    const result = hook("user-prompt-submit", promptSubmit("Rename the variable qx to quantity."));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe("");
  });

  it("bad stdin: exit 0, nothing on stdout, a line in the log", async () => {
    const result = hook("user-prompt-submit", "this is not JSON");
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("");
    expect(await hookLog(home)).toMatch(/^\S+Z UserPromptSubmit: failed: the hook's stdin is not JSON/m);
  });

  it("a broken home: exit 0, nothing on stdout, the reason in the home's log", async () => {
    const broken = await makeTempDir("mnemo-hook-broken-");
    try {
      await writeFile(join(broken, "config.json"), '{ "search": ');
      for (const [name, input] of [
        ["session-start", SESSION_START],
        ["user-prompt-submit", promptSubmit("How do deploys work here?")],
      ] as const) {
        const result = hook(name, input, undefined, broken);
        expect(result.status).toBe(0);
        expect(result.stdout).toBe("");
      }
      const log = await hookLog(broken);
      expect(log).toMatch(new RegExp(`SessionStart session ${SESSION.session_id}: failed: .*config\\.json`));
      expect(log).toMatch(/UserPromptSubmit session \S+: failed: .*config\.json/);
    } finally {
      await removeDir(broken);
    }
  });

  it("a bad --budget-ms is no usage error (exit 2 would block the prompt): the default is used and logged", async () => {
    const result = hook("session-start", SESSION_START, ["--budget-ms", "soon"]);
    expect(result.status).toBe(0);
    expect(await hookLog(home)).toContain(
      'SessionStart: --budget-ms must be a whole number from 1 to 600000, not "soon"; used 2000',
    );
  });

  it("over its time budget: gives up quietly, exit 0, and logs how long it took", async () => {
    const result = hook("session-start", SESSION_START, ["--budget-ms", "1"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("");
    expect(await hookLog(home)).toMatch(/SessionStart: gave up after \d+ ms \(budget 1 ms\)/);
  });
});
