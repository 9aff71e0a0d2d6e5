import { spawn } from "node:child_process";
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, test } from "vitest";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../testing/test-home.js";
import { FsDocumentStore } from "./fs-document-store.js";

/**
 * The read-text cache (read-text-cache.ts) never serves text another writer has replaced: another
 * store on the same home, another process, or a program writing the file in place, each changing
 * the file to a text of the same size right after this store read or wrote it.
 */
let home = "";
afterEach(async () => {
  await removeDir(home);
});

async function openStore(): Promise<FsDocumentStore> {
  const store = new FsDocumentStore({ home, lockTimeoutMs: 30_000 });
  await store.open();
  return store;
}

/** A text of fixed length that differs with `round`: large ones are kept on write as well as on read. */
function text(round: number, writer: string, large: boolean): string {
  const head = `${writer} ${String(round).padStart(6, "0")}\n`;
  return large ? head + "x".repeat(40_000) : head;
}

describe("the file store's read-text cache", () => {
  test.each([
    ["large", true],
    ["small", false],
  ])("another store on the same home sees every %s write at once", async (_size, large) => {
    home = await makeTempDir("mnemo-read-cache-");
    const [first, second] = [await openStore(), await openStore()];
    for (let round = 0; round < 150; round++) {
      const [writer, reader] = round % 2 === 0 ? [first, second] : [second, first];
      const written = text(round, round % 2 === 0 ? "first" : "second", large);
      expect(await reader.read("MEMORY.md")).not.toBe(written);
      await writer.transaction((staged) => staged.write("MEMORY.md", written));
      expect(await reader.read("MEMORY.md")).toBe(written);
      expect(await writer.read("MEMORY.md")).toBe(written);
    }
  });

  test("a file rewritten in place, or renamed over, with the same size is read again", async () => {
    home = await makeTempDir("mnemo-read-cache-");
    const store = await openStore();
    const absolute = join(home, "MEMORY.md");
    for (let round = 0; round < 200; round++) {
      await store.transaction((staged) => staged.write("MEMORY.md", text(round, "store", true)));
      expect(await store.read("MEMORY.md")).toBe(text(round, "store", true));
      const other = text(round, "other", true);
      if (round % 2 === 0) await writeFile(absolute, other);
      else {
        await writeFile(`${absolute}.next`, other);
        await rename(`${absolute}.next`, absolute);
      }
      expect(await store.read("MEMORY.md")).toBe(other);
    }
  });

  test("another process's writes are seen at once", async () => {
    home = await makeTempDir("mnemo-read-cache-");
    const store = await openStore();
    const script = `
      const { FsDocumentStore } = await import(${JSON.stringify(join(REPOSITORY_ROOT, "src/adapters/fs/fs-document-store.ts"))});
      const { createInterface } = await import("node:readline");
      const store = new FsDocumentStore({ home: ${JSON.stringify(home)}, lockTimeoutMs: 30000 });
      await store.open();
      console.log("ready");
      for await (const line of createInterface({ input: process.stdin })) {
        await store.transaction((staged) => staged.write("MEMORY.md", JSON.parse(line)));
        console.log("written");
      }`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: REPOSITORY_ROOT,
      stdio: ["pipe", "pipe", "inherit"],
    });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    try {
      expect((await lines.next()).value).toBe("ready");
      for (let round = 0; round < 40; round++) {
        const large = round % 4 < 2;
        await store.transaction((staged) => staged.write("MEMORY.md", text(round, "parent", large)));
        expect(await store.read("MEMORY.md")).toBe(text(round, "parent", large));
        child.stdin.write(`${JSON.stringify(text(round, "child!", large))}\n`);
        expect((await lines.next()).value).toBe("written");
        expect(await store.read("MEMORY.md")).toBe(text(round, "child!", large));
      }
    } finally {
      child.stdin.end();
      await new Promise((resolve) => child.once("close", resolve));
    }
  }, 60_000);
});
