import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { InMemoryDocumentStore } from "../../adapters/memory/in-memory-document-store.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { configSchema } from "../config/schema.js";
import type { MemoryHome } from "../memory-home.js";
import { listArchive } from "./archive-browser.js";

/** Listing and restoring the archive on a real home: files, MEMORY.md's index, budgets, search. */
let memory: MemoryHome;
let home = "";

afterEach(async () => {
  await memory.close();
  await removeDir(home);
});

async function open(config: Parameters<typeof openTestMemory>[0] = {}) {
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } }, ...config }));
}

const read = (path: string) => readFile(join(home, path), "utf8").catch(() => undefined);

describe("the archive", () => {
  test("a forgotten memory comes back byte for byte, with its index line, found by search, and leaves the archive", async () => {
    await open();
    await memory.memories.save({
      type: "user",
      name: "Owns a cat",
      description: "Miso",
      content: "A cat, Miso.",
    });
    const before = await read("memories/user_owns-a-cat.md");
    await memory.memories.delete("Owns a cat");
    const { items, total } = await memory.archive.list();
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      path: "archive/memories/user_owns-a-cat.md",
      source: "memories/user_owns-a-cat.md",
      reason: "deleted",
      restorable: true,
      text: before?.trimEnd(),
    });
    const restored = await memory.archive.restore({ path: items[0]?.path ?? "", id: items[0]?.id ?? "" });
    expect(restored).toEqual({
      path: "memories/user_owns-a-cat.md",
      kind: "memory",
      names: ["Owns a cat"],
      archived: [],
    });
    expect(await read("memories/user_owns-a-cat.md")).toBe(before);
    expect(await read("MEMORY.md")).toContain("- [Owns a cat](memories/user_owns-a-cat.md) — Miso");
    expect(await read("archive/memories/user_owns-a-cat.md")).toBeUndefined();
    expect((await memory.archive.list()).total).toBe(0);
    expect((await memory.recall("Miso")).hits.map((hit) => hit.path)).toContain(
      "memories/user_owns-a-cat.md",
    );
  });

  test("restoring over a newer version archives the newer one: nothing is lost either way", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "Pet", content: "A cat." });
    await memory.memories.save({ type: "user", name: "Pet", content: "A dog." });
    const [old] = (await memory.archive.list()).items;
    const restored = await memory.archive.restore({ path: old?.path ?? "", id: old?.id ?? "" });
    expect(restored.archived).toEqual([expect.objectContaining({ path: "archive/memories/user_pet.md" })]);
    expect((await memory.memories.get("Pet")).content).toBe("A cat.");
    const [displaced, ...rest] = (await memory.archive.list()).items;
    expect(rest).toEqual([]);
    expect(displaced).toMatchObject({ reason: "replaced by a restore from the archive" });
    expect(displaced?.text).toContain("A dog.");
  });

  test("a removed section goes back into its file when it fits; a restore that cannot fit is refused and stays in the archive", async () => {
    await open({ config: { search: { embedder: "none" }, budgets: { user: 120 } } });
    await memory.profile.add("user", "Pets", "A cat named Miso.");
    await memory.profile.remove("user", "Pets");
    const [removed] = (await memory.archive.list()).items;
    expect(removed).toMatchObject({ source: "USER.md", reason: "section removed", restorable: true });
    await memory.profile.add("user", "Name", `Grace ${"x".repeat(70)}`);
    const target = { path: removed?.path ?? "", id: removed?.id ?? "" };
    // Restoring would push USER.md over its budget, and nothing older of ## Pets could make room.
    await expect(memory.archive.restore(target)).rejects.toMatchObject({
      code: "TOO_LARGE",
      message: expect.stringContaining("the change to ## Pets does not fit in USER.md"),
    });
    expect((await memory.archive.list()).total).toBe(1);
    await memory.profile.replace("user", { section: "Name", oldText: "x".repeat(70), newText: "Hopper" });
    const restored = await memory.archive.restore(target);
    expect(restored).toMatchObject({ kind: "sections", path: "USER.md", names: ["Pets"], archived: [] });
    expect(restored.usage?.characters).toBeLessThanOrEqual(120);
    expect(await read("USER.md")).toContain("## Pets\nA cat named Miso.\n");
    expect((await memory.archive.list()).total).toBe(0);
  });

  test("what cannot be restored says why and changes nothing; a stale id is not found", async () => {
    await open({ config: { search: { embedder: "none" }, budgets: { user: 40 } } });
    // One section written by hand past the budget: doctor --fix cuts its last lines.
    await writeFile(join(home, "USER.md"), "# User\n\n## Notes\none\ntwo\nthree\nfour\nfive\nsix\nseven\n");
    await memory.doctor({ fix: true });
    const [trimmed] = (await memory.archive.list()).items;
    expect(trimmed).toMatchObject({
      restorable: false,
      restoreNote: expect.stringMatching(/cannot tell which section/),
    });
    const archive = await read("archive/USER.md");
    const target = { path: trimmed?.path ?? "", id: trimmed?.id ?? "" };
    await expect(memory.archive.restore(target)).rejects.toMatchObject({ code: "INVALID_INPUT" });
    expect(await read("archive/USER.md")).toBe(archive);
    await expect(memory.archive.restore({ ...target, id: "0000000000000000" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringMatching(/List the archive again/),
    });
    await expect(memory.archive.restore({ path: "USER.md", id: target.id })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  test("a credential written into the archive by hand is refused on the way back", async () => {
    await open();
    await writeFile(join(home, "USER.md"), "# User\n\n");
    await memory.store.transaction((writer) =>
      writer.write(
        "archive/USER.md",
        "<!-- mnemo archived from USER.md at 2026-01-01 10:00: section removed -->\n## Keys\nghp_0123456789abcdefghijklmnopqrstuvwxyzAB\n",
      ),
    );
    const [item] = (await memory.archive.list()).items;
    await expect(
      memory.archive.restore({ path: item?.path ?? "", id: item?.id ?? "" }),
    ).rejects.toMatchObject({
      code: "SECRET_DETECTED",
    });
    expect(await read("USER.md")).toBe("# User\n\n");
    expect((await memory.archive.list()).total).toBe(1);
  });

  test("an archived text is found by its id or the start of it, and restored by its id alone", async () => {
    await open();
    await memory.profile.add("user", "Pets", "A cat named Miso.");
    await memory.profile.remove("user", "Pets");
    const [item] = (await memory.archive.list()).items;
    const id = item?.id ?? "";
    expect(await memory.archive.get(id)).toEqual(item);
    expect(await memory.archive.get(` ${id.slice(0, 4).toUpperCase()} `)).toEqual(item);
    for (const wrong of ["abc", "zzzz", ""])
      await expect(memory.archive.get(wrong)).rejects.toMatchObject({
        code: "INVALID_INPUT",
        message: expect.stringContaining("at least the first 4"),
      });
    const other = id.startsWith("0") ? "ffff" : "0000";
    await expect(memory.archive.get(other)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const restored = await memory.archive.restore({ id: id.slice(0, 8) });
    expect(restored).toMatchObject({ kind: "sections", path: "USER.md", names: ["Pets"] });
    expect(await read("USER.md")).toContain("## Pets\nA cat named Miso.");
    expect((await memory.archive.list()).total).toBe(0);
  });

  test("a memory written into the archive by hand comes back only through the checks of a save", async () => {
    await open();
    const archived = (body: string, description = "d") =>
      `<!-- mnemo archived from memories/user_big.md at 2026-01-01 10:00: deleted -->\n---\nname: Big\ndescription: ${description}\ntype: user\n---\n\n${body}\n`;
    for (const [text, code, message] of [
      [archived("b".repeat(20_001)), "TOO_LARGE", /20001 characters; the limit is 20000/],
      [archived("fine", "d".repeat(301)), "TOO_LARGE", /description of "Big"/],
      [archived(""), "INVALID_INPUT", /has no content/],
    ] as const) {
      await memory.store.transaction((writer) => writer.write("archive/memories/user_big.md", text));
      const [item] = (await memory.archive.list()).items;
      await expect(memory.archive.restore({ id: item?.id ?? "" })).rejects.toMatchObject({
        code,
        message: expect.stringMatching(message),
      });
      expect(await read("memories/user_big.md")).toBeUndefined();
      expect(await read("archive/memories/user_big.md")).toBe(text);
    }
    await memory.store.transaction((writer) =>
      writer.write("archive/memories/user_big.md", archived("b".repeat(20_000))),
    );
    const [item] = (await memory.archive.list()).items;
    expect(await memory.archive.restore({ id: item?.id ?? "" })).toMatchObject({
      kind: "memory",
      names: ["Big"],
    });
  });

  test("pieces archived in the same minute come in the same order whatever order the store lists its files in", async () => {
    const listed = async (store: InMemoryDocumentStore) => {
      await store.transaction(async (writer) => {
        for (const file of ["USER.md", "SOUL.md", "MEMORY.md"])
          await writer.write(
            `archive/${file}`,
            `<!-- mnemo archived from ${file} at 2026-01-01 10:00: section removed -->\n## A\na\n`,
          );
      });
      const context = { store, config: configSchema.parse({}), now: () => new Date(), warn: () => undefined };
      const pages = [
        await listArchive(context, { limit: 2 }),
        await listArchive(context, { offset: 2, limit: 2 }),
      ];
      return pages.flatMap((page) => page.items.map((item) => item.source));
    };
    const byName = await listed(new InMemoryDocumentStore());
    expect(byName).toEqual(["USER.md", "SOUL.md", "MEMORY.md"]);
    // A database lists rows in no promised order: here, the reverse of the names.
    expect(await listed(new ReversedListing())).toEqual(byName);
  });
});

class ReversedListing extends InMemoryDocumentStore {
  override async list(...args: Parameters<InMemoryDocumentStore["list"]>) {
    return (await super.list(...args)).reverse();
  }
}

describe("a restore by a writer that replaces only its own agent's memories", () => {
  const deploys = (content: string) => ({
    type: "project" as const,
    name: "Deploys",
    description: "When",
    content,
  });
  const restoreNewest = async (writer: MemoryHome) => {
    const [item] = (await memory.archive.list()).items;
    return writer.archive.restore({ path: item?.path ?? "", id: item?.id ?? "" });
  };

  test("brings back its own agent's memory; another agent's, or nobody's, is refused before anything changes", async () => {
    await open();
    const alice = memory.writingAs({ agent: "alice" }, { replacesOnlyOwn: true });
    const bob = memory.writingAs({ agent: "bob" });
    await bob.memories.save(deploys("Fridays."));
    await bob.memories.delete("Deploys");
    await expect(restoreNewest(alice)).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message:
        'The archived memory "Deploys" would bring back or replace a memory agent "bob" wrote, and this writer (agent "alice") may replace only its own agent\'s memories.',
    });
    expect((await memory.archive.list()).total).toBe(1);
    expect(await read("memories/project_deploys.md")).toBeUndefined();

    await memory.memories.save({ ...deploys("Mondays."), name: "Nobody's" });
    await memory.memories.delete("Nobody's");
    await expect(restoreNewest(alice)).rejects.toMatchObject({
      message: expect.stringContaining('a memory nobody named wrote, and this writer (agent "alice")'),
    });

    // Without the limit, the same restore goes through.
    expect(await restoreNewest(bob)).toMatchObject({ kind: "memory", names: ["Nobody's"] });
    await alice.memories.save(deploys("Tuesdays."));
    await alice.memories.delete("Deploys");
    const [own] = (await memory.archive.list()).items.filter((item) => item.text.includes("Tuesdays"));
    expect(await alice.archive.restore({ path: own?.path ?? "", id: own?.id ?? "" })).toMatchObject({
      kind: "memory",
      names: ["Deploys"],
    });
    expect(await read("memories/project_deploys.md")).toContain("agent: alice");
  });

  test("refuses a restore of its own memory that would push out another agent's memory of that name", async () => {
    await open();
    const alice = memory.writingAs({ agent: "alice" }, { replacesOnlyOwn: true });
    const bob = memory.writingAs({ agent: "bob" });
    await alice.memories.save(deploys("Tuesdays."));
    await alice.memories.delete("Deploys");
    await bob.memories.save(deploys("Fridays, says Bob."));
    await expect(restoreNewest(alice)).rejects.toMatchObject({
      message: expect.stringContaining('a memory agent "bob" wrote'),
    });
    expect(await read("memories/project_deploys.md")).toContain("Fridays, says Bob.");
  });

  test("refuses a restore over a file at its path that another agent's memory of another name holds", async () => {
    await open();
    const alice = memory.writingAs({ agent: "alice" }, { replacesOnlyOwn: true });
    await alice.memories.save(deploys("Tuesdays."));
    await alice.memories.delete("Deploys");
    const bobs = "---\nname: Release days\ndescription: When\ntype: project\nagent: bob\n---\n\nFridays.\n";
    await writeFile(join(home, "memories", "project_deploys.md"), bobs);
    await expect(restoreNewest(alice)).rejects.toMatchObject({
      message: expect.stringContaining('a memory agent "bob" wrote'),
    });
    expect(await read("memories/project_deploys.md")).toBe(bobs);
  });

  test("restores a profile section as any writer: the memory check is for memories only", async () => {
    await open();
    await memory.profile.add("user", "Pets", "A cat, Miso.");
    await memory.profile.remove("user", "Pets");
    const alice = memory.writingAs({ agent: "alice" }, { replacesOnlyOwn: true });
    expect(await restoreNewest(alice)).toMatchObject({ kind: "sections", path: "USER.md", names: ["Pets"] });
  });
});
