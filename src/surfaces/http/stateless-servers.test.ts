import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTenantFixture, type TenantFixture } from "../../testing/tenant-fixture.js";
import { type RunningMnemoServe, startMnemoServeHomes } from "../../testing/test-cli.js";
import { removeDir } from "../../testing/test-home.js";

/**
 * Issue 15, point 3 on the file backend: two `mnemo serve --homes` processes on one root answer the
 * same homes. Concurrent writes from both, to two homes with two tokens, over HTTP and MCP: nothing
 * lost, nothing written twice, nothing in the wrong home, and a recall on one server finds what was
 * just written through the other.
 */
describe("two mnemo serve --homes processes on one root", () => {
  let fixture: TenantFixture;
  let servers: RunningMnemoServe[];
  beforeAll(async () => {
    fixture = await createTenantFixture({ homes: 2, twoHomeTokens: 0, seed: 3 });
    const env = { MNEMO_EMBEDDER: "none" };
    servers = await Promise.all([
      startMnemoServeHomes(fixture.root, [], env),
      startMnemoServeHomes(fixture.root, [], env),
    ]);
  });
  afterAll(async () => {
    for (const server of servers) expect(await server.stop()).toBe(0);
    await removeDir(fixture.root);
  });

  const tokenOf = (home: number) => fixture.tokens[home]?.token as string;
  const markerOf = (home: number) => fixture.homes[home]?.marker as string;

  async function api(server: number, home: number, path: string, body?: unknown) {
    const response = await fetch(`${servers[server]?.endpoints.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        authorization: `Bearer ${tokenOf(home)}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  }

  async function mcp(server: number, home: number): Promise<Client> {
    const client = new Client({ name: "stateless-test", version: "1.0.0" });
    const headers = { authorization: `Bearer ${tokenOf(home)}` };
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${servers[server]?.endpoints.url}/mcp`), {
        requestInit: { headers },
      }),
    );
    return client;
  }

  test("concurrent writes through both servers to both homes: every one kept once, in its home", async () => {
    const clients = await Promise.all([0, 1].flatMap((server) => [0, 1].map((home) => mcp(server, home))));
    const writes: Array<Promise<{ home: number; name: string; ok: boolean }>> = [];
    for (let index = 0; index < 15; index++)
      for (const server of [0, 1])
        for (const home of [0, 1]) {
          const name = `${markerOf(home)} s${server} n${String(index).padStart(2, "0")}`;
          const content = `${markerOf(home)} written through server ${server}`;
          writes.push(
            api(server, home, "/v1/memories", { type: "project", name, description: "d", content }).then(
              (answer) => ({
                home,
                name,
                ok: answer.status === 201,
              }),
            ),
          );
          const toolName = `${name} tool`;
          const client = clients[server * 2 + home] as Client;
          writes.push(
            client
              .callTool({
                name: "memory_save",
                arguments: { type: "reference", name: toolName, description: "d", content },
              })
              .then((result) => ({ home, name: toolName, ok: result.isError !== true })),
          );
          const entry = `${markerOf(home)} journal s${server} n${String(index).padStart(2, "0")}`;
          writes.push(
            api(server, home, "/v1/journal", { category: "general", text: entry }).then((answer) => ({
              home,
              name: entry,
              ok: answer.status === 200 || answer.status === 201,
            })),
          );
        }
    const done = await Promise.all(writes);
    await Promise.all(clients.map((client) => client.close()));
    expect(done.filter((write) => !write.ok)).toEqual([]);

    for (const home of [0, 1]) {
      const other = markerOf(1 - home);
      const listed = JSON.parse((await api(1 - home, home, "/v1/memories?limit=1000")).text) as {
        memories: Array<{ name: string }>;
      };
      const names = listed.memories.map((memory) => memory.name).sort();
      const expectedMemories = done
        .filter((write) => write.home === home && !write.name.includes("journal"))
        .map((write) => write.name);
      expect(names).toEqual(expectedMemories.sort());
      const index = JSON.parse((await api(0, home, "/v1/profile/memory")).text) as { text: string };
      for (const name of expectedMemories) expect(index.text.split(`[${name}]`).length - 1, name).toBe(1);
      for (const write of done.filter((each) => each.home === home && each.name.includes("journal")))
        expect(index.text.split(write.name).length - 1, write.name).toBe(1);
      expect(index.text).not.toContain(other);
    }
  });

  test("a recall on one server finds what the other just wrote, over HTTP and MCP", async () => {
    const client = await mcp(0, 1);
    try {
      for (let round = 0; round < 5; round++) {
        const word = `fresh${round}word${markerOf(0).slice(2)}`;
        const saved = await api(1, 0, "/v1/memories", {
          type: "user",
          name: `recall ${word}`,
          description: "d",
          content: `${word} was said`,
        });
        expect(saved.status).toBe(201);
        const hits = JSON.parse((await api(0, 0, `/v1/search?query=${word}`)).text) as {
          hits: Array<{ text: string }>;
        };
        expect(hits.hits.map((hit) => hit.text).join(" ")).toContain(word);
        const tool = `tool${round}word${markerOf(1).slice(2)}`;
        await api(1, 1, "/v1/memories", {
          type: "user",
          name: `recall ${tool}`,
          description: "d",
          content: `${tool} was said`,
        });
        expect(
          JSON.stringify(await client.callTool({ name: "memory_search", arguments: { query: tool } })),
        ).toContain(`${tool} was said`);
      }
    } finally {
      await client.close();
    }
  });
});
