import { mkdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { MAX_LISTED } from "./claude-memory-listing.js";
import { formatSize } from "./claude-memory-text.js";
import { handleClaudeMemoryCommand } from "./handle-claude-memory-command.js";

/** `view` of /memories and of a type folder: what Claude sees of the home. */
describe("view of a folder", () => {
  let memory: MemoryHome;
  let home: string;
  beforeEach(async () => {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
  });
  afterEach(async () => {
    await memory.close();
    await removeDir(home);
  });

  async function view(path: string): Promise<string[]> {
    const result = await handleClaudeMemoryCommand(memory, { command: "view", path });
    expect(result.ok, result.text).toBe(true);
    return result.text.split("\n");
  }
  const size = async (path: string) => (await stat(join(home, path))).size;
  const header = (folder: string) =>
    `Here're the files and directories up to 2 levels deep in ${folder}, excluding hidden items and node_modules:`;

  it("sums the files' sizes per folder and in all, and shows only files Claude can open", async () => {
    await memory.memories.save({ type: "user", name: "cat", content: "Miso." });
    await memory.memories.save({ type: "user", name: "dog", content: "Rex, a beagle." });
    await mkdir(join(home, "topics"), { recursive: true });
    await writeFile(join(home, "topics/b-notes.md"), "x".repeat(2000));
    await writeFile(join(home, "topics/a-notes.md"), "short");
    // Hand-made files that no /memories path reaches, or that journal read reads elsewhere.
    for (const hidden of ["MEMORY.md", "general.md", "user_pref.md", "my notes.md"])
      await writeFile(join(home, "topics", hidden), "hidden");
    await writeFile(join(home, "memories/notes.md"), "not a typed memory");
    const cat = await size("memories/user_cat.md");
    const dog = await size("memories/user_dog.md");
    const a = await size("topics/a-notes.md");
    const b = await size("topics/b-notes.md");
    expect(await view("/memories")).toEqual([
      header("/memories"),
      `${formatSize(cat + dog + a + b)}\t/memories`,
      `${formatSize(cat + dog)}\t/memories/user/`,
      `${formatSize(cat)}\t/memories/user/cat.md`,
      `${formatSize(dog)}\t/memories/user/dog.md`,
      "0B\t/memories/feedback/",
      "0B\t/memories/project/",
      "0B\t/memories/reference/",
      `${formatSize(a)}\t/memories/a-notes.md`,
      `${formatSize(b)}\t/memories/b-notes.md`,
    ]);
    expect(await view("/memories/user")).toEqual([
      header("/memories/user"),
      `${formatSize(cat + dog)}\t/memories/user`,
      `${formatSize(cat)}\t/memories/user/cat.md`,
      `${formatSize(dog)}\t/memories/user/dog.md`,
    ]);
    expect(await view("/memories/project/")).toEqual([header("/memories/project"), "0B\t/memories/project"]);
  });

  it(`lists at most ${MAX_LISTED} entries and says how many more there are`, async () => {
    await mkdir(join(home, "topics"), { recursive: true });
    for (let count = 0; count < MAX_LISTED; count++)
      await writeFile(join(home, "topics", `t${String(count).padStart(3, "0")}.md`), "x");
    const lines = await view("/memories");
    expect(lines).toHaveLength(2 + MAX_LISTED + 1);
    expect(lines.at(-2)).toBe(`1B\t/memories/t${MAX_LISTED - 5}.md`);
    expect(lines.at(-1)).toBe("(4 more not shown: view a folder such as /memories/user to see its files)");
    expect(lines[1]).toBe(`${formatSize(MAX_LISTED)}\t/memories`);
    expect(await view("/memories/user")).toHaveLength(2);
  });
});
