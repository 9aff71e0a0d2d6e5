import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { MESSAGE_STORE_PATH, SqliteMessageStore } from "../../adapters/sqlite/sqlite-message-store.js";
import {
  type FakeOpenAiServer,
  type FakeReply,
  type RecordedChatRequest,
  startFakeOpenAiServer,
} from "../../testing/fake-openai-server.js";
import { runMnemo } from "../../testing/test-cli.js";
import { CLI_PATH, makeTempDir, removeDir } from "../../testing/test-home.js";
import { EXIT_CODES } from "./output.js";

/**
 * `mnemo chat` as a user runs it: the built CLI in a child process, lines on its stdin, talking
 * over real HTTP to a scripted OpenAI-compatible server on 127.0.0.1.
 */
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(reply: (request: RecordedChatRequest, index: number) => FakeReply) {
  const home = await makeTempDir();
  cleanups.push(() => removeDir(home));
  const server = await startFakeOpenAiServer({ reply });
  cleanups.push(() => server.close());
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
  return { home, server };
}

/** The chat as a child process; `output()` is what it printed so far. */
function startChat(home: string, server: FakeOpenAiServer, extraArgs: string[] = []) {
  const inherited = Object.entries(process.env).filter(([key]) => !key.startsWith("MNEMO_"));
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [CLI_PATH, "chat", "--home", home, "--base-url", server.baseURL, "--model", "fake-model", ...extraArgs],
    { env: { ...Object.fromEntries(inherited), OPENAI_API_KEY: "" } },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  cleanups.push(async () => {
    child.kill("SIGKILL");
    await exited;
  });
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    async waitFor(pattern: RegExp) {
      for (let waited = 0; !pattern.test(stdout + stderr); waited += 20) {
        if (waited > 20_000) throw new Error(`timed out waiting for ${pattern}\n${stdout}\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

const isExtraction = (request: RecordedChatRequest) => request.body.response_format !== undefined;
const lastRole = (request: RecordedChatRequest) => (request.body.messages as { role: string }[]).at(-1)?.role;

const extraction = (summary: string): FakeReply => ({
  content: JSON.stringify({ memories: [], entries: [], summary }),
});

describe("mnemo chat", () => {
  test("streams answers, runs memory tools, /memory and /clear, and saves at /quit", async () => {
    const { home, server } = await setUp((request) => {
      if (isExtraction(request)) return extraction("Talked about Ada's cat Miso.");
      const said = JSON.stringify(request.body.messages);
      if (lastRole(request) === "user" && said.includes("my cat"))
        return {
          toolCalls: [
            {
              name: "memory_add",
              arguments: JSON.stringify({ file: "user", section: "Pets", content: "A cat called Miso." }),
            },
          ],
        };
      return { content: lastRole(request) === "tool" ? "Saved: Miso the cat." : "Hello!", chunkSize: 4 };
    });
    const chat = startChat(home, server);
    chat.child.stdin.write("My cat is called Miso, my cat!\n/memory\n/clear\nhi again\n/quit\n");
    expect(await chat.exited).toBe(0);
    const { stdout, stderr } = chat.output();

    expect(stdout).toContain("mnemo> Saved: Miso the cat.\n");
    expect(stdout).toContain("mnemo> Hello!\n");
    expect(stderr).toContain("[memory_add]");
    expect(stderr).toMatch(/Written this session:\n {2}- memory_add: /);
    expect(stderr).toContain("Conversation cleared; memory is kept.");
    expect(stderr).toMatch(/Saved: .*summary added to today's daily log/);
    // The home has no embedding model, and the chat never asks its message memory for news.
    expect(stderr).not.toContain("warning");
    expect(await readFile(join(home, "USER.md"), "utf8")).toContain("A cat called Miso.");
    // Seed 004: the conversation's messages are kept in the long-term message store.
    const store = new SqliteMessageStore({ path: join(home, MESSAGE_STORE_PATH) });
    await store.open();
    const kept = await store.list("mnemo-chat");
    await store.close();
    expect(kept.map((message) => message.content)).toEqual([
      "My cat is called Miso, my cat!",
      "Saved: Miso the cat.",
      "hi again",
      "Hello!",
    ]);

    // After /clear the model no longer sees the earlier turn; extraction still does.
    const afterClear = server.requests.find((request) => JSON.stringify(request.body).includes("hi again"));
    expect(JSON.stringify(afterClear?.body.messages)).not.toContain("my cat!");
    expect(JSON.stringify(server.requests.find(isExtraction)?.body.messages)).toContain("my cat!");
  });

  test("Ctrl+C ends the session cleanly, with extraction", async () => {
    const { home, server } = await setUp((request) =>
      isExtraction(request) ? extraction("Greeted the user.") : { content: "Hello there." },
    );
    const chat = startChat(home, server);
    chat.child.stdin.write("hello\n");
    await chat.waitFor(/Hello there\.\n/);
    chat.child.kill("SIGINT");
    expect(await chat.exited).toBe(0);
    expect(chat.output().stderr).toContain("Interrupted: ending the session.");
    expect(server.requests.some(isExtraction)).toBe(true);
    const today = (await readFile(join(home, "daily", `${localToday()}.md`), "utf8")).trim();
    expect(today).toContain("Greeted the user.");
  });

  test("a failed turn is reported, the chat goes on, and the end of input saves", async () => {
    const { home, server } = await setUp((request, index) => {
      if (isExtraction(request)) return extraction("");
      return index === 0
        ? { status: 400, body: { error: { message: "bad model name" } } }
        : { content: "Fine now." };
    });
    const chat = startChat(home, server);
    chat.child.stdin.end("first try\nsecond try\n");
    expect(await chat.exited).toBe(0);
    const { stdout, stderr } = chat.output();
    expect(stderr).toMatch(/mnemo: error: .*bad model name/);
    expect(stderr).toContain("Your message is kept");
    expect(stdout).toContain("mnemo> Fine now.");
    expect(JSON.stringify(server.requests.find(isExtraction)?.body.messages)).toContain("first try");
  });

  test("with no model configured it says how to configure one", async () => {
    const home = await makeTempDir();
    cleanups.push(() => removeDir(home));
    const result = runMnemo(["chat", "--home", home], { env: { OPENAI_API_KEY: "" } });
    expect(result.status).toBe(EXIT_CODES.badFile);
    expect(result.stderr).toContain("No chat model is configured");
    expect(result.stderr).toContain("OPENAI_API_KEY");
    expect(result.stderr).toContain("http://localhost:11434/v1");
  });
});

function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
