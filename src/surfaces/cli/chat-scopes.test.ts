import { spawn } from "node:child_process";
import { access, mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openMemory } from "../../index.js";
import {
  type FakeOpenAiServer,
  type FakeReply,
  type RecordedChatRequest,
  startFakeOpenAiServer,
} from "../../testing/fake-openai-server.js";
import { CLI_PATH, makeTempDir, removeDir } from "../../testing/test-home.js";

/**
 * `mnemo chat` started inside a repository with a `.mnemo/` (docs/scopes.md): the agent's frozen
 * context holds the user's preferences and the project's memories, its tools route writes by kind
 * and search every layer, over real HTTP to a scripted OpenAI-compatible server.
 */
describe("mnemo chat in a repository with .mnemo/", () => {
  let scratch: string;
  let userHome: string;
  let repository: string;
  let server: FakeOpenAiServer | undefined;

  beforeEach(async () => {
    scratch = await makeTempDir("mnemo-chat-scopes-");
    userHome = join(scratch, "person", ".mnemo");
    repository = join(scratch, "shop");
    await mkdir(join(repository, "src"), { recursive: true });
    await mkdir(join(repository, ".mnemo"));
    const env = { MNEMO_EMBEDDER: "none" };
    const user = await openMemory({ home: userHome, env });
    await user.profile.add("user", "Editor", "Uses Helix, with tabs for indentation.");
    await user.memories.save({
      type: "feedback",
      name: "Money in tests",
      content: "Write money in tests as cents.",
    });
    await user.close();
    const project = await openMemory({ home: join(repository, ".mnemo"), env });
    await project.memories.save({
      type: "project",
      name: "Cart money",
      content: "The cart keeps money as cents.",
    });
    await project.close();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await removeDir(scratch);
  });

  const isExtraction = (request: RecordedChatRequest) => request.body.response_format !== undefined;
  const lastMessage = (request: RecordedChatRequest) =>
    (request.body.messages as Array<{ role: string; content: string }>).at(-1);

  function reply(request: RecordedChatRequest): FakeReply {
    if (isExtraction(request)) return { content: JSON.stringify({ memories: [], entries: [], summary: "" }) };
    const last = lastMessage(request);
    if (last?.role === "user" && last.content.includes("freeze"))
      return {
        toolCalls: [
          {
            name: "memory_save",
            arguments: JSON.stringify({
              type: "project",
              name: "Release freeze",
              content: "Freeze on Friday.",
            }),
          },
        ],
      };
    if (last?.role === "user" && last.content.includes("money"))
      return {
        toolCalls: [
          { name: "memory_search", arguments: JSON.stringify({ query: "money cents", min_relevance: 0 }) },
        ],
      };
    return { content: "Done." };
  }

  it("gives the agent both layers' memory, saves a project memory in the repository and searches every layer", async () => {
    server = await startFakeOpenAiServer({ reply });
    const child = spawn(
      process.execPath,
      [CLI_PATH, "chat", "--base-url", server.baseURL, "--model", "fake-model"],
      {
        cwd: join(repository, "src"),
        env: {
          HOME: join(scratch, "person"),
          MNEMO_HOME: userHome,
          MNEMO_EMBEDDER: "none",
          OPENAI_API_KEY: "",
        },
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    child.stdin.end("Release freeze on Friday, remember it.\nWhat do we know about money?\n/quit\n");
    expect(await exited, stderr).toBe(0);

    const first = server.requests[0]?.body;
    const system =
      (first?.messages as Array<{ role: string; content: string }> | undefined)?.[0]?.content ?? "";
    expect(system).toContain('<user-profile scope="user">');
    expect(system).toContain("Uses Helix");
    expect(system).toContain('<agent-notes scope="project">');
    expect(system).toContain("Cart money");
    const tools = first?.tools as Array<{ function: { name: string; parameters: { properties: object } } }>;
    const save = tools.find((tool) => tool.function.name === "memory_save");
    expect(save?.function.parameters.properties).toHaveProperty("scope");

    await access(join(repository, ".mnemo", "memories", "project_release-freeze.md"));
    const toolResults = server.requests.flatMap((request) =>
      (request.body.messages as Array<{ role: string; content: string }>).filter(
        (each) => each.role === "tool",
      ),
    );
    expect(toolResults.some((each) => each.content.startsWith("[project] Created project memory"))).toBe(
      true,
    );
    const search = toolResults.find((each) => each.content.includes('for "money cents"'))?.content ?? "";
    expect(search).toContain("[project] memories/project_cart-money.md");
    expect(search).toContain("[user] memories/feedback_money-in-tests.md");
    // The session's log stays in the user's home.
    await access(join(userHome, ".sessions"));
  });

  it("shows the extraction model the related memories of both layers, each labelled by its layer", async () => {
    server = await startFakeOpenAiServer({
      reply: (request) =>
        isExtraction(request)
          ? { content: JSON.stringify({ memories: [], entries: [], summary: "" }) }
          : { content: "Noted." },
    });
    const { code, stderr } = await chatInRepository(
      "The cart keeps money as cents; tests write money as cents.\n/quit\n",
    );
    expect(code, stderr).toBe(0);
    const extraction = server.requests.find(isExtraction);
    const prompt = extraction ? (lastMessage(extraction)?.content ?? "") : "";
    const existing = prompt.slice(
      prompt.indexOf("<existing-memories>"),
      prompt.indexOf("</existing-memories>"),
    );
    // The project layer's memory, which the user's home does not hold, is there to dedupe against.
    expect(existing).toContain("- name: Cart money\n  scope: project\n");
    expect(existing).toContain("The cart keeps money as cents.");
    expect(existing).toContain("- name: Money in tests\n  scope: user\n");
  });

  it("archives in the user's home a memory there that an extracted project memory supersedes", async () => {
    // Saved before the repository had a layer of its own: a project fact in the user's home.
    const user = await openMemory({ home: userHome, env: { MNEMO_EMBEDDER: "none" } });
    await user.memories.save({
      type: "project",
      name: "Deploy day",
      description: "When the shop deploys",
      content: "The shop deploys on Tuesday mornings.",
    });
    await user.close();
    const extracted = {
      memories: [
        {
          type: "project",
          name: "Release window",
          description: "When the shop releases now",
          body: "Releases moved to Thursday afternoons.",
          supersedes: "Deploy day",
        },
      ],
      entries: [],
      summary: "",
    };
    server = await startFakeOpenAiServer({
      reply: (request) =>
        isExtraction(request) ? { content: JSON.stringify(extracted) } : { content: "Noted." },
    });
    const { code, stderr } = await chatInRepository(
      "Deploys moved: we release on Thursday afternoons now.\n/quit\n",
    );
    expect(code, stderr).toBe(0);
    expect(stderr).not.toContain("does not exist");
    const written = await readFile(
      join(repository, ".mnemo", "memories", "project_release-window.md"),
      "utf8",
    );
    expect(written).toContain("supersedes: user:archive/memories/project_deploy-day.md");
    expect(await readdir(join(userHome, "memories"))).not.toContain("project_deploy-day.md");
    // Archived, never deleted: the older fact is kept in the user's own archive.
    const archived = await readFile(join(userHome, "archive", "memories", "project_deploy-day.md"), "utf8");
    expect(archived).toContain("The shop deploys on Tuesday mornings.");
    await expect(
      access(join(repository, ".mnemo", "archive", "memories", "project_deploy-day.md")),
    ).rejects.toThrow();
  });

  /** `mnemo chat` in the repository's src/, with the scripted server; what it typed, then its exit. */
  async function chatInRepository(typed: string): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(
      process.execPath,
      [CLI_PATH, "chat", "--base-url", server?.baseURL ?? "", "--model", "fake-model"],
      {
        cwd: join(repository, "src"),
        env: {
          HOME: join(scratch, "person"),
          MNEMO_HOME: userHome,
          MNEMO_EMBEDDER: "none",
          OPENAI_API_KEY: "",
        },
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    child.stdin.end(typed);
    return { code: await exited, stderr };
  }

  it("writes the memories extracted at the end where their kind belongs: project in the repository, feedback in the user's home", async () => {
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
      entries: [{ category: "user_pref", text: "The user reads answers on a phone." }],
      summary: "Talked about the deploy window.",
    };
    server = await startFakeOpenAiServer({
      reply: (request) =>
        isExtraction(request) ? { content: JSON.stringify(extracted) } : { content: "Noted." },
    });
    const child = spawn(
      process.execPath,
      [CLI_PATH, "chat", "--base-url", server.baseURL, "--model", "fake-model"],
      {
        cwd: join(repository, "src"),
        env: {
          HOME: join(scratch, "person"),
          MNEMO_HOME: userHome,
          MNEMO_EMBEDDER: "none",
          OPENAI_API_KEY: "",
        },
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    child.stdin.end("We deploy on Tuesday mornings. Keep answers to two sentences.\n/quit\n");
    expect(await exited, stderr).toBe(0);
    expect(server.requests.some(isExtraction)).toBe(true);

    const projectMemories = await readdir(join(repository, ".mnemo", "memories"));
    const userMemories = await readdir(join(userHome, "memories"));
    expect(projectMemories).toContain("project_deploy-window.md");
    expect(userMemories).not.toContain("project_deploy-window.md");
    expect(userMemories).toContain("feedback_short-answers.md");
    expect(projectMemories).not.toContain("feedback_short-answers.md");
    // The journal entry and the daily summary stay in the user's home.
    const project = await openMemory({ home: join(repository, ".mnemo"), env: { MNEMO_EMBEDDER: "none" } });
    const user = await openMemory({ home: userHome, env: { MNEMO_EMBEDDER: "none" } });
    try {
      expect((await user.profile.read("daily")).text).toContain("Talked about the deploy window.");
      expect((await project.profile.read("daily")).text).not.toContain("deploy window");
    } finally {
      await Promise.all([user.close(), project.close()]);
    }
  });
});
