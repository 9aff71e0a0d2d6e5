import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningHttpServer } from "../../http.js";
import { type MemoryHomes, openHomes } from "../../index.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { serveHomesWithMcp } from "../../testing/test-http-server.js";

/**
 * A server of many homes on loopback (startHttpServer with openHomes), driven with real requests:
 * who gets in, which home a request reaches, what an admin may do, and MCP scoped the same way.
 */
let root: string;
let homes: MemoryHomes;
let server: RunningHttpServer;
const token: Record<string, string> = {};

beforeAll(async () => {
  root = await makeTempDir("mnemo-many-");
  homes = await openHomes({ root, env: { MNEMO_EMBEDDER: "none" }, onWarning: () => undefined });
  for (const id of ["acme/ada", "acme/bob", "solo"]) await homes.createHome(id);
  token.ada = (await homes.issueToken({ homes: ["acme/ada"] })).token;
  token.bob = (await homes.issueToken({ homes: ["acme/bob"] })).token;
  token.both = (await homes.issueToken({ homes: ["acme/ada", "solo"] })).token;
  token.admin = (await homes.issueToken({ homes: [], admin: true })).token;
  server = await serveHomesWithMcp(homes, 1);
});

afterAll(async () => {
  await server.close();
  await homes.close();
  await removeDir(root);
});

async function send(
  path: string,
  options: { as?: string; home?: string; method?: string; body?: unknown; authorization?: string } = {},
) {
  const headers: Record<string, string> = {};
  const authorization = options.authorization ?? (options.as && `Bearer ${token[options.as]}`);
  if (authorization) headers.authorization = authorization;
  if (options.home) headers["mnemo-home"] = options.home;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${server.url}${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, json: (await response.json()) as ApiJson };
}

/** The fields these tests read from the API's answers. */
interface ApiJson {
  error: { code: string; message: string };
  memories: Array<{ name: string }>;
  hits: unknown[];
  content: string;
  token: string;
  id: string;
  homes: string[];
}

const memory = (name: string) => ({
  type: "user",
  name,
  description: `${name} here`,
  content: `${name} likes tea.`,
});

