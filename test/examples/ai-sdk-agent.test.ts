import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RecordedChatRequest, startFakeOpenAiServer } from "../../src/testing/fake-openai-server.js";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../src/testing/test-home.js";

const run = promisify(execFile);
const AGENT = join(REPOSITORY_ROOT, "examples/ai-sdk-agent/agent.ts");

/** Everything the model was sent in one request, as text: where it could have learned a fact. */
function sentText(request: RecordedChatRequest): string {
  return JSON.stringify(request.body.messages);
}

/**
 * examples/ai-sdk-agent runs as a user runs it (tsx, `mnemo` and `mnemo/ai-sdk` from the built
 * package, @ai-sdk/openai-compatible over real HTTP) against the scripted OpenAI-compatible server,
 * twice: one session to learn a fact, a second, new process that can only know it from memory.
 * The scripted model answers from what it was sent, so the answer shows what memory gave it.
 */
describe("examples/ai-sdk-agent", () => {
  let root: string;
  let server: Awaited<ReturnType<typeof startFakeOpenAiServer>>;

  beforeAll(async () => {
    root = await makeTempDir("mnemo-ai-sdk-agent-");
    server = await startFakeOpenAiServer({
      reply: (request) => {
        const sent = sentText(request);
        if (sent.includes("My cat is called Miso") && !sent.includes('"role":"tool"'))
          return {
            toolCalls: [
              {
                name: "memory_save",
                arguments: JSON.stringify({
                  type: "user",
                  name: "Cat",
                  description: "The user's cat and its name",
                  content: "The user's cat is called Miso.",
                }),
              },
            ],
          };
        if (sent.includes('"role":"tool"')) return { content: "Noted: your cat is Miso." };
        return {
          content: sent.includes("cat is called Miso") ? "Your cat is called Miso." : "I don't know.",
        };
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await removeDir(root);
  });

  async function agent(message: string): Promise<{ stdout: string; stderr: string }> {
    return run(process.execPath, ["--import", "tsx", AGENT, message], {
      cwd: REPOSITORY_ROOT,
      env: {
        PATH: process.env.PATH,
        MNEMO_HOME: join(root, "home"),
        MNEMO_EMBEDDER: "none",
        MNEMO_LLM_BASE_URL: server.baseURL,
        MNEMO_LLM_MODEL: "scripted",
        MNEMO_LLM_API_KEY: "test-key",
      },
    });
  }

  it("remembers across two sessions", async () => {
    const first = await agent("My cat is called Miso.");
    expect(first.stdout.trim()).toBe("Noted: your cat is Miso.");
    expect(first.stderr).toContain("[tool] memory_save");
    expect(await readFile(join(root, "home/memories/user_cat.md"), "utf8")).toContain(
      "The user's cat is called Miso.",
    );

    const second = await agent("What is my cat called?");
    expect(second.stdout.trim()).toBe("Your cat is called Miso.");
    const [asked] = server.requests.slice(-1);
    const messages = asked?.body.messages as { role: string; content: unknown }[];
    // The memory reached the model twice over: in the frozen context's index, and found for the question.
    expect(messages[0]?.role).toBe("system");
    expect(messages[0]?.content).toContain("[Cat](memories/user_cat.md)");
    const question = JSON.stringify(messages.at(-1)?.content); // text parts: the found memories, then the question
    expect(question).toMatch(/<relevant-memories>.*user_cat\.md.*What is my cat called\?/);
  });
});
