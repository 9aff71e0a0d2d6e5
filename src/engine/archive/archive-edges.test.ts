import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { InMemoryDocumentStore } from "../../adapters/memory/in-memory-document-store.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";
import { archiveText } from "./archive.js";
import { parseArchiveChunks } from "./archive-chunks.js";

/**
 * The archive's edges as a person meets them on a real home: the archive file's exact bytes, the
 * order and pages of the listing, ids typed by hand, and what a restore puts back where.
 */
let memory: MemoryHome;
let home = "";

afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

const at = new Date(2026, 0, 2, 3, 4);

async function open(config: Parameters<typeof openTestMemory>[0] = {}) {
  ({ memory, home } = await openTestMemory({
    now: () => at,
    ...config,
    config: { search: { embedder: "none" }, ...config.config },
  }));
}

const read = (path: string) => readFile(join(home, path), "utf8").catch(() => undefined);

async function writeArchive(path: string, text: string) {
  await mkdir(join(home, path, ".."), { recursive: true });
  await writeFile(join(home, path), text);
}

const marker = (source: string, when: string, reason = "section removed") =>
  `<!-- mnemo archived from ${source} at ${when}: ${reason} -->`;

describe("the archive file", () => {
  test("holds each piece after its marker line, one blank line apart, its trailing blank lines dropped", async () => {
    await open();
    await memory.profile.add("user", "Pets", "A cat.");
    const first = await memory.profile.remove("user", "Pets");
    expect(first.archived).toEqual([
      { path: "archive/USER.md", reason: "section removed", characters: "## Pets\nA cat.".length },
    ]);
    await memory.profile.add("user", "Pets", "A dog.");
    await memory.profile.remove("user", "Pets");
    expect(await read("archive/USER.md")).toBe(
      `${marker("USER.md", "2026-01-02 03:04")}\n## Pets\nA cat.\n\n${marker("USER.md", "2026-01-02 03:04")}\n## Pets\nA dog.\n`,
    );
  });

  test("appended to a file edited by hand: a blank line is put between, never two", async () => {
    await open();
    for (const [before, joined] of [
      ["a note", "a note\n\n"],
      ["a note\n", "a note\n\n"],
      ["a note\n\n", "a note\n\n"],
    ]) {
      await writeArchive("archive/USER.md", before ?? "");
      await memory.profile.add("user", "Pets", "A cat.");
      await memory.profile.remove("user", "Pets");
      expect(await read("archive/USER.md")).toBe(
        `${joined}${marker("USER.md", "2026-01-02 03:04")}\n## Pets\nA cat.\n`,
      );
    }
  });

  test("nothing but blank text archives nothing: no file, no piece", async () => {
    const store = new InMemoryDocumentStore();
    const archived = await store.transaction((writer) =>
      archiveText(writer, { sourcePath: "USER.md", chunks: ["", " \n\n"], reason: "trimmed", now: at }),
    );
    expect(archived).toEqual([]);
    expect(await store.read("archive/USER.md")).toBeUndefined();
    const some = await store.transaction((writer) =>
      archiveText(writer, { sourcePath: "USER.md", chunks: ["", "kept\n\n\n"], reason: "trimmed", now: at }),
    );
    expect(some).toEqual([{ path: "archive/USER.md", reason: "trimmed", characters: 7 }]);
    expect(await store.read("archive/USER.md")).toBe(
      `${marker("USER.md", "2026-01-02 03:04", "trimmed")}\nkept\n`,
    );
  });
});

