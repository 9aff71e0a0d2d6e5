import { beforeEach, describe, expect, it } from "vitest";
import type { RunningHttpServer } from "../../http.js";
import type { MemoryHome } from "../../index.js";
import { startMnemoServe } from "../../testing/test-cli.js";
import { serveTestHome } from "../../testing/test-http-server.js";

/** Many clients writing at once through the API, to one server or two processes: every write lands, none overwrites another. */
let memory: MemoryHome;
let home: string;
let server: RunningHttpServer;

beforeEach(async () => {
  ({ memory, home, server } = await serveTestHome());
});

async function post(path: string, body: unknown): Promise<number> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

async function get<T>(path: string): Promise<T> {
  return (await (await fetch(`${server.url}${path}`)).json()) as T;
}

describe("concurrent writers", () => {
  it("40 parallel memory saves, 40 journal adds and 20 section adds lose nothing", async () => {
    const serials = Array.from({ length: 40 }, (_, serial) => serial);
    const statuses = await Promise.all([
      ...serials.map((serial) =>
        post("/v1/memories", {
          type: "project",
          name: `Fact ${serial}`,
          description: `Fact number ${serial}`,
          content: `Fact ${serial} is true.`,
          // Facts that differ only by their number are one fact updated, to consolidation: saved as
          // given here, where what is tested is that no concurrent write is lost.
          consolidate: false,
        }),
      ),
      ...serials.map((serial) =>
        post("/v1/journal", { category: "user_pref", text: `Preference ${serial}.` }),
      ),
      ...serials
        .slice(0, 20)
        .map((serial) => post("/v1/profile/user/sections/Facts", { text: `- user fact ${serial}` })),
    ]);
    expect(statuses.filter((status) => status >= 300)).toEqual([]);

    const { memories } = await get<{ memories: Array<{ name: string }> }>("/v1/memories");
    expect(memories.map((each) => each.name).sort()).toEqual(
      serials.map((serial) => `Fact ${serial}`).sort(),
    );
    for (const serial of [0, 17, 39]) {
      const one = await get<{ content: string }>(`/v1/memories/${encodeURIComponent(`Fact ${serial}`)}`);
      expect(one.content).toBe(`Fact ${serial} is true.`);
    }
    const index = await get<{ text: string }>("/v1/profile/memory/sections/Memories");
    for (const serial of serials) expect(index.text).toContain(`[Fact ${serial}]`);

    const topic = await get<{ entries: Array<{ content: string }> }>("/v1/journal/user_prefs");
    expect(topic.entries.map((entry) => entry.content).sort()).toEqual(
      serials.map((serial) => `Preference ${serial}.`).sort(),
    );
    const section = await get<{ text: string }>("/v1/profile/user/sections/Facts");
    for (const serial of serials.slice(0, 20)) expect(section.text).toContain(`- user fact ${serial}`);
  });
  it("two mnemo serve processes on one home: 60 parallel saves through both lose nothing", async () => {
    const servers = [await startMnemoServe(home), await startMnemoServe(home)];
    try {
      const statuses = await Promise.all(
        Array.from({ length: 60 }, (_, serial) =>
          fetch(`${servers[serial % 2]?.endpoints.api}/memories`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              type: "project",
              name: `Shared ${serial}`,
              description: `From process ${serial % 2}`,
              content: `Shared fact ${serial}.`,
              consolidate: false,
            }),
          }).then((response) => response.status),
        ),
      );
      expect(statuses.filter((status) => status !== 201)).toEqual([]);
    } finally {
      for (const served of servers) expect(await served.stop()).toBe(0);
    }
    const { memories } = await memory.memories.list();
    expect(memories.map((each) => each.name).sort()).toEqual(
      Array.from({ length: 60 }, (_, serial) => `Shared ${serial}`).sort(),
    );
    const index = (await memory.profile.read("memory", "Memories")).text;
    for (let serial = 0; serial < 60; serial++) expect(index).toContain(`[Shared ${serial}]`);
  });
});
