import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MEMORY_TOOLS } from "../../session/tools/memory-tools.js";
import { type RunningMnemoServe, runMnemo, startMnemoServe } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { EXIT_CODES } from "./output.js";

/**
 * `mnemo serve` as a user runs it: the built CLI in a child process on a free port, read from the
 * JSON it prints, used with fetch and the MCP SDK's client, and stopped with SIGTERM.
 */
let root: string;
let home: string;
const running: RunningMnemoServe[] = [];

beforeEach(async () => {
  root = await makeTempDir("mnemo-serve-");
  home = join(root, "home");
  expect(runMnemo(["init", "--yes", "--name", "Ada", "--home", home]).status).toBe(0);
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
});
afterEach(async () => {
  for (const served of running.splice(0)) if (served.child.exitCode === null) served.child.kill("SIGKILL");
  await removeDir(root);
});

async function startServe(args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<RunningMnemoServe> {
  const served = await startMnemoServe(home, args, env);
  running.push(served);
  return served;
}

describe("mnemo serve", () => {
  it("prints its endpoints, serves the API, the OpenAPI document and MCP, and exits 0 on SIGTERM", async () => {
    const served = await startServe();
    const { endpoints } = served;
    expect(endpoints).toMatchObject({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      api: `${endpoints.url}/v1`,
      openapi: `${endpoints.url}/openapi.json`,
      mcp: `${endpoints.url}/mcp`,
      home,
      token: "none",
    });

    const openapi = (await (await fetch(endpoints.openapi)).json()) as { openapi: string; paths: object };
    expect(openapi.openapi).toBe("3.1.0");
    expect(Object.keys(openapi.paths)).toContain("/v1/memories");

    const saved = await fetch(`${endpoints.api}/memories`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        type: "user",
        name: "Owns a cat",
        description: "Pet",
        content: "The user has a cat named Miso.",
      }),
    });
    expect(saved.status).toBe(201);
    const search = await fetch(`${endpoints.api}/search?query=${encodeURIComponent("cat Miso")}`);
    expect(((await search.json()) as { hits: Array<{ path: string }> }).hits[0]?.path).toBe(
      "memories/user_owns-a-cat.md",
    );

    const client = new Client({ name: "mnemo-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoints.mcp)));
    expect((await client.listTools()).tools).toHaveLength(MEMORY_TOOLS.length);
    const found = (await client.callTool({
      name: "memory_search",
      arguments: { query: "Miso" },
    })) as CallToolResult;
    expect(found.isError).toBeFalsy();
    expect(found.structuredContent).toMatchObject({
      hits: [expect.objectContaining({ path: "memories/user_owns-a-cat.md" })],
    });
    await client.close();

    expect(await served.stop()).toBe(EXIT_CODES.ok);
    expect(served.stderr()).toContain("stopping");
    await expect(fetch(endpoints.openapi)).rejects.toThrow(); // nothing listens any more
  });

  it("takes the token from MNEMO_HTTP_TOKEN, requires it, and never prints it", async () => {
    const token = "serve-test-token-0123456789";
    const served = await startServe([], { MNEMO_HTTP_TOKEN: token });
    expect(served.endpoints.token).toBe("required");
    expect(served.stdout()).not.toContain(token);
    const memories = `${served.endpoints.api}/memories`;
    expect((await fetch(memories)).status).toBe(401);
    expect((await fetch(memories, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    expect((await fetch(memories, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(await served.stop()).toBe(EXIT_CODES.ok);
  });

  it("refuses to listen off loopback without a token: a clear message, exit code 2, no home created", () => {
    const elsewhere = join(root, "not-created");
    const result = runMnemo(["serve", "--home", elsewhere, "--host", "0.0.0.0", "--port", "0"]);
    expect(result.status).toBe(EXIT_CODES.usage);
    expect(existsSync(elsewhere)).toBe(false);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^mnemo: Refusing to serve the memory home on 0\.0\.0\.0 without a bearer token/,
    );
    expect(result.stderr).toContain("MNEMO_HTTP_TOKEN");
  });

  it("refuses a port that is not a number, before touching the home", () => {
    const elsewhere = join(root, "not-created");
    const result = runMnemo(["serve", "--home", elsewhere, "--port", "eighty"]);
    expect(result.status).toBe(EXIT_CODES.usage);
    expect(result.stderr).toContain('--port must be a whole number from 0 to 65535, not "eighty"');
    expect(existsSync(elsewhere)).toBe(false);
  });
});
