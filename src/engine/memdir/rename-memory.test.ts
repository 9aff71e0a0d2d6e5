import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

let now = new Date("2026-11-22T10:00:00Z");
let home = "";
let memory: MemoryHome;

async function open(config = {}) {
  now = new Date("2026-11-22T10:00:00Z");
  ({ memory, home } = await openTestMemory({ config, now: () => now }));
}
const read = (path: string) => readFile(join(home, path), "utf8");

afterEach(async () => removeDir(home));

describe("memory.memories.rename", () => {
  test("a new type moves the file and its index line; created, description and other keys stay, updated is now", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "Other", content: "Another memory." });
    await memory.memories.save({
      type: "user",
      name: "Deadline",
      description: "When we ship",
      content: "Ship on Friday.\n\nThen rest.",
      frontmatter: { source_session: "s-1" },
    });
    const path = join(home, "memories/user_deadline.md");
    await writeFile(
      path,
      (await read("memories/user_deadline.md")).replace("type: user\n", "type: user # why\n"),
    );
    now = new Date("2026-12-01T08:00:00Z");
    expect(await memory.memories.rename("Deadline", { type: "project" })).toEqual({
      from: "memories/user_deadline.md",
      path: "memories/project_deadline.md",
      name: "Deadline",
      type: "project",
      indexLine: "- [Deadline](memories/project_deadline.md) — When we ship",
    });
    expect(await read("memories/project_deadline.md")).toBe(
      "---\nname: Deadline\ndescription: When we ship\ntype: project # why\ncreated: 2026-11-22T10:00:00.000Z\nupdated: 2026-12-01T08:00:00.000Z\nsource_session: s-1\n---\n\nShip on Friday.\n\nThen rest.\n",
    );
    expect(await readdir(join(home, "memories"))).toEqual(["project_deadline.md", "user_other.md"]);
    expect(await read("MEMORY.md")).toBe(
      "# Memory\n\n## Memories\n- [Deadline](memories/project_deadline.md) — When we ship\n- [Other](memories/user_other.md) — Another memory.\n\n",
    );
    expect(await readdir(home)).not.toContain("archive");
  });

  test("a new name is the same memory under that name; the old name is gone", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "cat", content: "Miso." });
    now = new Date("2026-12-01T08:00:00Z");
    const renamed = await memory.memories.rename("memories/user_cat.md", { name: "Pet cat" });
    expect(renamed).toMatchObject({
      from: "memories/user_cat.md",
      path: "memories/user_pet-cat.md",
      type: "user",
    });
    const found = await memory.memories.get("pet cat");
    expect(found).toMatchObject({
      name: "Pet cat",
      description: "Miso.",
      created: "2026-11-22T10:00:00.000Z",
      updated: "2026-12-01T08:00:00.000Z",
      content: "Miso.",
    });
    await expect(memory.memories.get("cat")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await read("MEMORY.md")).toBe(
      "# Memory\n\n## Memories\n- [Pet cat](memories/user_pet-cat.md) — Miso.\n\n",
    );
  });

  test("a new spelling of the same name keeps the file; a name and a type change at once", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "cat", content: "Miso." });
    expect((await memory.memories.rename("cat", { name: "Cat" })).path).toBe("memories/user_cat.md");
    expect((await memory.memories.get("cat")).name).toBe("Cat");
    const moved = await memory.memories.rename("Cat", { name: "Kitten", type: "reference" });
    expect(moved.path).toBe("memories/reference_kitten.md");
    expect(await readdir(join(home, "memories"))).toEqual(["reference_kitten.md"]);
  });

  test("a name another memory has is refused, under any type, and nothing changes", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "cat", content: "Miso." });
    await memory.memories.save({ type: "project", name: "dog", content: "Rex." });
    const before = await read("MEMORY.md");
    await expect(memory.memories.rename("cat", { name: "Dog" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message:
        'Cannot rename "cat" to "Dog": memories/project_dog.md is already the memory "Dog". Delete or rename that one first.',
    });
    expect(await readdir(join(home, "memories"))).toEqual(["project_dog.md", "user_cat.md"]);
    expect(await read("MEMORY.md")).toBe(before);
  });

  test("a file another memory of the same slug holds is left to it: the renamed one takes the hashed name", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "c++ style", content: "Braces on their own line." });
    await memory.memories.save({ type: "user", name: "style", content: "Tabs." });
    const renamed = await memory.memories.rename("style", { name: "C# style" });
    expect(renamed.path).toMatch(/^memories\/user_c-style--[0-9a-f]{8}\.md$/);
    expect((await memory.memories.get("c++ style")).content).toBe("Braces on their own line.");
    expect((await memory.memories.get("C# style")).content).toBe("Tabs.");
  });

  test("bad names, types, credentials, missing and malformed memories are refused clearly", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "cat", content: "Miso." });
    await expect(memory.memories.rename("cat", { name: "MEMORY" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining("reserved for mnemo's own files"),
    });
    await expect(memory.memories.rename("cat", { type: "diary" as unknown as "user" })).rejects.toMatchObject(
      { code: "INVALID_INPUT", message: expect.stringContaining('Unknown memory type "diary"') },
    );
    await expect(
      memory.memories.rename("cat", { name: `key ghp_${"a1B2c3D4e5".repeat(4)}` }),
    ).rejects.toMatchObject({ code: "SECRET_DETECTED", field: "the memory's new name" });
    await expect(memory.memories.rename("dog", { type: "project" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await writeFile(join(home, "memories/user_cat.md"), "---\ntype: [\n---\nMiso.\n");
    await expect(memory.memories.rename("memories/user_cat.md", { type: "project" })).rejects.toMatchObject({
      code: "MALFORMED_FILE",
      message: expect.stringMatching(/user_cat\.md line \d+: .*mnemo doctor/),
    });
    expect(await readdir(join(home, "memories"))).toEqual(["user_cat.md"]);
  });
});

describe("memory.memories.pathFor", () => {
  test("is the file a new memory of that name and type is saved in", async () => {
    await open();
    expect(memory.memories.pathFor("user", "Cat Name")).toBe("memories/user_cat-name.md");
    const saved = await memory.memories.save({ type: "feedback", name: "Prefers tabs!", content: "x" });
    expect(memory.memories.pathFor("feedback", "Prefers tabs!")).toBe(saved.path);
    expect(() => memory.memories.pathFor("user", "soul")).toThrow(/reserved for mnemo's own files/);
    expect(() => memory.memories.pathFor("diary" as unknown as "user", "x")).toThrow(/Unknown memory type/);
  });
});