describe("mnemo serve --homes over HTTP", () => {
  it("answers 401 on every path without a token of the registry, or with a revoked one", async () => {
    const revoked = await homes.issueToken({ homes: ["solo"] });
    await homes.revokeToken(revoked.grant.id);
    for (const path of ["/v1/memories", "/openapi.json", "/mcp", "/nowhere", "/v1/admin/homes"])
      for (const authorization of [
        undefined,
        "Bearer nope",
        `Bearer ${revoked.token}`,
        `Basic ${token.ada}`,
      ]) {
        const answer = await send(path, { authorization });
        expect(answer.status, `${path} ${authorization}`).toBe(401);
        expect(answer.json.error.code).toBe("UNAUTHORIZED");
      }
    // Its own realm: the web browser tells a tenant to use the token issued for its home, not --token.
    const refused = await fetch(`${server.url}/v1/status`);
    expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="mnemo homes"');
  });

  it("tells a tenant its home id, and not the server's folder", async () => {
    const answer = await fetch(`${server.url}/v1/status`, {
      headers: { authorization: `Bearer ${token.ada}` },
    });
    const text = await answer.text();
    expect(JSON.parse(text)).toMatchObject({ home: "a folder on the server", homeId: "acme/ada" });
    expect(text).not.toContain(root);
  });

  it("reaches only the token's home: another home and a missing one answer the same 404", async () => {
    expect((await send("/v1/memories", { as: "ada", body: memory("Ada secret") })).status).toBe(201);
    expect((await send("/v1/memories/Ada%20secret", { as: "ada" })).json.content).toContain(
      "Ada secret likes tea.",
    );
    expect((await send("/v1/memories/Ada%20secret", { as: "bob" })).status).toBe(404);
    expect((await send("/v1/memories", { as: "bob" })).json.memories).toEqual([]);
    expect((await send("/v1/search?query=tea", { as: "bob" })).json.hits).toEqual([]);
    const other = await send("/v1/memories", { as: "bob", home: "acme/ada" });
    const missing = await send("/v1/memories", { as: "bob", home: "acme/nobody" });
    expect(other).toEqual({
      status: 404,
      json: { error: { code: "NOT_FOUND", message: 'There is no memory home "acme/ada" for this token.' } },
    });
    expect(missing.json.error.message).toBe('There is no memory home "acme/nobody" for this token.');
  });

  it("a token of two homes names one in Mnemo-Home; without it, it is asked to", async () => {
    expect((await send("/v1/memories", { as: "both" })).status).toBe(400);
    expect((await send("/v1/memories", { as: "both", home: "solo", body: memory("Solo note") })).status).toBe(
      201,
    );
    expect(
      (await send("/v1/memories", { as: "both", home: "acme/ada" })).json.memories.map((each) => each.name),
    ).toEqual(["Ada secret"]);
    expect(
      (await send("/v1/memories", { as: "both", home: "solo" })).json.memories.map((each) => each.name),
    ).toEqual(["Solo note"]);
    expect((await send("/v1/memories", { as: "both", home: "../solo" })).status).toBe(400);
  });

  it("never reads a home from a body, a query string or a path", async () => {
    const body = await send("/v1/memories", {
      as: "bob",
      body: { ...memory("Smuggled"), homeId: "acme/ada" },
    });
    expect(body.status).toBe(400);
    expect((await send("/v1/memories?homeId=acme/ada", { as: "bob" })).status).toBe(400);
    const path = await send(`/v1/memories/${encodeURIComponent("../../ada/memories/user_ada-secret.md")}`, {
      as: "bob",
    });
    expect([400, 404]).toContain(path.status);
    expect(JSON.stringify(path.json)).not.toContain("likes tea");
  });

  it("admin endpoints: 403 for a home's token; an admin creates a home and a token that works at once", async () => {
    expect((await send("/v1/admin/homes", { as: "ada" })).status).toBe(403);
    expect((await send("/v1/admin/tokens", { as: "ada", body: { homes: ["acme/bob"] } })).status).toBe(403);
    expect((await send("/v1/admin/homes", { as: "admin", body: { homeId: "acme/cy" } })).status).toBe(201);
    expect((await send("/v1/admin/homes", { as: "admin", body: { homeId: "acme/cy" } })).status).toBe(200);
    expect((await send("/v1/admin/homes", { as: "admin", body: { homeId: "acme" } })).status).toBe(400);
    expect((await send("/v1/admin/tokens", { as: "admin", body: { homes: ["acme/ghost"] } })).status).toBe(
      404,
    );
    const issued = await send("/v1/admin/tokens", { as: "admin", body: { homes: ["acme/cy"], label: "cy" } });
    expect(issued.status).toBe(201);
    const cy = `Bearer ${issued.json.token}`;
    expect((await send("/v1/memories", { authorization: cy, body: memory("Cy note") })).status).toBe(201);
    expect((await send("/v1/memories", { as: "admin" })).status).toBe(404); // an admin reaches no home's memory by itself
    const listed = await send("/v1/admin/tokens", { as: "admin" });
    expect(JSON.stringify(listed.json)).not.toContain(issued.json.token);
    expect((await send(`/v1/admin/tokens/${issued.json.id}`, { as: "admin", method: "DELETE" })).status).toBe(
      200,
    );
    expect((await send("/v1/memories", { authorization: cy })).status).toBe(401);
    expect((await send("/v1/admin/homes", { as: "admin" })).json.homes).toEqual([
      "acme/ada",
      "acme/bob",
      "acme/cy",
      "solo",
    ]);
  });

  it("documents the admin endpoints, and a broken token file answers 503 without naming it", async () => {
    const document = await send("/openapi.json", { as: "ada" });
    expect(Object.keys((document.json as unknown as { paths: object }).paths)).toContain(
      "/v1/admin/tokens/{id}",
    );
    const file = join(root, ".mnemo", "tokens.json");
    const saved = await readFile(file, "utf8");
    await writeFile(file, "{ broken");
    try {
      const answer = await send("/v1/memories", { as: "ada" });
      expect(answer.status).toBe(503);
      expect(answer.json.error.message).not.toContain(root);
    } finally {
      await writeFile(file, saved);
    }
    expect((await send("/v1/memories", { as: "ada" })).status).toBe(200);
  });

  it("MCP at /mcp: each token's client sees its own home, and a tool has no way to name another", async () => {
    const connect = async (as: string, home?: string) => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${token[as]}`,
        ...(home ? { "mnemo-home": home } : {}),
      };
      const client = new Client({ name: "tenants-test", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }),
      );
      return client;
    };
    const bob = await connect("bob");
    const both = await connect("both", "solo");
    try {
      const saved = await bob.callTool({ name: "memory_save", arguments: memory("Bob via MCP") });
      expect(saved.isError).not.toBe(true);
      const smuggled = await bob.callTool({ name: "memory_list", arguments: { homeId: "acme/ada" } });
      expect(smuggled.isError).toBe(true);
      const bobList = JSON.stringify(await bob.callTool({ name: "memory_list", arguments: {} }));
      expect(bobList).toContain("Bob via MCP");
      expect(bobList).not.toContain("Ada secret");
      expect((await bob.callTool({ name: "memory_get", arguments: { name: "Ada secret" } })).isError).toBe(
        true,
      );
      const soloResources = JSON.stringify(await both.listResources());
      expect(soloResources).toContain("solo-note");
      expect(soloResources).not.toMatch(/ada-secret|bob-via-mcp/);
    } finally {
      await bob.close();
      await both.close();
    }
    expect((await send("/v1/memories", { as: "ada" })).json.memories.map((each) => each.name)).toEqual([
      "Ada secret",
    ]);
  });

  it("with one home kept open, requests to many homes at once all get their own home", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => {
        const as = ["ada", "bob", "both"][index % 3] as string;
        return send("/v1/memories", { as, home: as === "both" ? "solo" : undefined });
      }),
    );
    const names = answers.map((answer) => answer.json.memories.map((each) => each.name).join(","));
    expect(new Set(names.filter((_, index) => index % 3 === 0))).toEqual(new Set(["Ada secret"]));
    expect(new Set(names.filter((_, index) => index % 3 === 1))).toEqual(new Set(["Bob via MCP"]));
    expect(new Set(names.filter((_, index) => index % 3 === 2))).toEqual(new Set(["Solo note"]));
  });
});
