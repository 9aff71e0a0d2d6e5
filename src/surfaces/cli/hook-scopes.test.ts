import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { makeTestRepository, type TestRepository } from "../../testing/test-repository.js";

/**
 * Claude Code's SessionStart and UserPromptSubmit hooks (`mnemo hook …`, the built binary) for a
 * session in a repository with a project layer (docs/scopes.md): the session's folder comes from
 * the hook's JSON (`cwd`), and the answer holds the project's memories beside the user's, labelled,
 * as `mnemo context` and `mnemo recall` give them there; `--no-scopes` and `--home` keep one home.
 */
describe("mnemo hook in a repository with .mnemo/", () => {
  let scratch: string;
  let repository: TestRepository;

  beforeEach(async () => {
    scratch = await makeTempDir("mnemo-hook-scopes-");
    repository = await makeTestRepository(scratch);
    const remember = (home: string, text: string, type: string, name: string) =>
      spawnMnemo(["remember", text, "--type", type, "--name", name, "--home", home], { env: repository.env });
    expect(
      (
        await remember(
          repository.projectHome,
          "Staging runs Postgres 15 on db.staging.internal.",
          "project",
          "Staging database",
        )
      ).status,
    ).toBe(0);
    expect(
      (
        await remember(
          repository.userHome,
          "Ana prefers tabs to spaces in every language.",
          "user",
          "Indentation",
        )
      ).status,
    ).toBe(0);
  });
  afterEach(async () => removeDir(scratch));

  /** The hook run from `scratch` (outside the repository), as Claude Code may start it: the JSON says where the session is. */
  const hook = async (name: string, fields: Record<string, unknown>, args: string[] = []) => {
    const run = await spawnMnemo(["hook", name, "--budget-ms", "60000", ...args], {
      env: repository.env,
      cwd: scratch,
      input: JSON.stringify({ session_id: "s1", transcript_path: "/tmp/s1.jsonl", ...fields }),
    });
    expect(run.status).toBe(0);
    return run.stdout === "" ? "" : (JSON.parse(run.stdout).hookSpecificOutput.additionalContext as string);
  };

  it("SessionStart gives the project's memories and the user's, each block labelled with its layer", async () => {
    const context = await hook("session-start", { hook_event_name: "SessionStart", cwd: repository.cwd });
    expect(context).toContain('scope="project"');
    expect(context).toContain('scope="user"');
    expect(context).toContain("Staging database");
    expect(context).toContain("Indentation");
    expect(context.indexOf("Staging database")).toBeLessThan(context.indexOf("Indentation"));
  });

  it("UserPromptSubmit finds the project's memory for a prompt about it", async () => {
    const context = await hook("user-prompt-submit", {
      hook_event_name: "UserPromptSubmit",
      cwd: repository.cwd,
      prompt: "which host runs the staging Postgres database?",
    });
    expect(context).toContain("db.staging.internal");
  });

  it("--no-scopes, --home, or a session outside any repository: the user's home alone, as before", async () => {
    const outside = await hook("session-start", { hook_event_name: "SessionStart", cwd: scratch });
    const noScopes = await hook("session-start", { hook_event_name: "SessionStart", cwd: repository.cwd }, [
      "--no-scopes",
    ]);
    const home = await hook("session-start", { hook_event_name: "SessionStart", cwd: repository.cwd }, [
      "--home",
      repository.userHome,
    ]);
    for (const context of [outside, noScopes, home]) {
      expect(context).toContain("Indentation");
      expect(context).not.toContain("Staging database");
      expect(context).not.toContain('scope="');
    }
    const prompt = await hook(
      "user-prompt-submit",
      {
        hook_event_name: "UserPromptSubmit",
        cwd: repository.cwd,
        prompt: "which host runs the staging Postgres database?",
      },
      ["--no-scopes"],
    );
    expect(prompt).not.toContain("db.staging.internal");
  });
});
