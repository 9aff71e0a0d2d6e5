import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/** Which file a name means: never another name's file, and homes written before hashed names still read. */
let home = "";
let memory: MemoryHome;

async function open() {
  ({ memory, home } = await openTestMemory());
}
afterEach(async () => removeDir(home));

const files = async () => (await readdir(join(home, "memories"))).sort();

describe("different names never share a file", () => {
  test('"C++ style" and "C# style" are two memories in two files; show and forget reach the right one', async () => {
    await open();
    const cpp = await memory.memories.save({ type: "feedback", name: "C++ style", content: "Use RAII." });
    const csharp = await memory.memories.save({ type: "feedback", name: "C# style", content: "Use LINQ." });
    expect(cpp.path).toBe("memories/feedback_c-style.md");
    expect(csharp).toMatchObject({ created: true, archived: [] });
    expect(csharp.path).toMatch(/^memories\/feedback_c-style--[0-9a-f]{8}\.md$/);
    expect((await memory.memories.get("C++ style")).content).toBe("Use RAII.");
    expect((await memory.memories.get("C# style")).content).toBe("Use LINQ.");
    await memory.memories.save({ type: "feedback", name: "c#  STYLE", content: "Use LINQ, and records." });
    expect(await files()).toEqual([csharp.path.slice(9), "feedback_c-style.md"]);
    await memory.memories.delete("C++ style");
    expect((await memory.memories.get("C# style")).content).toBe("Use LINQ, and records.");
    await expect(memory.memories.get("C++ style")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining('is "c#  STYLE"'),
    });
  });

  test("two long titles that differ after character 60 are two memories", async () => {
    await open();
    const start = "The deployment checklist for the payments service in production, ";
    await memory.memories.save({ type: "project", name: `${start}part one`, content: "One." });
    await memory.memories.save({ type: "project", name: `${start}part two`, content: "Two." });
    expect(await files()).toHaveLength(2);
    expect((await memory.memories.get(`${start}part one`)).content).toBe("One.");
    expect((await memory.memories.get(`${start}part two`)).content).toBe("Two.");
  });

  test("names that differ only by case, NFKC form or white space are one memory in one file", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "Café ﬁle", content: "first" });
    const again = await memory.memories.save({
      type: "user",
      name: "  CAFE\u0301   FILE ",
      content: "second",
    });
    expect(again.created).toBe(false);
    expect(await files()).toEqual(["user_café-file.md"]);
    expect((await memory.memories.get("café file")).content).toBe("second");
  });
});

describe("homes written before hashed file names", () => {
  const oldFile = (name: string, body: string) =>
    `---\nname: ${name}\ndescription: d\ntype: feedback\ncreated: 2026-01-01T00:00:00.000Z\nupdated: 2026-01-01T00:00:00.000Z\n---\n\n${body}\n`;

  test("a memory in <type>_<slug>.md is found by name, file name and path, and updated in place", async () => {
    await open();
    await mkdir(join(home, "memories"));
    await writeFile(join(home, "memories/feedback_c-style.md"), oldFile("C++ style", "Use RAII."));
    for (const name of [
      "C++ style",
      "feedback_c-style",
      "feedback_c-style.md",
      "memories/feedback_c-style.md",
    ])
      expect((await memory.memories.get(name)).content, name).toBe("Use RAII.");
    const saved = await memory.memories.save({
      type: "feedback",
      name: "c++ style",
      content: "RAII always.",
    });
    expect(saved).toMatchObject({ path: "memories/feedback_c-style.md", created: false });
    const other = await memory.memories.save({ type: "feedback", name: "C# style", content: "LINQ." });
    expect(other.path).not.toBe(saved.path);
    expect(await readFile(join(home, saved.path), "utf8")).toContain("RAII always.");
  });

  test("a hand-written file without a name is found by its file name's slug", async () => {
    await open();
    await mkdir(join(home, "memories"));
    await writeFile(join(home, "memories/user_go.md"), "---\ntype: user\n---\nWrites Go.\n");
    expect((await memory.memories.get("Go")).content).toBe("Writes Go.");
  });
});

describe("memory types", () => {
  test("the library refuses a type outside the four, creating no folder or hidden file", async () => {
    await open();
    for (const type of ["x/y", ".hidden", "../user", "opinion"]) {
      await expect(
        memory.memories.save({ type: type as "user", name: "T", content: "t" }),
        type,
      ).rejects.toMatchObject({ code: "INVALID_INPUT", message: expect.stringContaining("user, feedback") });
    }
    await expect(memory.memories.list({ type: "x/y" as "user" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    expect(await readdir(home)).toEqual([".index"]);
    expect((await memory.memories.save({ type: "User" as "user", name: "T", content: "t" })).path).toBe(
      "memories/user_t.md",
    );
  });

  test("a hand-written `type: User` is read, whatever its case", async () => {
    await open();
    await mkdir(join(home, "memories"));
    await writeFile(join(home, "memories/user_hand.md"), "---\nname: Hand\ntype: User\n---\nbody\n");
    expect((await memory.memories.get("Hand")).type).toBe("user");
    expect((await memory.memories.list()).problems).toEqual([]);
  });
});
