import { mkdir, rename, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { FsDocumentStore } from "./fs-document-store.js";

/**
 * Issue 31: a session's start reads the headers of ~200 memories at once, and each read resolved
 * the home and memories/ to their real paths again (two realpath calls a file). Reads begun
 * together now share those checks; a read begun later checks again, so a folder swapped for a link
 * outside the home is still refused. The store's `realpath` is the real one, wrapped to be counted.
 */
const realpathCalls = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  const realpath = ((path: unknown, ...rest: unknown[]) => {
    realpathCalls.paths.push(String(path));
    return (actual.realpath as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof actual.realpath;
  return { ...actual, realpath, default: { ...actual, realpath } };
});

let parent = "";
let home = "";
const NAMES = Array.from({ length: 40 }, (_, serial) => `user_note-${serial}.md`);

beforeEach(async () => {
  parent = await makeTempDir("mnemo-shared-checks-");
  home = join(parent, "home");
  await mkdir(join(home, "memories"), { recursive: true });
  for (const name of NAMES)
    await writeFile(join(home, "memories", name), `---\nname: ${name}\n---\n\nbody\n`);
  realpathCalls.paths.length = 0;
});
afterEach(async () => {
  await removeDir(parent);
});

async function openStore(): Promise<FsDocumentStore> {
  const store = new FsDocumentStore({ home, lockTimeoutMs: 30_000 });
  await store.open();
  realpathCalls.paths.length = 0;
  return store;
}

describe("reads begun together share the checks of the home's folders", () => {
  test("40 header reads begun at once resolve the home and memories/ once each, and read every file", async () => {
    const store = await openStore();
    const heads = await Promise.all(NAMES.map((name) => store.readHead(`memories/${name}`, 20)));
    expect(heads).toEqual(NAMES.map((name) => `---\nname: ${name}\n---\n`.slice(0, 20)));
    expect(realpathCalls.paths.sort()).toEqual([home, join(home, "memories")].sort());
    const texts = await Promise.all(NAMES.slice(0, 5).map((name) => store.read(`memories/${name}`)));
    expect(texts.every((text) => text?.endsWith("body\n"))).toBe(true);
    expect(realpathCalls.paths).toHaveLength(4); // the second batch checked the folders once more
  });

  test("a read begun after the batch checks again: memories/ swapped for a link outside the home is refused", async () => {
    const store = await openStore();
    await Promise.all(NAMES.slice(0, 3).map((name) => store.readHead(`memories/${name}`, 20)));
    const outside = join(parent, "outside");
    await rename(join(home, "memories"), outside);
    await symlink(outside, join(home, "memories"));
    await expect(store.readHead(`memories/${NAMES[0]}`, 20)).rejects.toMatchObject({ code: "OUTSIDE_HOME" });
    const refusals = await Promise.allSettled(
      NAMES.slice(0, 3).map((name) => store.read(`memories/${name}`)),
    );
    // Every read of the batch is refused, each naming its own file.
    expect(refusals.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected"]);
    refusals.forEach((result, position) => {
      expect(result).toMatchObject({
        reason: { code: "OUTSIDE_HOME", message: expect.stringContaining(`${NAMES[position]}: its folder`) },
      });
    });
  });
});
