import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningHttpServer } from "../../http.js";
import { type MemoryHomes, openHomes } from "../../index.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { serveHomesWithMcp } from "../../testing/test-http-server.js";

/**
 * Two agents share one home through a real server on loopback: agent A's token writes as A and reads
 * all; agent B's token is read-only and reads only B's memories. Each request gets what a user would.
 */
let root: string;
let homes: MemoryHomes;
let server: RunningHttpServer;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  root = await makeTempDir("mnemo-rights-");
  homes = await openHomes({ root, env: { MNEMO_EMBEDDER: "none" }, onWarning: () => undefined });
  await homes.createHome("team");
  tokenA = (
    await homes.issueToken({ homes: ["team"], rights: { write: true, agents: ["alice"], read: "all" } })
  ).token;
  tokenB = (
    await homes.issueToken({ homes: ["team"], rights: { write: false, agents: ["bob"], read: "own" } })
  ).token;
  server = await serveHomesWithMcp(homes);
});

afterAll(async () => {
  await server.close();
  await homes.close();
  await removeDir(root);
});

function call(
  token: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const save = (token: string, name: string, headers: Record<string, string> = {}) =>
  call(token, "/v1/memories", {
    method: "POST",
    headers,
    body: { type: "project", name, content: `${name}: the garden app ships on Fridays.`, consolidate: false },
  });

async function refusal(answer: Response): Promise<string> {
  expect(answer.status).toBe(403);
  return ((await answer.json()) as { error: { message: string } }).error.message;
}

describe("token rights through a real server (two agents, one home)", () => {
  it("agent A writes as A (named or not) and never as another agent", async () => {
    expect((await save(tokenA, "Deploy day")).status).toBe(201);
    expect((await save(tokenA, "Deploy tool", { "Mnemo-Agent": "alice" })).status).toBe(201);
    const read = (await (await call(tokenA, "/v1/memories/Deploy%20day")).json()) as { agent?: string };
    expect(read.agent).toBe("alice");
    expect(await refusal(await save(tokenA, "Forged", { "Mnemo-Agent": "bob" }))).toMatch(
      /^Missing right: agent \(this token writes only as "alice"/,
    );
  });

  it("agent A reads everything: context, journal, list without a filter", async () => {
    for (const path of ["/v1/context", "/v1/journal", "/v1/memories", "/v1/search?query=garden"])
      expect((await call(tokenA, path)).status, path).toBe(200);
  });

  it("agent B's read-only token is refused every write, with the right to ask for", async () => {
    expect(await refusal(await save(tokenB, "By bob", { "Mnemo-Agent": "bob" }))).toBe(
      "Missing right: write (this token is read-only; create a token without --read-only).",
    );
    expect(await refusal(await call(tokenB, "/v1/memories/Deploy%20day", { method: "DELETE" }))).toMatch(
      /^Missing right: write/,
    );
    expect((await call(tokenA, "/v1/memories/Deploy%20day")).status).toBe(200);
  });

  it("agent B reads only list, search and get of bob's memories", async () => {
    const listed = await call(tokenB, "/v1/memories?agent=bob");
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { memories: unknown[] }).memories).toEqual([]);
    expect((await call(tokenB, "/v1/search?query=garden&agent=bob")).status).toBe(200);
    // Without a filter the server filters by the token's one agent itself (own-read-http.test.ts).
    expect((await call(tokenB, "/v1/memories")).status).toBe(200);
    expect(await refusal(await call(tokenB, "/v1/memories?agent=alice"))).toMatch(/^Missing right: read all/);
    expect(await refusal(await call(tokenB, "/v1/context"))).toMatch(/--read all/);
    // Another agent's memory is answered as a missing one.
    expect((await call(tokenB, "/v1/memories/Deploy%20day")).status).toBe(404);
  });

  it("refuses /mcp to a token that reads only its own agents (token-rights-mcp.test.ts: the others)", async () => {
    const answer = await call(tokenB, "/mcp", {
      method: "POST",
      headers: { accept: "application/json, text/event-stream" },
      body: { jsonrpc: "2.0", id: 1, method: "initialize", params: {} },
    });
    expect(await refusal(answer)).toMatch(/^Missing right: read all \(\/mcp serves/);
  });
});
