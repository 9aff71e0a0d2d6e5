import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openMemory } from "../../index.js";
import { runMnemo } from "../../testing/test-cli.js";
import { CLI_PATH, makeTempDir, removeDir } from "../../testing/test-home.js";

/** `mnemo mcp` as a client's process sees it: raw JSON-RPC lines on stdin and stdout. */
let home: string;

beforeEach(async () => {
  home = await makeTempDir("mnemo-mcp-stdio-");
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
});
afterEach(async () => removeDir(home));

const request = (id: number, method: string, params: Record<string, unknown>) =>
  `${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`;

function startMnemoMcp() {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("MNEMO_")));
  const child = spawn(process.execPath, [CLI_PATH, "mcp", "--home", home], { env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  const messages = () =>
    stdout
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as { jsonrpc: string; id?: number; result?: unknown; error?: unknown });
  async function responses(count: number): Promise<ReturnType<typeof messages>> {
    const deadline = Date.now() + 20_000;
    while (messages().filter((message) => message.id !== undefined).length < count) {
      if (Date.now() > deadline)
        throw new Error(`no ${count} responses; stdout: ${stdout}; stderr: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return messages();
  }
  return { child, exited, responses, stderr: () => stderr };
}

describe("mnemo mcp over stdio", () => {
  it("writes only JSON-RPC to stdout, survives a garbage line, and exits 0 when stdin closes", async () => {
    const server = startMnemoMcp();
    server.child.stdin.write(
      request(1, "initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "raw", version: "1" },
      }),
    );
    server.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    server.child.stdin.write("this is not JSON-RPC\n");
    server.child.stdin.write(
      request(2, "tools/call", {
        name: "memory_add",
        arguments: { file: "user", section: "Name", content: "The user is Grace." },
      }),
    );
    await server.responses(2); // requests run concurrently: read once the write is answered
    server.child.stdin.write(request(3, "resources/read", { uri: "mnemo://profile/user" }));
    const messages = await server.responses(3);
    expect(messages.every((message) => message.jsonrpc === "2.0")).toBe(true);
    const byId = new Map(messages.map((message) => [message.id, message]));
    expect(byId.get(1)?.result).toMatchObject({ serverInfo: { name: "mnemo" } });
    expect(byId.get(2)?.result).toMatchObject({ structuredContent: { path: "USER.md", action: "added" } });
    expect(JSON.stringify(byId.get(3)?.result)).toContain("The user is Grace.");

    server.child.stdin.end();
    const [code] = await server.exited;
    expect(code).toBe(0);
    expect(server.stderr()).toContain("mnemo: MCP server on stdio for the memory home");
    expect(server.stderr()).toContain("mnemo: MCP:"); // the garbage line, reported on stderr
  });

  it("records the client's session: the context it asked for and the writes, not the reads", async () => {
    const server = startMnemoMcp();
    server.child.stdin.write(
      request(1, "initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "raw", version: "1.2" },
      }),
    );
    server.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    await server.responses(1);
    server.child.stdin.write(request(2, "prompts/get", { name: "session_context" }));
    await server.responses(2);
    server.child.stdin.write(
      request(3, "tools/call", {
        name: "memory_add",
        arguments: { file: "user", section: "Name", content: "The user is Grace." },
      }),
    );
    await server.responses(3);
    server.child.stdin.write(request(4, "tools/call", { name: "memory_read", arguments: { file: "user" } }));
    const messages = await server.responses(4);
    server.child.stdin.end();
    expect((await server.exited)[0]).toBe(0);

    const prompt = messages.find((message) => message.id === 2)?.result as
      | { messages: Array<{ content: { text: string } }> }
      | undefined;
    const context = prompt?.messages[0]?.content.text;
    const memory = await openMemory({ home, env: {} });
    const [session, ...others] = await memory.sessions.list();
    expect(others).toEqual([]);
    expect(session).toMatchObject({
      source: "mcp",
      client: "raw 1.2",
      turns: 0,
      writes: 1,
      endedAt: expect.any(String),
    });
    const log = await memory.sessions.get(session?.sessionId ?? "");
    expect(log.frozen?.text).toBe(context);
    expect(log.writes).toEqual([
      expect.objectContaining({ tool: "memory_add", result: expect.stringContaining("USER.md") }),
    ]);
    await memory.close();
  });

  it("reports an invalid config on stderr, with exit code 4 and nothing on stdout", async () => {
    await writeFile(join(home, "config.json"), JSON.stringify({ enabled: "sometimes" }));
    const result = runMnemo(["mcp", "--home", home]);
    expect(result.status).toBe(4);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("config.json");
  });
});
