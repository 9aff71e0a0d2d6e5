import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  type FakeOpenAiServer,
  type RecordedChatRequest,
  startFakeOpenAiServer,
} from "../../testing/fake-openai-server.js";
import { spawnMnemo } from "../../testing/test-cli.js";
import { CLI_PATH, makeTempDir, removeDir } from "../../testing/test-home.js";

/**
 * A `mnemo chat` killed with SIGKILL never reaches its end: no extraction, nothing queued. What it
 * recorded is learned from once by whatever comes next: a new chat session, or `mnemo doctor --fix`.
 * The built CLI in child processes, over real HTTP to a scripted OpenAI-compatible server.
 */
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const isExtraction = (request: RecordedChatRequest) => request.body.response_format !== undefined;
const said = (request: RecordedChatRequest) => JSON.stringify(request.body.messages);

const EXTRACTED = JSON.stringify({
  memories: [
    {
      type: "user",
      name: "Cat Miso",
      description: "The user's cat",
      body: "The user's cat is called Miso.",
      supersedes: null,
    },
  ],
  entries: [],
  summary: "The user told me about Miso.",
});

async function setUp(options: { model?: boolean } = {}) {
  const home = await makeTempDir();
  cleanups.push(() => removeDir(home));
  const server = await startFakeOpenAiServer({
    reply: (request) =>
      isExtraction(request)
        ? {
            content: said(request).includes("Miso") ? EXTRACTED : '{"memories":[],"entries":[],"summary":""}',
          }
        : { content: "Noted." },
  });
  cleanups.push(() => server.close());
  const llm = options.model === false ? {} : { llm: { baseUrl: server.baseURL, model: "fake-model" } };
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" }, ...llm }));
  return { home, server };
}

/** `mnemo chat` as a child process, with what it printed so far. */
function startChat(home: string, server: FakeOpenAiServer) {
  const inherited = Object.entries(process.env).filter(([key]) => !key.startsWith("MNEMO_"));
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [CLI_PATH, "chat", "--home", home, "--base-url", server.baseURL, "--model", "fake-model"],
    { env: { ...Object.fromEntries(inherited), OPENAI_API_KEY: "" } },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  cleanups.push(async () => {
    child.kill("SIGKILL");
    await exited;
  });
  return { child, exited, output: () => output };
}

async function waitUntil(what: string, check: () => boolean | Promise<boolean>) {
  for (let waited = 0; !(await check()); waited += 25) {
    if (waited > 30_000) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A chat that says one thing, is answered, has it recorded, and is killed with SIGKILL. */
async function chatAndKill(home: string, server: FakeOpenAiServer) {
  const chat = startChat(home, server);
  chat.child.stdin.write("My cat is called Miso.\n");
  const conversation = async () =>
    (await readdir(join(home, "conversations")).catch(() => [])).some((name) => name.endsWith(".md"));
  await waitUntil(
    "the turn is recorded",
    async () => chat.output().includes("Noted.") && (await conversation()),
  );
  chat.child.kill("SIGKILL");
  await chat.exited;
  expect(server.requests.filter(isExtraction)).toHaveLength(0);
}

/** A chat session that starts, waits for what it learns in the background, and quits. */
async function startAndQuit(home: string, server: FakeOpenAiServer, learned: () => boolean) {
  const chat = startChat(home, server);
  await waitUntil("the session has started", () => chat.output().includes("mnemo chat (session"));
  await waitUntil("earlier sessions are learned from", learned);
  chat.child.stdin.end("/quit\n");
  expect(await chat.exited).toBe(0);
  return chat.output();
}

const extractionsOfMiso = (server: FakeOpenAiServer) =>
  server.requests.filter(
    (request) => isExtraction(request) && said(request).includes("My cat is called Miso."),
  );

async function savedMemory(home: string): Promise<string> {
  const files = (await readdir(join(home, "memories")).catch(() => [])).filter((name) =>
    name.startsWith("user_"),
  );
  return files.length === 1 ? readFile(join(home, "memories", files[0] as string), "utf8") : files.join(",");
}

const pendingFiles = async (home: string) => readdir(join(home, ".pending")).catch(() => []);

describe("a chat session killed with SIGKILL", () => {
  test("is learned from once by the next chat session; the one after learns nothing more", async () => {
    const { home, server } = await setUp();
    await chatAndKill(home, server);

    await startAndQuit(home, server, () => extractionsOfMiso(server).length > 0);
    await waitUntil("the memory is saved", async () => (await savedMemory(home)).includes("Miso"));
    expect(await savedMemory(home)).toContain("The user's cat is called Miso.");
    expect(await pendingFiles(home)).toEqual([]);

    const before = server.requests.length;
    await startAndQuit(home, server, () => true);
    expect(extractionsOfMiso(server)).toHaveLength(1);
    expect(server.requests.slice(before).filter(isExtraction)).toHaveLength(0);
  });

  test("two chat sessions starting at once extract it once", async () => {
    const { home, server } = await setUp();
    await chatAndKill(home, server);
    await Promise.all([
      startAndQuit(home, server, () => extractionsOfMiso(server).length > 0),
      startAndQuit(home, server, () => extractionsOfMiso(server).length > 0),
    ]);
    await waitUntil("the memory is saved", async () => (await savedMemory(home)).includes("Miso"));
    expect(extractionsOfMiso(server)).toHaveLength(1);
    expect(await pendingFiles(home)).toEqual([]);
  });

  test("mnemo doctor reports it; --fix extracts it with the configured chat model, once", async () => {
    const { home, server } = await setUp();
    await chatAndKill(home, server);

    const check = await spawnMnemo(["doctor", "--home", home]);
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(
      /\.sessions\/open\/\S+\.json {2}interrupted-session {2}session \S+ .*killed/,
    );

    const fix = await spawnMnemo(["doctor", "--home", home, "--fix"]);
    expect(fix.status).toBe(0);
    expect(fix.stdout).toMatch(/fixed: session \S+: its conversation is queued in \.pending\/\S+\.json/);
    expect(fix.stdout).toMatch(/fixed: session \S+: extracted with openai:fake-model, 1 written: Cat Miso\n/);
    expect(extractionsOfMiso(server)).toHaveLength(1);
    expect(await savedMemory(home)).toContain("The user's cat is called Miso.");
    expect(await pendingFiles(home)).toEqual([]);

    const again = await spawnMnemo(["doctor", "--home", home, "--fix"]);
    expect(again.stdout).not.toContain("interrupted-session");
    await startAndQuit(home, server, () => true);
    expect(extractionsOfMiso(server)).toHaveLength(1);
  });

  test("without a chat model, mnemo doctor --fix queues it in .pending/ and the next chat extracts it", async () => {
    const { home, server } = await setUp({ model: false });
    await chatAndKill(home, server);

    const fix = await spawnMnemo(["doctor", "--home", home, "--fix"]);
    expect(fix.status).toBe(0);
    expect(fix.stdout).toMatch(
      /1 conversation\(s\) wait in \.pending\/ for extraction: no chat model is configured/,
    );
    expect(server.requests.filter(isExtraction)).toHaveLength(0);
    expect(await pendingFiles(home)).toHaveLength(1);

    await startAndQuit(home, server, () => extractionsOfMiso(server).length > 0);
    await waitUntil("the memory is saved", async () => (await savedMemory(home)).includes("Miso"));
    expect(extractionsOfMiso(server)).toHaveLength(1);
  });
});