describe("archive ids", () => {
  test("stay the same from one mnemo version to the next: an id a person noted still names its piece", () => {
    // The hash of source, minute, reason and text; pinned, since archive files outlive versions.
    const [chunk] = parseArchiveChunks(
      `${marker("USER.md", "2026-01-02 03:04")}\n## Pets\nA cat.\n`,
      "USER.md",
    );
    expect(chunk?.id).toBe("be14228a796dce36");
    const [unmarked] = parseArchiveChunks("# 2025-12-01\nmoved house\n", "daily/2025-12-01.md");
    expect(unmarked?.id).toBe("903d11165ab752ae");
  });

  test("blank lines before the first marker are no piece of their own", () => {
    const text = `\n  \n${marker("USER.md", "2026-01-02 03:04")}\n## Pets\nA cat.\n`;
    expect(parseArchiveChunks(text, "USER.md").map((chunk) => [chunk.text, chunk.start])).toEqual([
      ["## Pets\nA cat.", 4],
    ]);
  });

  test("the same piece twice in one minute: its full id names the first, a start of it names both and is refused", async () => {
    await open();
    for (const _ of [1, 2]) {
      await memory.profile.add("user", "Pets", "A cat.");
      await memory.profile.remove("user", "Pets");
    }
    const { items } = await memory.archive.list();
    const [later, earlier] = items;
    const id = earlier?.id ?? "";
    expect(later?.id).toBe(`${id}-2`);
    expect(await memory.archive.get(id)).toEqual(earlier);
    expect(await memory.archive.get(`${id}-2`)).toEqual(later);
    await expect(memory.archive.get(id.slice(0, 8))).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: `The id ${id.slice(0, 8)} starts 2 archived texts (${id}-2, ${id}); give more of it.`,
    });
  });

  test('the second copy of a piece is found and restored by the id the listing shows ("<id>-2"), not refused as no id', async () => {
    await open();
    for (const _ of [1, 2]) {
      await memory.profile.add("user", "Pets", "A cat.");
      await memory.profile.remove("user", "Pets");
    }
    const [later, earlier] = (await memory.archive.list()).items;
    expect(await memory.archive.get(` ${later?.id.toUpperCase()} `)).toEqual(later);
    expect(await memory.archive.restore({ id: later?.id ?? "" })).toMatchObject({ names: ["Pets"] });
    expect((await memory.archive.list()).items.map((item) => item.id)).toEqual([earlier?.id]);
  });

  test("an id with anything but hex digits, before or after them, is refused as no id", async () => {
    await open();
    await memory.profile.add("user", "Pets", "A cat.");
    await memory.profile.remove("user", "Pets");
    const [item] = (await memory.archive.list()).items;
    const start = item?.id.slice(0, 6) ?? "";
    for (const wrong of [`zz${start}`, `${start}zz`, "abc"])
      await expect(memory.archive.get(wrong)).rejects.toMatchObject({
        code: "INVALID_INPUT",
        message: `"${wrong}" is not an archive id: give the id the archive listing shows (hex digits, at least the first 4).`,
      });
    expect(await memory.archive.get(start.slice(0, 4))).toEqual(item);
  });
});

describe("the listing", () => {
  test("newest first across files; text without a marker comes last, with the source its file names", async () => {
    await open();
    await writeArchive("archive/daily/2025-12-01.md", `# 2025-12-01\n\n## Sessions\n- moved house\n`);
    await writeArchive(
      "archive/USER.md",
      `${marker("USER.md", "2025-12-05 10:00")}\n## Old\nold\n\n${marker("USER.md", "2025-12-07 10:00")}\n## New\nnew\n`,
    );
    await writeArchive("archive/SOUL.md", `${marker("SOUL.md", "2025-12-06 10:00")}\n## Mid\nmid\n`);
    await writeArchive("archive/notes.txt", `${marker("notes.txt", "2025-12-08 10:00")}\n## Not listed\nx\n`);
    const { items, total } = await memory.archive.list();
    expect(total).toBe(4);
    expect(items.map((item) => [item.path, item.source, item.archivedAt, item.text])).toEqual([
      ["archive/USER.md", "USER.md", "2025-12-07 10:00", "## New\nnew"],
      ["archive/SOUL.md", "SOUL.md", "2025-12-06 10:00", "## Mid\nmid"],
      ["archive/USER.md", "USER.md", "2025-12-05 10:00", "## Old\nold"],
      [
        "archive/daily/2025-12-01.md",
        "daily/2025-12-01.md",
        undefined,
        "# 2025-12-01\n\n## Sessions\n- moved house",
      ],
    ]);
    expect(items[3]).toMatchObject({
      restorable: false,
      restoreNote: "a daily log of an earlier day: only today's log is written; read it here",
    });
    expect(items[0]).not.toHaveProperty("restoreNote");
  });

  test("a page is the 100 newest unless asked; it is truncated exactly when more follow", async () => {
    await open();
    const pieces = Array.from(
      { length: 101 },
      (_, index) =>
        `${marker("USER.md", `2025-12-01 ${String(Math.floor(index / 60)).padStart(2, "0")}:${String(index % 60).padStart(2, "0")}`)}\n## S${index}\ns\n`,
    );
    await writeArchive("archive/USER.md", pieces.join("\n"));
    const first = await memory.archive.list();
    expect(first).toMatchObject({ total: 101, offset: 0, truncated: true });
    expect(first.items).toHaveLength(100);
    expect(first.items[0]?.text).toBe("## S100\ns");
    const rest = await memory.archive.list({ offset: 1 });
    expect(rest).toMatchObject({ total: 101, offset: 1, truncated: false });
    expect(rest.items).toHaveLength(100);
    expect(rest.items.at(-1)?.text).toBe("## S0\ns");
    expect(await memory.archive.list({ offset: 100, limit: 1 })).toMatchObject({ truncated: false });
    expect(await memory.archive.list({ offset: 99, limit: 1 })).toMatchObject({ truncated: true });
  });
});

