import { spawn } from "node:child_process";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queuePendingExtraction } from "../../engine/sessions/pending-queue.js";
import { openMemory } from "../../index.js";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../testing/fake-openai-server.js";
import { CLI_PATH, makeTempDir, removeDir } from "../../testing/test-home.js";

/**
 * `mnemo doctor --fix` and `mnemo learn --pending` started inside a repository with a `.mnemo/`
 * (docs/scopes.md): the conversations queued in the user's .pending/ are extracted as a chat on the
 * stack would extract them, each typed memory written to the layer of its kind.
 */
describe("queued extractions retried in a repository with .mnemo/", () => {
  let scratch: string;
  let userHome: string;
  let repository: string;
  let server: FakeOpenAiServer;

  const extracted = {
    memories: [
      {
        type: "project",
        name: "Deploy window",
        description: "When the shop deploys",
        body: "The shop deploys on Tuesday mornings only.",
        supersedes: null,
      },
      {
        type: "feedback",
        name: "Short answers",
        description: "How the user wants answers",
        body: "Answer in two sentences at most.",
        supersedes: null,
      },
    ],
    entries: [],
    summary: "Talked about the deploy window.",
  };

  beforeEach(async () => {
    scratch = await makeTempDir("mnemo-queued-scopes-");
    userHome = join(scratch, "person", ".mnemo");
    repository = join(scratch, "shop");
    await mkdir(join(repository, "src"), { recursive: true });
    await mkdir(join(repository, ".mnemo"));
    server = await startFakeOpenAiServer({ reply: () => ({ content: JSON.stringify(extracted) }) });
    await mkdir(userHome, { recursive: true });
    await writeFile(
      join(userHome, "config.json"),
      JSON.stringify({ search: { embedder: "none" }, llm: { baseUrl: server.baseURL, model: "fake-model" } }),
    );
    const user = await openMemory({ home: userHome, env: { MNEMO_EMBEDDER: "none" } });
    await queuePendingExtraction(user.store, {
      sessionId: "s1",
      transcript: [{ role: "user", content: "We deploy on Tuesday mornings. Keep answers short." }],
      error: "the model was down",
      now: new Date(),
    });
    await user.close();
  });
  afterEach(async () => {
    await server.close();
    await removeDir(scratch);
  });

  function mnemoInRepository(
    args: string[],
  ): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const child = spawn(process.execPath, [CLI_PATH, ...args], {
      cwd: join(repository, "src"),
      env: {
        HOME: join(scratch, "person"),
        MNEMO_HOME: userHome,
        MNEMO_EMBEDDER: "none",
        OPENAI_API_KEY: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  }

  async function expectWrittenByKind() {
    expect(await readdir(join(userHome, ".pending"))).toEqual([]);
    const projectMemories = await readdir(join(repository, ".mnemo", "memories"));
    const userMemories = await readdir(join(userHome, "memories"));
    expect(projectMemories).toContain("project_deploy-window.md");
    expect(userMemories).not.toContain("project_deploy-window.md");
    expect(userMemories).toContain("feedback_short-answers.md");
    expect(projectMemories).not.toContain("feedback_short-answers.md");
  }

  it("mnemo doctor --fix writes each extracted memory in the layer of its kind", async () => {
    const fixed = await mnemoInRepository(["doctor", "--fix"]);
    expect(fixed.stdout).toContain("fixed: session s1: extracted with openai:fake-model, 2 written");
    expect(fixed.code, fixed.stderr).toBe(0);
    await expectWrittenByKind();
  });

  it("mnemo learn --pending writes each extracted memory in the layer of its kind", async () => {
    const learned = await mnemoInRepository(["learn", "--pending"]);
    expect(learned.code, learned.stderr).toBe(0);
    expect(learned.stdout).toContain("session s1: extracted with openai:fake-model, 2 written");
    await expectWrittenByKind();
  });

  it("mnemo learn <transcript> writes what it extracts in the layer of each kind", async () => {
    const transcript = join(scratch, "call.md");
    await writeFile(transcript, "User: We deploy on Tuesday mornings. Keep answers short.\n");
    const learned = await mnemoInRepository(["learn", transcript, "--session", "call"]);
    expect(learned.code, learned.stderr).toBe(0);
    const projectMemories = await readdir(join(repository, ".mnemo", "memories"));
    expect(projectMemories).toContain("project_deploy-window.md");
    expect(await readdir(join(userHome, "memories"))).toContain("feedback_short-answers.md");
  });

  it("mnemo doctor --fix --no-scopes keeps to the one home", async () => {
    const fixed = await mnemoInRepository(["doctor", "--fix", "--no-scopes"]);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(await readdir(join(userHome, "memories"))).toContain("project_deploy-window.md");
    expect(await readdir(join(repository, ".mnemo", "memories")).catch(() => [])).not.toContain(
      "project_deploy-window.md",
    );
  });
});
