import { readdir, readFile, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

let now = new Date("2026-11-22T10:00:00Z");
let home = "";
let memory: MemoryHome;
let warnings: string[] = [];

async function open() {
  now = new Date("2026-11-22T10:00:00Z");
  ({ memory, home, warnings } = await openTestMemory({ now: () => now }));
}

afterEach(async () => removeDir(home));

describe("typed memories (seed 001)", () => {
  test("save writes one file with frontmatter and one index line", async () => {
    await open();
    const saved = await memory.memories.save({
      type: "feedback",
      name: "Prefers tabs",
      description: "Indent with tabs",
      content: "Use tabs.\n**Why:** taste.",
    });
    expect(saved).toMatchObject({ path: "memories/feedback_prefers-tabs.md", created: true });
    expect(await readFile(join(home, saved.path), "utf8")).toBe(
      "---\nname: Prefers tabs\ndescription: Indent with tabs\ntype: feedback\ncreated: 2026-11-22T10:00:00.000Z\nupdated: 2026-11-22T10:00:00.000Z\n---\n\nUse tabs.\n**Why:** taste.\n",
    );
    expect(await readFile(join(home, "MEMORY.md"), "utf8")).toBe(
      "# Memory\n\n## Memories\n- [Prefers tabs](memories/feedback_prefers-tabs.md) — Indent with tabs\n\n",
    );
  });

  test("saving again updates in place: one index line, created and unknown keys kept, old version archived", async () => {
    await open();
    await memory.memories.save({
      type: "user",
      name: "Go expert",
      description: "Senior Go dev",
      content: "Ten years of Go.",
    });
    const path = join(home, "memories/user_go-expert.md");
    const handEdited = (await readFile(path, "utf8")).replace(
      "type: user\n",
      "type: user\nowner: alice # keep\n",
    );
    await writeFile(path, handEdited);
    now = new Date("2026-11-23T10:00:00Z");
    const saved = await memory.memories.save({
      type: "user",
      name: "go expert",
      description: "Senior Go dev, new to React",
      content: "Ten years of Go; learning React.",
    });
    expect(saved.created).toBe(false);
    const text = await readFile(path, "utf8");
    expect(text).toContain("owner: alice # keep");
    expect(text).toContain("created: 2026-11-22T10:00:00.000Z");
    expect(text).toContain("updated: 2026-11-23T10:00:00.000Z");
    const index = await readFile(join(home, "MEMORY.md"), "utf8");
    expect(index.match(/user_go-expert\.md/g)).toHaveLength(1);
    expect(index).toContain("— Senior Go dev, new to React");
    expect(await readFile(join(home, "archive/memories/user_go-expert.md"), "utf8")).toContain(
      "Ten years of Go.\n",
    );
  });

  test("a re-save without a description keeps the description, unless it was only the old first line", async () => {
    await open();
    await memory.memories.save({
      type: "project",
      name: "Deploy",
      description: "How we ship",
      content: "make release",
    });
    await memory.memories.save({ type: "project", name: "Deploy", content: "make release-2\nthen tag" });
    expect((await memory.memories.get("Deploy")).description).toBe("How we ship");
    await memory.memories.save({ type: "project", name: "Notes", content: "first version" });
    await memory.memories.save({ type: "project", name: "Notes", content: "second version\nmore" });
    expect((await memory.memories.get("Notes")).description).toBe("second version");
  });

  test("saving a name under another type moves the memory: never two files for one name", async () => {
    await open();
    await memory.memories.save({ type: "project", name: "Deadline", content: "Ship on Friday." });
    await memory.memories.save({ type: "reference", name: "Deadline", content: "See the release calendar." });
    expect(await readdir(join(home, "memories"))).toEqual(["reference_deadline.md"]);
    const index = await readFile(join(home, "MEMORY.md"), "utf8");
    expect(index).not.toContain("project_deadline");
    expect((await memory.memories.get("Deadline")).type).toBe("reference");
  });

  test("delete removes the file and its index line; the file goes to the archive", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "A", content: "a" });
    await memory.memories.save({ type: "user", name: "B", content: "b" });
    const deleted = await memory.memories.delete("user_a.md");
    expect(deleted.path).toBe("memories/user_a.md");
    expect(await readdir(join(home, "memories"))).toEqual(["user_b.md"]);
    expect(await readFile(join(home, "MEMORY.md"), "utf8")).toBe(
      "# Memory\n\n## Memories\n- [B](memories/user_b.md) — b\n\n",
    );
    expect(await readFile(join(home, "archive/memories/user_a.md"), "utf8")).toContain("name: A");
    await expect(memory.memories.delete("A")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("scan reads heads, newest first, skips malformed files with a warning naming file and line", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "Old", content: "old" });
    await memory.memories.save({ type: "project", name: "New", content: "x".repeat(9000) });
    await utimes(join(home, "memories/user_old.md"), new Date("2026-11-01"), new Date("2026-11-01"));
    await writeFile(join(home, "memories/user_broken.md"), "---\nname: [unclosed\n---\nbody\n");
    const manifest = await memory.memories.list();
    expect(manifest.memories.map((entry) => entry.name)).toEqual(["New", "Old"]);
    expect(manifest.problems).toEqual([
      expect.objectContaining({ path: "memories/user_broken.md", line: expect.any(Number) }),
    ]);
    expect(warnings.join("\n")).toContain("user_broken.md line");
    expect((await memory.memories.list({ type: "project" })).memories.map((entry) => entry.name)).toEqual([
      "New",
    ]);
  });

  test("memories older than a day carry a staleness note", async () => {
    await open();
    await memory.memories.save({ type: "project", name: "Freeze", content: "Merge freeze." });
    expect((await memory.memories.get("Freeze")).staleness).toBeUndefined();
    now = new Date("2026-11-25T10:00:00Z");
    expect((await memory.memories.get("Freeze")).staleness).toMatch(/saved 3 days ago.*Verify/);
    expect((await memory.memories.list()).memories[0]?.staleness).toMatch(/3 days ago/);
  });

  test("extra frontmatter keys (provenance) are written, and mnemo's own keys cannot be overridden", async () => {
    await open();
    const input = { type: "user" as const, name: "Name", content: "The user is Ada." };
    await memory.memories.save({ ...input, frontmatter: { source_session: "s1" } });
    expect(await readFile(join(home, "memories/user_name.md"), "utf8")).toMatch(
      /updated: [^\n]+\nsource_session: s1\n---/,
    );
    for (const key of ["type", "created", "Bad-Key"]) {
      await expect(
        memory.memories.save({ ...input, frontmatter: { [key]: "x" } }),
        key,
      ).rejects.toMatchObject({
        code: "INVALID_INPUT",
        message: expect.stringContaining(`frontmatter key "${key}"`),
      });
    }
  });

  test("bad names and content get clear errors and write nothing", async () => {
    await open();
    for (const name of [
      "../evil",
      "a/b",
      "a\\b",
      "..",
      "MEMORY.md",
      "memory",
      "",
      "   ",
      "!!!",
      "x\ny",
      "n".repeat(101),
    ]) {
      await expect(memory.memories.save({ type: "user", name, content: "x" }), name).rejects.toMatchObject({
        code: "INVALID_INPUT",
      });
    }
    await expect(memory.memories.save({ type: "user", name: "ok", content: "  " })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    await expect(
      memory.memories.save({ type: "user", name: "big", content: "x".repeat(20_001) }),
    ).rejects.toMatchObject({ code: "TOO_LARGE" });
    expect(await readdir(home)).toEqual([".index"]);
  });

  test("a malformed memory file is archived, not lost, when saved over", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "Keep", content: "first" });
    await writeFile(join(home, "memories/user_keep.md"), "---\nbroken: [\n---\nhand-written notes\n");
    await expect(memory.memories.get("Keep")).rejects.toMatchObject({
      code: "MALFORMED_FILE",
      message: expect.stringContaining("user_keep.md line"),
    });
    await memory.memories.save({ type: "user", name: "Keep", content: "second" });
    expect(await readFile(join(home, "archive/memories/user_keep.md"), "utf8")).toContain(
      "hand-written notes",
    );
    expect((await memory.memories.get("Keep")).content).toBe("second");
  });
});
