import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningHttpServer } from "../../http.js";
import { type MemoryHomes, openHomes } from "../../index.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { startHttpServer } from "./start-http-server.js";

/**
 * A token that reads only its own agents' memories, through a real server on loopback: the server
 * itself filters its list and search, and a read by name of another agent's memory is answered as
 * a missing one (404, the same message), so the token learns nothing of names it may not read.
 */
let root: string;
let homes: MemoryHomes;
let server: RunningHttpServer;
let alice: string;
let bob: string;
let bobAndCarol: string;

beforeAll(async () => {
  root = await makeTempDir("mnemo-own-read-");
  homes = await openHomes({ root, env: { MNEMO_EMBEDDER: "none" }, onWarning: () => undefined });
  await homes.createHome("team");
  const issue = async (rights: Parameters<MemoryHomes["issueToken"]>[0]["rights"]) =>
    (await homes.issueToken({ homes: ["team"], rights })).token;
  alice = await issue({ write: true, agents: ["alice"], read: "all" });
  bob = await issue({ write: true, agents: ["bob"], read: "own" });
  bobAndCarol = await issue({ write: false, agents: ["bob", "carol"], read: "own" });
  server = await startHttpServer({ homes, port: 0, maxOpenHomes: 2, onError: () => undefined });
  expect((await save(alice, "Deploy day")).status).toBe(201);
  expect((await save(bob, "Bob notes")).status).toBe(201);
});

afterAll(async () => {
  await server.close();
  await homes.close();
  await removeDir(root);
});

function call(token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

function save(token: string, name: string) {
  return call(token, "/v1/memories", {
    method: "POST",
    body: { type: "project", name, content: `${name}: the garden app ships on Fridays.`, consolidate: false },
  });
}

async function errorOf(answer: Response): Promise<{ status: number; code: string; message: string }> {
  const { error } = (await answer.json()) as { error: { code: string; message: string } };
  return { status: answer.status, ...error };
}

const names = (entries: { name: string }[]) => entries.map((entry) => entry.name).sort();

describe("a token that reads only its own agents' memories", () => {
  it("reads its own memory by name", async () => {
    const answer = await call(bob, "/v1/memories/Bob%20notes");
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { agent?: string }).agent).toBe("bob");
  });

  it("gets another agent's memory by name answered exactly as a missing one", async () => {
    const foreign = await errorOf(await call(bob, "/v1/memories/Deploy%20day"));
    const missing = await errorOf(await call(bob, "/v1/memories/Release%20day"));
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual({ ...missing, message: missing.message.replace("Release day", "Deploy day") });
    expect(foreign.message).not.toContain("memories/");
    // A file path names the memory as well as its name does.
    expect((await call(bob, "/v1/memories/memories%2Fdeploy-day.md")).status).toBe(404);
    // A file that does not parse is nobody's the token may read: its name and line stay unsaid.
    const memory = await homes.openHome("team");
    await memory.store.transaction((writer) =>
      writer.write("memories/user_broken.md", "---\nname: [unclosed\ntype: user\n---\nbody\n"),
    );
    await memory.close();
    const broken = await errorOf(await call(bob, "/v1/memories/user_broken.md"));
    expect(broken).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(broken.message).not.toContain("line");
    expect((await call(alice, "/v1/memories/user_broken.md")).status).toBe(409);
    // The token that reads all still reads it.
    expect((await call(alice, "/v1/memories/Deploy%20day")).status).toBe(200);
  });

  it("lists and searches only its own agent's memories without sending ?agent=", async () => {
    const listed = await call(bob, "/v1/memories");
    expect(listed.status).toBe(200);
    expect(names(((await listed.json()) as { memories: { name: string }[] }).memories)).toEqual([
      "Bob notes",
    ]);
    const found = await call(bob, "/v1/search?query=garden%20Fridays");
    expect(found.status).toBe(200);
    const hits = ((await found.json()) as { hits: { name?: string; path: string }[] }).hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.path.includes("bob-notes"))).toBe(true);
    const everyone = (await (await call(alice, "/v1/memories")).json()) as { memories: { name: string }[] };
    expect(names(everyone.memories)).toEqual(["Bob notes", "Deploy day"]);
  });

  it("is refused a list or search filtered by another agent", async () => {
    for (const path of ["/v1/memories?agent=alice", "/v1/search?query=garden&agent=alice"]) {
      const refused = await errorOf(await call(bob, path));
      expect(refused.status, path).toBe(403);
      expect(refused.message, path).toMatch(/^Missing right: read all \(/);
    }
  });

  it("of several agents, names one of them in its list", async () => {
    const refused = await errorOf(await call(bobAndCarol, "/v1/memories"));
    expect(refused.status).toBe(403);
    expect(refused.message).toContain("?agent=");
    const listed = (await (await call(bobAndCarol, "/v1/memories?agent=bob")).json()) as {
      memories: { name: string }[];
    };
    expect(names(listed.memories)).toEqual(["Bob notes"]);
    expect((await call(bobAndCarol, "/v1/memories/Bob%20notes")).status).toBe(200);
    expect((await call(bobAndCarol, "/v1/memories/Deploy%20day")).status).toBe(404);
  });

  it("is still refused every other read, such as the archive", async () => {
    for (const path of ["/v1/archive", "/v1/context", "/v1/journal"])
      expect((await call(bob, path)).status, path).toBe(403);
  });
});
