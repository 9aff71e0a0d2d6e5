import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, test } from "vitest";
import {
  type FakeReply,
  type RecordedChatRequest,
  startFakeOpenAiServer,
} from "../../testing/fake-openai-server.js";
import { runMnemo, startMnemoServe } from "../../testing/test-cli.js";
import { CLI_PATH, makeTempDir, removeDir } from "../../testing/test-home.js";
import { connectOverStdio } from "../../testing/test-mcp-connections.js";

/**
 * Conversation memory end to end, as a user meets it: a `mnemo chat` session (the built CLI,
 * talking to a scripted OpenAI-compatible server on 127.0.0.1) is recalled by later sessions, with
 * the turns around the message found, through the CLI, MCP over stdio, HTTP and a second chat.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const isExtraction = (request: RecordedChatRequest) => request.body.response_format !== undefined;
const lastUserText = (request: RecordedChatRequest) =>
  JSON.stringify((request.body.messages as Array<{ role: string; content: unknown }>).at(-1)?.content);

/** One chat session over stdin, to its end (extraction included); returns the requests it made. */
async function chatSession(home: string, lines: string[], answer: (said: string) => string) {
  const server = await startFakeOpenAiServer({
    reply: (request): FakeReply =>
      isExtraction(request)
        ? { content: JSON.stringify({ memories: [], entries: [], summary: "" }) }
        : { content: answer(lastUserText(request)) },
  });
  cleanups.push(() => server.close());
  const inherited = Object.entries(process.env).filter(([key]) => !key.startsWith("MNEMO_"));
  const child = spawn(
    process.execPath,
    [CLI_PATH, "chat", "--home", home, "--base-url", server.baseURL, "--model", "fake-model"],
    { env: { ...Object.fromEntries(inherited), OPENAI_API_KEY: "" } },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  child.stdin.end(`${lines.join("\n")}\n`);
  expect(await exited, stderr).toBe(0);
  return server.requests.filter((request) => !isExtraction(request));
}

async function homeWithRecordedChat(): Promise<string> {
  const home = await makeTempDir("mnemo-conversation-");
  cleanups.push(() => removeDir(home));
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
  await chatSession(home, ["I need ideas for the weekend.", "Yes, last Tuesday, with my sister."], (said) =>
    said.includes("weekend") ? "Did you ever try the climbing gym on Elm Street?" : "Then go again!",
  );
  return home;
}

/** What every surface must show for "sister": the reply found, the question it answers before it. */
function expectReplyWithItsQuestion(hit: {
  text?: string;
  snippet?: string;
  conversation?: {
    turn: number;
    speaker: string;
    before: Array<{ text: string }>;
    after: Array<{ text: string }>;
  };
}) {
  expect(hit.text ?? hit.snippet).toBe("Yes, last Tuesday, with my sister.");
  expect(hit.conversation).toMatchObject({ turn: 3, speaker: "user" });
  expect(hit.conversation?.before.map((turn) => turn.text)).toEqual([
    "Did you ever try the climbing gym on Elm Street?",
  ]);
  expect(hit.conversation?.after.map((turn) => turn.text)).toEqual(["Then go again!"]);
}

describe("conversation memory recorded by mnemo chat", () => {
  test("is a transcript in the home, recalled with its neighbouring turns by the CLI, MCP and HTTP", async () => {
    const home = await homeWithRecordedChat();
    const listed = runMnemo(["recall", "sister", "--kind", "message", "--json", "--home", home]);
    expect(listed.status, listed.stderr).toBe(0);
    const [first] = JSON.parse(listed.stdout).hits;
    expectReplyWithItsQuestion(first);
    const transcript = await readFile(join(home, first.path), "utf8");
    expect(transcript).toMatch(
      /### \[\d{4}-\d{2}-\d{2} \d{2}:\d{2}\] user\n\nYes, last Tuesday, with my sister\.\n/,
    );

    const shown = runMnemo(["recall", "sister", "--kind", "message", "--home", home]);
    expect(shown.stdout).toContain("    [2] ");
    expect(shown.stdout).toMatch(/ {2}> \[3\] \S+ \S+ user: Yes, last Tuesday, with my sister\./);

    const mcp = await connectOverStdio(home);
    cleanups.push(() => mcp.close());
    const found = (await mcp.client.callTool({
      name: "memory_search",
      arguments: { query: "sister", kind: "message" },
    })) as CallToolResult;
    expect(found.isError).toBeFalsy();
    expectReplyWithItsQuestion((found.structuredContent as { hits: object[] }).hits[0] as never);
    expect((found.content[0] as { text: string }).text).toContain("climbing gym");

    const served = await startMnemoServe(home);
    cleanups.push(async () => void (await served.stop()));
    const response = await fetch(`${served.endpoints.api}/search?query=sister&kind=message`);
    expect(response.status).toBe(200);
    expectReplyWithItsQuestion(((await response.json()) as { hits: object[] }).hits[0] as never);
  });

  test("a later chat session is shown the earlier turn with what it answered", async () => {
    const home = await homeWithRecordedChat();
    const requests = await chatSession(
      home,
      ["Who did I go out with last Tuesday, my sister?"],
      () => "Your sister.",
    );
    const prompt = JSON.stringify(requests[0]?.body.messages);
    expect(prompt).toContain("<relevant-memories>");
    expect(prompt).toContain("climbing gym on Elm Street? / user: Yes, last Tuesday, with my sister.");
  });
});

describe("conversation memory added by a program", () => {
  test("messages recorded through MCP and HTTP land in one transcript, in order, and are found", async () => {
    const home = await makeTempDir("mnemo-conversation-");
    cleanups.push(() => removeDir(home));
    await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
    const mcp = await connectOverStdio(home);
    const recorded = (await mcp.client.callTool({
      name: "memory_record_conversation",
      arguments: {
        session: "support-42",
        messages: [
          { speaker: "Caroline", text: "My parcel never arrived.", at: "2026-05-03T10:15:00" },
          { speaker: "agent", text: "Which order number?", at: "2026-05-03T10:16:00" },
        ],
      },
    })) as CallToolResult;
    await mcp.close();
    expect(recorded.isError).toBeFalsy();
    expect((recorded.content[0] as { text: string }).text).toBe(
      "Recorded turns 1-2 in conversations/support-42.md.",
    );

    const served = await startMnemoServe(home);
    cleanups.push(async () => {
      if (served.child.exitCode === null) served.child.kill("SIGKILL");
    });
    const posted = await fetch(`${served.endpoints.api}/conversations/support-42/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        messages: [{ speaker: "Caroline", text: "Order 7731.", at: "2026-05-03T10:17:00" }],
      }),
    });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toMatchObject({
      added: [{ turn: 3, speaker: "Caroline", time: "2026-05-03 10:17" }],
    });

    const bad = await fetch(`${served.endpoints.api}/conversations/support-42/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ speaker: "Dr. Who", text: "Hello" }] }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("a speaker is one word");
    expect(await served.stop()).toBe(0);

    const shown = runMnemo(["conversation", "show", "support-42", "--home", home]);
    expect(shown.stdout).toBe(
      "[1] 2026-05-03 10:15 Caroline: My parcel never arrived.\n[2] 2026-05-03 10:16 agent: Which order number?\n[3] 2026-05-03 10:17 Caroline: Order 7731.\n",
    );
    const found = runMnemo([
      "recall",
      "7731",
      "--kind",
      "message",
      "--since",
      "2026-05-03",
      "--json",
      "--home",
      home,
    ]);
    expect(JSON.parse(found.stdout).hits[0].conversation).toMatchObject({
      session: "support-42",
      before: [{ turn: 2, speaker: "agent", text: "Which order number?" }],
      after: [],
    });
  });
});