describe("a restore", () => {
  test("outside archive/ is refused, naming the path", async () => {
    await open();
    await expect(memory.archive.restore({ path: "USER.md", id: "abcd" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: '"USER.md" is not in archive/: give an archive file\'s path.',
    });
    await expect(memory.archive.restore({ path: "archived/USER.md", id: "abcd" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  test("with credentials set to redact, brings the text back redacted", async () => {
    await open({ config: { secrets: "redact" } });
    await writeArchive(
      "archive/USER.md",
      `${marker("USER.md", "2026-01-01 10:00")}\n## Keys\nghp_0123456789abcdefghijklmnopqrstuvwxyzAB\n`,
    );
    const [item] = (await memory.archive.list()).items;
    await memory.archive.restore({ id: item?.id ?? "" });
    const user = await read("USER.md");
    expect(user).toContain("## Keys\n[REDACTED:");
    expect(user).not.toContain("ghp_");
    expect(await read("archive/USER.md")).toBeUndefined();
  });

  test("a section named like MEMORY.md's own goes back into USER.md; into MEMORY.md a section goes before mnemo's", async () => {
    await open();
    await writeArchive("archive/USER.md", `${marker("USER.md", "2026-01-01 10:00")}\n## Memories\nmine\n`);
    const [user] = (await memory.archive.list()).items;
    expect(user).toMatchObject({ restorable: true });
    expect(await memory.archive.restore({ id: user?.id ?? "" })).toMatchObject({
      kind: "sections",
      names: ["Memories"],
    });
    expect(await read("USER.md")).toContain("## Memories\nmine\n");

    await memory.memories.save({ type: "user", name: "Pet", description: "cat", content: "A cat." });
    await writeArchive("archive/MEMORY.md", `${marker("MEMORY.md", "2026-01-01 10:00")}\n## Notes\nnoted\n`);
    const [notes] = (await memory.archive.list()).items;
    await memory.archive.restore({ id: notes?.id ?? "" });
    const index = (await read("MEMORY.md")) ?? "";
    expect(index.indexOf("## Notes\nnoted")).toBeGreaterThan(-1);
    expect(index.indexOf("## Notes")).toBeLessThan(index.indexOf("## Memories"));
  });

  test("sections with nothing under them are left out; only empty ones are not restorable", async () => {
    await open();
    await writeArchive(
      "archive/USER.md",
      `${marker("USER.md", "2026-01-01 10:00")}\n## Empty\n\n## Pets\nA cat.\n\n${marker("USER.md", "2026-01-01 11:00")}\n## Nothing\n\n## Here\n`,
    );
    const [empty, pets] = (await memory.archive.list()).items;
    expect(empty).toMatchObject({
      restorable: false,
      restoreNote: "the archived sections are empty: there is nothing to restore",
    });
    expect(await memory.archive.restore({ id: pets?.id ?? "" })).toMatchObject({ names: ["Pets"] });
    const user = (await read("USER.md")) ?? "";
    expect(user).toContain("## Pets\nA cat.");
    expect(user).not.toContain("## Empty");
  });

  test("of a memory held under another type archives that one and leaves one index line", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "Pet", description: "a cat", content: "A cat." });
    await memory.memories.delete("Pet");
    await memory.memories.save({ type: "feedback", name: "Pet", description: "a dog", content: "A dog." });
    const [deleted] = (await memory.archive.list()).items.filter((item) => item.text.includes("A cat."));
    const restored = await memory.archive.restore({ id: deleted?.id ?? "" });
    expect(restored).toMatchObject({
      path: "memories/user_pet.md",
      archived: [expect.objectContaining({ path: "archive/memories/feedback_pet.md" })],
    });
    expect(await read("memories/feedback_pet.md")).toBeUndefined();
    const index = (await read("MEMORY.md")) ?? "";
    expect(index).toContain("- [Pet](memories/user_pet.md) — a cat");
    expect(index).not.toContain("feedback_pet");
  });
});
