import { chmod, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openMemory } from "../../open-memory.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { FsDocumentStore } from "./fs-document-store.js";

/**
 * The file store as the engine sees it: what listings skip (never followed, never fatal, told
 * once), and file-system errors that reach a caller as MnemoErrors naming the file.
 */
let root = "";
let home = "";
let warnings: string[] = [];
let memory: MemoryHome;

async function open(): Promise<void> {
  root = await makeTempDir("mnemo-store-");
  home = join(root, "home");
  warnings = [];
  const config = { search: { embedder: "none" as const } };
  memory = await openMemory({ home, env: {}, config, onWarning: (message) => warnings.push(message) });
}
afterEach(async () => {
  await memory?.close();
  await removeDir(root);
});

const SECRET = "---\nname: Secret\ntype: user\n---\n\nTOP-SECRET text outside the home\n";

describe("symbolic links in the home's folders", () => {
  test("are skipped by list, recall, topics, dailies and doctor with one warning each, never followed", async () => {
    await open();
    await memory.memories.save({ type: "feedback", name: "Tabs", content: "Indent with tabs." });
    await memory.journal.add("user_pref", "Answers in French.");
    await writeFile(join(root, "secret.md"), SECRET);
    await mkdir(join(home, "daily"));
    for (const link of ["memories/user_secret.md", "topics/leak.md", "daily/2026-11-22.md"])
      await symlink(join(root, "secret.md"), join(home, link));
    expect((await memory.memories.list()).memories.map((each) => each.name)).toEqual(["Tabs"]);
    expect((await memory.recall("secret text outside tabs")).hits.map((hit) => hit.path)).not.toContain(
      "memories/user_secret.md",
    );
    expect(JSON.stringify(await memory.recall("TOP-SECRET"))).not.toContain("TOP-SECRET");
    expect(await memory.journal.topics()).not.toContain("leak");
    expect(await memory.daily.recent()).toEqual([]);
    expect((await memory.doctor()).problems).toEqual([]);
    expect(await memory.buildContext()).not.toContain("TOP-SECRET");
    for (const link of ["memories/user_secret.md", "topics/leak.md", "daily/2026-11-22.md"]) {
      const told = warnings.filter((warning) => warning.includes(join(home, link)));
      expect(told, link).toHaveLength(1);
      expect(told[0]).toContain("is skipped: it is a symbolic link");
    }
  });

  test("a link to a file inside the home is skipped too: only regular files are memories", async () => {
    await open();
    await memory.memories.save({ type: "feedback", name: "Tabs", content: "Indent with tabs." });
    await symlink(join(home, "memories/feedback_tabs.md"), join(home, "memories/feedback_copy.md"));
    expect((await memory.memories.list()).memories.map((each) => each.path)).toEqual([
      "memories/feedback_tabs.md",
    ]);
  });
});

describe("folder stamps, which every recall takes of each indexed folder", () => {
  test("a folder linked outside the home is refused, and recall says so instead of searching it", async () => {
    await open();
    await mkdir(join(root, "elsewhere"));
    await writeFile(join(root, "elsewhere", "leak.md"), "# Leak\n\nTOP-SECRET text outside the home\n");
    await symlink(join(root, "elsewhere"), join(home, "topics"));
    const store = new FsDocumentStore({ home, lockTimeoutMs: 1000 });
    await expect(store.folderStamp("topics")).rejects.toThrow(
      `Refusing to list ${join(home, "topics")}: it is a symbolic link to ${join(root, "elsewhere")}, outside the memory home`,
    );
    await expect(memory.recall("TOP-SECRET")).rejects.toMatchObject({ code: "OUTSIDE_HOME" });
  });

  test("a folder linked inside the home has the stamp of its target, so a write there is searched next", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "Garden", content: "Planted tulips by the fence." });
    await mkdir(join(home, "daily-real"));
    await symlink(join(home, "daily-real"), join(home, "daily"));
    const store = new FsDocumentStore({ home, lockTimeoutMs: 1000 });
    const before = await store.folderStamp("daily");
    expect(await store.folderStamp("memories")).toMatch(/^\d+:\d+$/);
    expect(await memory.recall("heron pond")).toMatchObject({ hits: [] });
    await writeFile(join(home, "daily-real", "2026-11-24.md"), "# 2026-11-24\n\nA heron visited the pond.\n");
    expect(await store.folderStamp("daily")).not.toBe(before);
    expect((await memory.recall("heron pond")).hits.map((hit) => hit.path)).toEqual(["daily/2026-11-24.md"]);
  });
});

describe.skipIf(process.getuid?.() === 0)("unreadable files (not as root, who reads everything)", () => {
  test("are skipped with a warning naming the file", async () => {
    await open();
    await memory.memories.save({ type: "feedback", name: "Tabs", content: "Indent with tabs." });
    await writeFile(join(home, "memories/user_locked.md"), SECRET);
    await chmod(join(home, "memories/user_locked.md"), 0o000);
    expect((await memory.memories.list()).memories.map((each) => each.name)).toEqual(["Tabs"]);
    expect(warnings.join("\n")).toContain(
      `${join(home, "memories/user_locked.md")} is skipped: it cannot be read`,
    );
  });
});

describe("file-system errors reach the caller as MnemoErrors naming the file and what to do", () => {
  test.each([
    ["a name too long for the file system", `topics/${"a".repeat(300)}.md`, /too long for the file system/],
    ["a folder where a file is expected", "topics/folder.md", /is a folder where mnemo expects a file/],
    ["a file where a folder is expected", "topics/file.md/x.md", undefined],
  ])("%s", async (_case, path, message) => {
    await open();
    await mkdir(join(home, "topics/folder.md"), { recursive: true });
    await writeFile(join(home, "topics/file.md"), "x");
    const store = new FsDocumentStore({ home, lockTimeoutMs: 1000 });
    const read = store.read(path);
    if (message === undefined)
      await expect(read).resolves.toBeUndefined(); // a path through a file reads as missing
    else await expect(read).rejects.toMatchObject({ name: "MnemoError", code: "IO", message });
    const write = store.transaction((writer) => writer.write(path, "text"));
    await expect(write).rejects.toMatchObject({ name: "MnemoError", code: "IO" });
    await expect(write).rejects.toThrow(
      path.startsWith("topics/file.md") ? /where a folder is expected/ : message,
    );
    expect(await readFile(join(home, "topics/file.md"), "utf8")).toBe("x");
  });
});
