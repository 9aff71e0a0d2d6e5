import { copyFile, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../testing/fake-openai-server.js";
import { spawnMnemo } from "../../testing/test-cli.js";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../testing/test-home.js";
import { makeTestRepository, type TestRepository } from "../../testing/test-repository.js";

/**
 * `mnemo learn --hook` (what Claude Code's PreCompact and SessionEnd hooks run) started inside a
 * repository with a project layer (docs/scopes.md): its detached learner writes each extracted
 * memory to the layer of its kind, and with `--no-scopes` into the user's home alone.
 */
const SESSION = "5d1f0c2e-7b7a-4c1e-9d57-2f0e4b8a9c31";
const EXTRACTED = {
  memories: [
    {
      type: "project",
      name: "Staging database",
      description: "Where the staging database runs",
      body: "Staging runs Postgres 15 on db.staging.internal.",
      supersedes: null,
    },
    {
      type: "feedback",
      name: "Staging deploys",
      description: "Which branch deploys to staging",
      body: "Deploy to staging only from the release branch.",
      supersedes: null,
    },
  ],
  entries: [],
  summary: "",
};
const WAIT = { timeout: 30_000, interval: 100 };

describe("mnemo learn --hook in a repository with .mnemo/", () => {
  let scratch: string;
  let repository: TestRepository;
  let server: FakeOpenAiServer;
  let transcript: string;

  beforeEach(async () => {
    scratch = await makeTempDir("mnemo-learn-hook-scopes-");
    repository = await makeTestRepository(scratch);
    server = await startFakeOpenAiServer({ reply: () => ({ content: JSON.stringify(EXTRACTED) }) });
    await writeFile(
      join(repository.userHome, "config.json"),
      JSON.stringify({ search: { embedder: "none" }, llm: { baseUrl: server.baseURL, model: "fake-model" } }),
    );
    transcript = join(scratch, `${SESSION}.jsonl`);
    const fixtures = join(REPOSITORY_ROOT, "src", "session", "learning", "formats", "fixtures");
    await copyFile(join(fixtures, "claude-code-session.jsonl"), transcript);
  });
  afterEach(async () => {
    await server.close();
    await removeDir(scratch);
  });

  const memoryFiles = (home: string) => readdir(join(home, "memories")).catch(() => [] as string[]);
  /** How many messages the learner has learned, once it is done (its claim on the ledger released). */
  const learned = (home: string) =>
    readFile(join(home, ".learned", `${SESSION}.json`), "utf8").then(
      (text) => {
        const ledger = JSON.parse(text) as { learned?: { messages?: number }; claim?: unknown };
        return ledger.claim === undefined ? ledger.learned?.messages : undefined;
      },
      () => undefined,
    );

  async function hook(...flags: string[]): Promise<void> {
    await hookFrom(repository.cwd, ...flags);
  }

  /** The hook started in `started` (Claude Code may start it elsewhere); its JSON names the session's folder. */
  async function hookFrom(started: string, ...flags: string[]): Promise<void> {
    const run = await spawnMnemo(["learn", "--hook", ...flags], {
      cwd: started,
      env: { ...repository.env, OPENAI_API_KEY: "" },
      input: JSON.stringify({
        session_id: SESSION,
        transcript_path: transcript,
        cwd: repository.cwd,
        hook_event_name: "SessionEnd",
        reason: "exit",
      }),
    });
    expect(run.status, run.stderr).toBe(0);
    await vi.waitFor(async () => expect(await learned(repository.userHome)).toBe(5), WAIT);
    // The learner's last act is its log line: then nothing writes under the scratch folder any more.
    const log = join(repository.userHome, ".logs", "learn.log");
    await vi.waitFor(async () => expect(await readFile(log, "utf8")).toContain("of 5"), WAIT);
  }

  it("learns into the stack: the project memory in the repository's layer, the feedback in the user's home", async () => {
    await hook();
    expect(await memoryFiles(repository.projectHome)).toEqual(["project_staging-database.md"]);
    expect(await memoryFiles(repository.userHome)).toEqual(["feedback_staging-deploys.md"]);
  });

  it("started outside the repository, learns into the stack of the session's folder (the JSON's cwd)", async () => {
    await hookFrom(scratch);
    expect(await memoryFiles(repository.projectHome)).toEqual(["project_staging-database.md"]);
    expect(await memoryFiles(repository.userHome)).toEqual(["feedback_staging-deploys.md"]);
  });

  it("with --no-scopes learns into the user's home alone", async () => {
    await hook("--no-scopes");
    expect((await memoryFiles(repository.userHome)).sort()).toEqual([
      "feedback_staging-deploys.md",
      "project_staging-database.md",
    ]);
    expect(await memoryFiles(repository.projectHome)).toEqual([]);
  });
});
