import { afterEach, describe, expect, it } from "vitest";
import type { RunningHttpServer } from "../../http.js";
import type { MemoryHome } from "../../index.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { startHttpServer } from "./start-http-server.js";

/**
 * GET /v1/archive a page at a time, through a real server on loopback: an archive of more pieces
 * than a page, made through the API on a clock a minute apart (and twice in one minute, with the
 * same text), is read page after page; every piece comes exactly once, newest first, and each can
 * be told apart by the id a restore takes.
 */
let memory: MemoryHome;
let home: string;
let server: RunningHttpServer;

afterEach(async () => {
  await server?.close();
  await memory?.close();
  await removeDir(home);
});

interface Item {
  path: string;
  id: string;
  source: string;
  archivedAt?: string;
  text: string;
}

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

/** Archives sections, memories and twice the same section in one minute; returns the texts, oldest first. */
async function fillArchive(tick: () => void): Promise<string[]> {
  const archived: string[] = [];
  for (const step of [1, 2, 3, 4, 5]) {
    tick();
    await call("POST", "/v1/profile/user/sections/Step", { text: `Step ${step} of the move.` });
    await call("DELETE", "/v1/profile/user/sections/Step");
    archived.push(`## Step\nStep ${step} of the move.`);
    tick();
    await call("POST", "/v1/memories", {
      type: "project",
      name: `Milestone ${step}`,
      description: `Milestone ${step}`,
      content: `Milestone ${step} is done.`,
    });
    await call("DELETE", `/v1/memories/${encodeURIComponent(`Milestone ${step}`)}`);
    archived.push(`Milestone ${step} is done.`);
  }
  tick();
  // The same section removed twice within one minute: two pieces with the same text.
  for (const _ of [1, 2]) {
    await call("POST", "/v1/profile/user/sections/Pets", { text: "A cat named Miso." });
    await call("DELETE", "/v1/profile/user/sections/Pets");
    archived.push("## Pets\nA cat named Miso.");
  }
  return archived;
}

describe("GET /v1/archive, page after page", () => {
  it("gives every archived piece once, newest first, across pages; each has its own id", async () => {
    let minute = 0;
    ({ memory, home } = await openTestMemory({
      config: { search: { embedder: "none" } },
      now: () => new Date(2026, 4, 14, 9, minute),
    }));
    server = await startHttpServer({ memory, port: 0 });
    const archived = await fillArchive(() => {
      minute += 1;
    });

    const pages: Array<{ items: Item[]; offset: number; truncated: boolean; total: number }> = [];
    for (let offset = 0; pages.length < 10; ) {
      const page = (await call(
        "GET",
        `/v1/archive?limit=5&offset=${offset}`,
      )) as unknown as (typeof pages)[0];
      pages.push(page);
      expect(page.offset).toBe(offset);
      if (!page.truncated) break;
      offset += page.items.length;
    }
    const items = pages.flatMap((page) => page.items);
    expect(pages.map((page) => page.items.length)).toEqual([5, 5, 2]);
    expect(pages.map((page) => page.total)).toEqual([12, 12, 12]);
    expect(new Set(items.map((item) => `${item.path} ${item.id}`)).size).toBe(items.length);
    expect(items.map((item) => (item.text.includes("---") ? lastLine(item.text) : item.text))).toEqual(
      [...archived].reverse(),
    );
    const times = items.map((item) => item.archivedAt ?? "");
    expect(times).toEqual([...times].sort().reverse());

    // The second of the two identical pieces is restored by its own id; the other stays listed.
    const pets = items.filter((item) => item.text === "## Pets\nA cat named Miso.");
    expect(pets.map((item) => item.path)).toEqual(["archive/USER.md", "archive/USER.md"]);
    await call("POST", "/v1/archive/restore", { path: pets[1]?.path, id: pets[1]?.id });
    const after = (await call("GET", "/v1/archive?limit=100")) as unknown as { items: Item[]; total: number };
    expect(after.total).toBe(11);
    expect(after.items.filter((item) => item.text === "## Pets\nA cat named Miso.")).toHaveLength(1);
  });
});

/** A memory file's last line: its content (the frontmatter comes before). */
function lastLine(text: string): string {
  return text.trimEnd().split("\n").at(-1) ?? "";
}
