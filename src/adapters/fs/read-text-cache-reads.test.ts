import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { FsDocumentStore } from "./fs-document-store.js";
import { ReadTextCache } from "./read-text-cache.js";

/**
 * What the read-text cache (read-text-cache.ts) saves: the disk reads. The cache never changes what
 * is read (read-text-cache.test.ts shows that), so a cache that never hit, never filled or never
 * evicted would pass every other test: here the store's `readFile` is the real one, wrapped to be
 * counted, and the cache itself is asked what it keeps.
 */
const readFileCalls = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  const readFile = ((path: unknown, ...rest: unknown[]) => {
    readFileCalls.paths.push(String(path));
    return (actual.readFile as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof actual.readFile;
  return { ...actual, readFile, default: { ...actual, readFile } };
});

let home = "";
beforeEach(async () => {
  home = await makeTempDir("mnemo-read-count-");
  readFileCalls.paths.length = 0;
});
afterEach(async () => {
  await removeDir(home);
});

/** How many times the store opened and read `name` from the disk. */
function readsOf(name: string): number {
  return readFileCalls.paths.filter((path) => path === join(home, name)).length;
}

async function openStore(): Promise<FsDocumentStore> {
  const store = new FsDocumentStore({ home, lockTimeoutMs: 30_000 });
  await store.open();
  return store;
}

describe("the file store reads a file from the disk", () => {
  test("once while it is unchanged, and again once it changed", async () => {
    await writeFile(join(home, "MEMORY.md"), "first text\n");
    const store = await openStore();
    expect(await store.read("MEMORY.md")).toBe("first text\n");
    expect(await store.read("MEMORY.md")).toBe("first text\n");
    expect(await store.read("MEMORY.md")).toBe("first text\n");
    expect(readsOf("MEMORY.md")).toBe(1);
    await writeFile(join(home, "MEMORY.md"), "second text, longer\n");
    expect(await store.read("MEMORY.md")).toBe("second text, longer\n");
    expect(await store.read("MEMORY.md")).toBe("second text, longer\n");
    expect(readsOf("MEMORY.md")).toBe(2);
  });

  test("an empty file is kept too", async () => {
    await writeFile(join(home, "empty.md"), "");
    const store = await openStore();
    expect(await store.read("empty.md")).toBe("");
    expect(await store.read("empty.md")).toBe("");
    expect(readsOf("empty.md")).toBe(1);
  });

  test("not at all after the store wrote a large file, and once after it wrote a small one", async () => {
    const store = await openStore();
    const large = `large\n${"x".repeat(20_000)}`;
    await store.transaction(async (staged) => {
      await staged.write("large.md", large);
      await staged.write("small.md", "small\n");
    });
    expect(await store.read("large.md")).toBe(large);
    expect(await store.read("small.md")).toBe("small\n");
    expect(await store.read("small.md")).toBe("small\n");
    expect([readsOf("large.md"), readsOf("small.md")]).toEqual([0, 1]);
  });
});

describe("the read-text cache", () => {
  test("gives back a text only for the stamp it was kept with", () => {
    const cache = new ReadTextCache();
    cache.set("/home/a.md", "stamp-1", "text");
    expect(cache.get("/home/a.md", "stamp-1")).toBe("text");
    expect(cache.get("/home/b.md", "stamp-1")).toBeUndefined();
    expect(cache.get("/home/a.md", "stamp-2")).toBeUndefined();
  });

  test("drops a text whose file changed, even if the old stamp comes back", () => {
    const cache = new ReadTextCache();
    cache.set("/home/a.md", "stamp-1", "text");
    expect(cache.get("/home/a.md", "stamp-2")).toBeUndefined();
    expect(cache.get("/home/a.md", "stamp-1")).toBeUndefined();
  });

  test("forgets a text when told to", () => {
    const cache = new ReadTextCache();
    cache.set("/home/a.md", "stamp-1", "text");
    cache.forget("/home/a.md");
    expect(cache.get("/home/a.md", "stamp-1")).toBeUndefined();
  });

  test("keeps at most its size in characters, dropping the least recently used", () => {
    const cache = new ReadTextCache(10);
    cache.set("/home/a.md", "a", "aaaa");
    cache.set("/home/b.md", "b", "bbbb");
    expect(cache.get("/home/a.md", "a")).toBe("aaaa");
    cache.set("/home/c.md", "c", "cccc");
    expect(cache.get("/home/b.md", "b")).toBeUndefined();
    expect(cache.get("/home/a.md", "a")).toBe("aaaa");
    expect(cache.get("/home/c.md", "c")).toBe("cccc");
  });

  test("counts an empty text as one character", () => {
    const cache = new ReadTextCache(2);
    for (const name of ["a", "b", "c"]) cache.set(`/home/${name}.md`, name, "");
    expect(cache.get("/home/a.md", "a")).toBeUndefined();
    expect(cache.get("/home/b.md", "b")).toBe("");
    expect(cache.get("/home/c.md", "c")).toBe("");
  });

  test("keeps a MEMORY.md of a large home by default (16 million characters in all)", () => {
    const cache = new ReadTextCache();
    const memory = "m".repeat(4_000_000);
    for (const name of ["a", "b", "c", "d"]) cache.set(`/home/${name}.md`, name, memory);
    expect(["a", "b", "c", "d"].map((name) => cache.get(`/home/${name}.md`, name) === memory)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    cache.set("/home/e.md", "e", "e");
    expect(cache.get("/home/a.md", "a")).toBeUndefined();
  });
});
