import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningHttpServer } from "../../http.js";
import { type MemoryHomes, openHomes } from "../../index.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { startHttpServer } from "./start-http-server.js";

/**
 * A token limited to its agent never writes over another agent's memory, through a real server on
 * loopback: consolidation on save compares with its own agent's memories only (another's is never
 * updated and re-attributed, never the reason a save is unchanged), and a save under the name of
 * another's memory is refused. A token without rights consolidates across agents as before.
 */
let root: string;
let homes: MemoryHomes;
let server: RunningHttpServer;
let alice: string;
let bob: string;
let unlimited: string;

beforeAll(async () => {
  root = await makeTempDir("mnemo-own-writes-");
  homes = await openHomes({ root, env: { MNEMO_EMBEDDER: "none" }, onWarning: () => undefined });
  await homes.createHome("team");
  const issue = async (rights?: Parameters<MemoryHomes["issueToken"]>[0]["rights"]) =>
    (await homes.issueToken({ homes: ["team"], rights })).token;
  alice = await issue({ write: true, agents: ["alice"], read: "all" });
  bob = await issue({ write: true, agents: ["bob"], read: "all" });
  unlimited = await issue();
  server = await startHttpServer({ homes, port: 0, maxOpenHomes: 2, onError: () => undefined });
});

afterAll(async () => {
  await server.close();
  await homes.close();
  await removeDir(root);
});

async function call(token: string, path: string, init: { body?: unknown; agent?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.agent === undefined ? {} : { "mnemo-agent": init.agent }),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const save = (token: string, name: string, content: string, agent?: string) =>
  call(token, "/v1/memories", { body: { type: "user", name, content, consolidate: true }, agent });

describe("a token limited to its agent, saving with consolidation", () => {
  it("adds its memory instead of rewriting or matching another agent's", async () => {
    expect((await save(alice, "Home city", "Lives in Porto.")).status).toBe(201);
    const batch = await call(bob, "/v1/memories/batch", {
      body: {
        memories: [{ type: "user", name: "Tea", content: "Drinks green tea every morning." }],
        consolidate: true,
      },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.saved).toMatchObject([{ name: "Tea", action: "added" }]);
    const moved = await save(bob, "City", "Now lives in Lisbon.");
    expect(moved).toMatchObject({ status: 201, body: { action: "added", name: "City" } });
    const same = await save(bob, "Where I live", "lives in porto");
    expect(same).toMatchObject({ status: 201, body: { action: "added", name: "Where I live" } });
    const kept = await call(alice, "/v1/memories/Home%20city");
    expect(kept.body).toMatchObject({ content: "Lives in Porto.", agent: "alice" });
  });

  it("is refused a save under the name of another agent's memory, which stays as it was", async () => {
    for (const consolidate of [true, false]) {
      const refused = await call(bob, "/v1/memories", {
        body: { type: "user", name: "Home city", content: "Has a cat named Miso.", consolidate },
      });
      expect(refused.status).toBe(400);
      expect((refused.body.error as { message: string }).message).toBe(
        '"Home city" is a memory agent "alice" wrote, and this writer (agent "bob") may replace only its own agent\'s memories: save under another name.',
      );
    }
    const kept = await call(alice, "/v1/memories/Home%20city");
    expect(kept.body).toMatchObject({ content: "Lives in Porto.", agent: "alice" });
  });

  it("is refused a delete of another agent's memory, and deletes its own", async () => {
    const del = (token: string, name: string) =>
      fetch(`${server.url}/v1/memories/${encodeURIComponent(name)}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${token}` },
      });
    const refused = await del(bob, "Home city");
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^"Home city" is a memory agent "alice" wrote, .*: delete only its own\.$/,
    );
    expect((await call(alice, "/v1/memories/Home%20city")).status).toBe(200);
    expect((await del(bob, "Tea")).status).toBe(200);
  });

  it("is refused a restore from the archive of another agent's memory", async () => {
    const edit = { type: "user", name: "Pet", content: "Has a dog named Rex.", consolidate: false };
    expect((await call(alice, "/v1/memories", { body: edit })).status).toBe(201);
    const renamed = { ...edit, content: "Has a dog named Max." };
    expect((await call(alice, "/v1/memories", { body: renamed })).status).toBe(200);
    const { items } = (await call(bob, "/v1/archive")).body as {
      items: { path: string; id: string; text: string }[];
    };
    const older = items.find((item) => item.text.includes("Rex"));
    const restore = { path: older?.path, id: older?.id };
    const refused = await call(bob, "/v1/archive/restore", { body: restore });
    expect(refused.status).toBe(400);
    expect((refused.body.error as { message: string }).message).toContain('agent "alice" wrote');
    expect((await call(alice, "/v1/memories/Pet")).body).toMatchObject({ content: "Has a dog named Max." });
    expect((await call(alice, "/v1/archive/restore", { body: restore })).status).toBe(200);
  });

  it("still consolidates with its own agent's memories", async () => {
    const own = await save(bob, "Current city", "Now lives in Coimbra.");
    expect(own).toMatchObject({ status: 200, body: { action: "updated" } });
    expect((await call(bob, `/v1/memories/${encodeURIComponent(own.body.name as string)}`)).body.agent).toBe(
      "bob",
    );
  });

  it("leaves a token without rights consolidating across agents, as before", async () => {
    const updated = await save(unlimited, "Where", "Now lives in Madrid.", "carol");
    expect(updated).toMatchObject({ status: 200, body: { action: "updated" } });
  });
});
