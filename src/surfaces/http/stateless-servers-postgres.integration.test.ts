import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RunningMnemoServe, runMnemo, startMnemoServeStore } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "../../testing/test-postgres.js";

/**
 * Issue 15's "Done when", on PostgreSQL: two `mnemo serve --store postgres://…` processes (the built
 * CLI, loopback HTTP) on one database; the first admin token from `mnemo tokens create --admin
 * --store`, two homes and two tokens made through server A's admin API and used on server B at
 * once; concurrent writes from both servers through HTTP and MCP; afterwards every acknowledged
 * write is there exactly once, in its home; a recall on B finds what A just wrote; a token gets
 * 404, and none of the other home's data, for the other home on both servers, over HTTP and MCP.
 * Needs a server other processes can reach (a throwaway cluster); PGlite lives in one process.
 */
const HOMES = ["acme/user-1", "globex/user-2"];
const MARKERS = ["qzalphaone", "qzomegatwo"];

describe.skipIf(!testPostgresHasServer())("two mnemo serve --store processes on one database", () => {
  let database: TestPostgres;
  let settings: string;
  let servers: RunningMnemoServe[];
  let adminToken: string;
  const tokens: string[] = [];

  /** One HTTP request to a server with a token: GET, or POST when there is a body, or the method given. */
  async function call(
    server: number,
    token: string,
    path: string,
    init: { body?: unknown; home?: string; method?: string } = {},
  ) {
    const { body, home } = init;
    const response = await fetch(`${servers[server]?.endpoints.url}${path}`, {
      method: init.method ?? (body === undefined ? "GET" : "POST"),
      headers: {
        authorization: `Bearer ${token}`,
        ...(home ? { "mnemo-home": home } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  }

  async function mcp(server: number, home: number, asHome?: string): Promise<Client> {
    const client = new Client({ name: "stateless-postgres-test", version: "1.0.0" });
    const headers = { authorization: `Bearer ${tokens[home]}`, ...(asHome ? { "mnemo-home": asHome } : {}) };
    const url = new URL(`${servers[server]?.endpoints.url}/mcp`);
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    return client;
  }

  beforeAll(async () => {
    database = await startTestPostgres();
    const url = database.url as string;
    settings = await makeTempDir("mnemo-pg-settings-");
    // The servers' settings, which database homes take: the writes below repeat one text under many
    // names, which consolidation would keep once; this test counts every acknowledged write.
    await writeFile(join(settings, "config.json"), '{ "consolidation": { "enabled": false } }\n');
    const env = { MNEMO_EMBEDDER: "none", MNEMO_HOME: settings, MNEMO_LOCK_TIMEOUT_MS: "60000" };
    // The operator's bootstrap: the first admin token from the CLI, on the database itself.
    const bootstrap = runMnemo(["tokens", "create", "--admin", "--store", url, "--json"], { env });
    expect(bootstrap.stderr).toBe("");
    adminToken = (JSON.parse(bootstrap.stdout) as { token: string }).token;
    servers = await Promise.all([startMnemoServeStore(url, [], env), startMnemoServeStore(url, [], env)]);
  }, 120_000);
  afterAll(async () => {
    for (const server of servers ?? []) expect(await server.stop()).toBe(0);
    await database?.stop();
    if (settings) await removeDir(settings);
  });

  test("homes and tokens made through server A work on server B at once; a revocation on B counts on A", async () => {
    for (const [index, home] of HOMES.entries()) {
      expect((await call(0, adminToken, "/v1/admin/homes", { body: { homeId: home } })).status).toBe(201);
      const issued = await call(0, adminToken, "/v1/admin/tokens", { body: { homes: [home] } });
      expect(issued.status).toBe(201);
      tokens[index] = (JSON.parse(issued.text) as { token: string }).token;
      const saved = await call(1, tokens[index] as string, "/v1/memories", {
        body: {
          type: "user",
          name: `first ${MARKERS[index]}`,
          description: "d",
          content: `${MARKERS[index]} seen`,
        },
      });
      expect(saved.status).toBe(201);
    }
    const listed = JSON.parse((await call(1, adminToken, "/v1/admin/homes")).text) as { homes: string[] };
    expect(listed.homes).toEqual(HOMES);
    const spare = JSON.parse(
      (await call(0, adminToken, "/v1/admin/tokens", { body: { homes: [HOMES[0]] } })).text,
    );
    expect((await call(1, spare.token, "/v1/memories")).status).toBe(200);
    expect(
      (await call(1, adminToken, `/v1/admin/tokens/${spare.id}`, { method: "DELETE" })).status,
    ).toBeLessThan(300);
    expect((await call(0, spare.token, "/v1/memories")).status).toBe(401);
  });

  test("concurrent writes through both servers to both homes, over HTTP and MCP: each acknowledged one kept once, in its home", async () => {
    const clients = await Promise.all([0, 1].flatMap((server) => [0, 1].map((home) => mcp(server, home))));
    const writes: Array<Promise<{ home: number; name: string; kind: "memory" | "entry"; ok: boolean }>> = [];
    for (let round = 0; round < 10; round++)
      for (const server of [0, 1])
        for (const home of [0, 1]) {
          const marker = MARKERS[home] as string;
          const name = `${marker} s${server} n${String(round).padStart(2, "0")}`;
          const content = `${marker} written through server ${server}`;
          const token = tokens[home] as string;
          const body = { type: "project", name, description: "d", content };
          writes.push(
            call(server, token, "/v1/memories", { body }).then((answer) => ({
              home,
              name,
              kind: "memory",
              ok: answer.status === 201,
            })),
          );
          const client = clients[server * 2 + home] as Client;
          const tool = { type: "reference", name: `${name} tool`, description: "d", content };
          writes.push(
            client.callTool({ name: "memory_save", arguments: tool }).then((result) => ({
              home,
              name: tool.name,
              kind: "memory",
              ok: result.isError !== true,
            })),
          );
          const entry = `${marker} journal s${server} n${String(round).padStart(2, "0")}`;
          writes.push(
            call(server, token, "/v1/journal", { body: { category: "general", text: entry } }).then(
              (answer) => ({
                home,
                name: entry,
                kind: "entry",
                ok: answer.status === 200 || answer.status === 201,
              }),
            ),
          );
        }
    const done = await Promise.all(writes);
    await Promise.all(clients.map((client) => client.close()));
    expect(done.filter((write) => !write.ok)).toEqual([]); // with a 60 s lock timeout, every write is acknowledged

    for (const home of [0, 1]) {
      const token = tokens[home] as string;
      const acknowledged = done.filter((write) => write.home === home && write.ok);
      const listed = JSON.parse((await call(1 - home, token, "/v1/memories?limit=1000")).text) as {
        memories: Array<{ name: string }>;
      };
      const expectedNames = acknowledged
        .filter((write) => write.kind === "memory")
        .map((write) => write.name);
      expect(listed.memories.map((memory) => memory.name).sort()).toEqual(
        [...expectedNames, `first ${MARKERS[home]}`].sort(),
      );
      const index = (JSON.parse((await call(home, token, "/v1/profile/memory")).text) as { text: string })
        .text;
      for (const name of expectedNames) expect(index.split(`[${name}]`).length - 1, name).toBe(1);
      for (const write of acknowledged.filter((each) => each.kind === "entry"))
        expect(index.split(write.name).length - 1, write.name).toBe(1);
      expect(index).not.toContain(MARKERS[1 - home]);
    }
  });

  test("a recall on server B finds what server A just wrote, over HTTP and MCP", async () => {
    const client = await mcp(1, 1);
    try {
      for (let round = 0; round < 5; round++) {
        const word = `fresh${round}word${MARKERS[0]}`;
        const body = { type: "user", name: `recall ${word}`, description: "d", content: `${word} was said` };
        expect((await call(0, tokens[0] as string, "/v1/memories", { body })).status).toBe(201);
        const found = JSON.parse((await call(1, tokens[0] as string, `/v1/search?query=${word}`)).text) as {
          hits: Array<{ text: string }>;
        };
        expect(found.hits.map((hit) => hit.text).join(" ")).toContain(word);
        const tool = `tool${round}word${MARKERS[1]}`;
        const toolBody = {
          type: "user",
          name: `recall ${tool}`,
          description: "d",
          content: `${tool} was said`,
        };
        expect((await call(0, tokens[1] as string, "/v1/memories", { body: toolBody })).status).toBe(201);
        const result = await client.callTool({ name: "memory_search", arguments: { query: tool } });
        expect(JSON.stringify(result)).toContain(`${tool} was said`);
      }
    } finally {
      await client.close();
    }
  });

  test("token 1 gets 404, and nothing of home 2, for home 2 on both servers, over HTTP and MCP", async () => {
    for (const server of [0, 1]) {
      for (const path of ["/v1/memories", `/v1/search?query=${MARKERS[1]}`, "/v1/profile/memory"]) {
        const answer = await call(server, tokens[0] as string, path, { home: HOMES[1] });
        expect(answer.status, `${path} on server ${server}`).toBe(404);
        expect(answer.text).not.toContain(MARKERS[1]);
      }
      const initialize = await fetch(`${servers[server]?.endpoints.url}/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${tokens[0]}`,
          "mnemo-home": HOMES[1] as string,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-03-26",
            capabilities: {},
            clientInfo: { name: "t", version: "1" },
          },
        }),
      });
      expect(initialize.status).toBe(404);
      expect(await initialize.text()).not.toContain(MARKERS[1]);
      await expect(mcp(server, 0, HOMES[1])).rejects.toMatchObject({ code: 404 });
      // Its own home, through the same server: the tools see home 1 only.
      const own = await mcp(server, 0);
      try {
        const listed = JSON.stringify(await own.callTool({ name: "memory_list", arguments: { limit: 100 } }));
        expect(listed).toContain(MARKERS[0]);
        expect(listed).not.toContain(MARKERS[1]);
      } finally {
        await own.close();
      }
    }
  });
});
