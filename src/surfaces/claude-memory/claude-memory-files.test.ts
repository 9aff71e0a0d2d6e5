import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { BetaMemoryTool20250818Command } from "@anthropic-ai/sdk/resources/beta";
import { afterEach, describe, expect, it } from "vitest";
import type { MnemoConfigInput } from "../../engine/config/schema.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { handleClaudeMemoryCommand } from "./handle-claude-memory-command.js";

/**
 * Claude's edits, renames and deletes as the engine's rules apply them: what Claude reads back,
 * and what MEMORY.md's index, the files and the archive hold afterwards.
 */
describe("Claude's memory files through MemoryHome", () => {
  let memory: MemoryHome;
  let home = "";

  async function open(config: MnemoConfigInput = {}) {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" }, ...config } }));
  }
  afterEach(async () => {
    await memory.close();
    await removeDir(home);
  });

  async function ok(command: BetaMemoryTool20250818Command): Promise<string> {
    const result = await handleClaudeMemoryCommand(memory, command);
    expect(result, result.text).toMatchObject({ ok: true });
    return result.text;
  }
  async function error(command: BetaMemoryTool20250818Command): Promise<string> {
    const result = await handleClaudeMemoryCommand(memory, command);
    expect(result.ok, result.text).toBe(false);
    return result.text;
  }
  const file = (path: string) => readFile(join(home, path), "utf8");
  const index = async () => (await file("MEMORY.md")).split("\n").filter((line) => line.startsWith("- ["));

  it("an edit re-derives a description that was the first line, and archives the version it replaces", async () => {
    await open();
    await ok({ command: "create", path: "/memories/user/rex.md", file_text: "Rex is a dog.\nHe barks." });
    await ok({ command: "str_replace", path: "/memories/user/rex.md", old_str: "dog", new_str: "beagle" });
    expect(await index()).toEqual(["- [rex](memories/user_rex.md) — Rex is a beagle."]);
    expect(await file("archive/memories/user_rex.md")).toMatch(
      /^<!-- mnemo archived from memories\/user_rex\.md at .*: edited with Claude's memory tool -->\n---\n[\s\S]*Rex is a dog\.\nHe barks\.\n$/,
    );
    await memory.memories.save({ type: "user", name: "rex", description: "The pet", content: "Rex." });
    await ok({ command: "insert", path: "/memories/user/rex.md", insert_line: 0, insert_text: "Ada's:" });
    expect(await index()).toEqual(["- [rex](memories/user_rex.md) — The pet"]);
    expect((await memory.memories.get("rex")).content).toBe("Ada's:\nRex.");
  });

  it("create makes the file Claude named, even when another memory already says the same (no consolidation)", async () => {
    await open();
    await ok({ command: "create", path: "/memories/user/cat.md", file_text: "Has a cat named Ada." });
    await ok({ command: "create", path: "/memories/user/pet.md", file_text: "Has a cat named Ada." });
    expect((await index()).sort()).toEqual([
      "- [cat](memories/user_cat.md) — Has a cat named Ada.",
      "- [pet](memories/user_pet.md) — Has a cat named Ada.",
    ]);
    expect(await ok({ command: "view", path: "/memories/user/pet.md" })).toContain("Has a cat named Ada.");
  });

  it("tells Claude when credentials were stored redacted", async () => {
    await open({ secrets: "redact" });
    const token = `ghp_${"a1B2c3D4e5".repeat(4)}`;
    expect(await ok({ command: "create", path: "/memories/deploy.md", file_text: `key ${token}` })).toBe(
      "File created successfully at: /memories/deploy.md. Credentials in it were stored as [REDACTED:<kind>].",
    );
    expect(
      await ok({ command: "create", path: "/memories/reference/deploy.md", file_text: `key ${token}` }),
    ).toBe(
      'File created successfully at: /memories/reference/deploy.md. Saved as the reference memory "deploy"; MEMORY.md\'s index lists it. Credentials in it were stored as [REDACTED:<kind>].',
    );
    expect(await file("topics/deploy.md")).not.toContain(token);
    expect(await ok({ command: "create", path: "/memories/plain.md", file_text: "no secret" })).toBe(
      "File created successfully at: /memories/plain.md",
    );
  });

  it("moves text between a typed memory and a topic file, archiving the old file", async () => {
    await open();
    await ok({ command: "create", path: "/memories/user/cat.md", file_text: "Miso." });
    await ok({ command: "rename", old_path: "/memories/user/cat.md", new_path: "/memories/cat_notes.md" });
    expect(await file("topics/cat_notes.md")).toBe("Miso.");
    expect(await index()).toEqual([]);
    expect(await file("archive/memories/user_cat.md")).toContain("Miso.");
    await ok({ command: "rename", old_path: "/memories/cat_notes.md", new_path: "/memories/project/cat.md" });
    expect(await memory.memories.get("cat")).toMatchObject({ type: "project", content: "Miso." });
    expect(await readdir(join(home, "topics"))).toEqual([]);
    expect(await file("archive/topics/cat_notes.md")).toMatch(
      /deleted with Claude's memory tool -->\nMiso\.\n$/,
    );
  });

  it("renames a topic file without archiving it, and a path onto itself changes nothing", async () => {
    await open();
    await ok({ command: "create", path: "/memories/notes.md", file_text: "a" });
    expect(
      await ok({ command: "rename", old_path: "/memories/notes.md", new_path: "/memories/notes.md" }),
    ).toBe("Successfully renamed /memories/notes.md to /memories/notes.md");
    await ok({ command: "rename", old_path: "/memories/notes.md", new_path: "/memories/todo.md" });
    expect(await readdir(join(home, "topics"))).toEqual(["todo.md"]);
    expect(await readdir(home)).not.toContain("archive");
  });

  it("refuses a rename onto a file or name that exists, from a file that does not, or to another file name than mnemo's", async () => {
    await open();
    await ok({ command: "create", path: "/memories/user/cat.md", file_text: "Miso." });
    await ok({ command: "create", path: "/memories/user/dog.md", file_text: "Rex." });
    await ok({ command: "create", path: "/memories/notes.md", file_text: "a" });
    const rename = (old_path: string, new_path: string) => error({ command: "rename", old_path, new_path });
    expect(await rename("/memories/user/cat.md", "/memories/user/dog.md")).toBe(
      "Error: The destination /memories/user/dog.md already exists.",
    );
    expect(await rename("/memories/user/cat.md", "/memories/project/dog.md")).toBe(
      "Error: The destination /memories/project/dog.md already exists as the user memory /memories/user/dog.md (one name, one memory).",
    );
    expect(await rename("/memories/user/dog.md", "/memories/notes.md")).toBe(
      "Error: The destination /memories/notes.md already exists.",
    );
    expect(await rename("/memories/notes.md", "/memories/user/cat.md")).toBe(
      "Error: The destination /memories/user/cat.md already exists.",
    );
    expect(await rename("/memories/user/cat.md", "/memories/user/Pet Cat.md")).toMatch(
      /^Error: \/memories\/user\/Pet Cat\.md: a typed memory's file is named after the memory .*; rename to \/memories\/user\/pet-cat\.md instead\.$/,
    );
    expect(await rename("/memories/user/bird.md", "/memories/user/owl.md")).toBe(
      "Error: The path /memories/user/bird.md does not exist. Please provide a valid path.",
    );
    expect(await rename("/memories/notes.md", "/memories/MEMORY.md")).toMatch(
      /^Error: \/memories\/MEMORY\.md: "MEMORY" cannot be a topic: MEMORY\.md is the home's core memory.*Claude's memory in mnemo has typed memories at/,
    );
    expect((await readdir(join(home, "memories"))).sort()).toEqual(["user_cat.md", "user_dog.md"]);
    expect(await readdir(join(home, "topics"))).toEqual(["notes.md"]);
  });

  it("a memory whose file is not named after it moves only to the file mnemo gives it", async () => {
    await open();
    await memory.memories.save({ type: "user", name: "c++ style", content: "Braces." });
    const hashed = await memory.memories.save({ type: "user", name: "C# style", content: "Tabs." });
    const stem = hashed.path.slice("memories/user_".length, -".md".length);
    expect(
      await error({
        command: "rename",
        old_path: `/memories/user/${stem}.md`,
        new_path: `/memories/project/${stem}.md`,
      }),
    ).toMatch(/rename to \/memories\/project\/c-style\.md instead\.$/);
    await ok({
      command: "rename",
      old_path: `/memories/user/${stem}.md`,
      new_path: "/memories/project/c-style.md",
    });
    expect(await memory.memories.get("C# style")).toMatchObject({
      path: "memories/project_c-style.md",
      content: "Tabs.",
    });
    expect(await index()).toEqual([
      "- [C# style](memories/project_c-style.md) — Tabs.",
      "- [c++ style](memories/user_c-style.md) — Braces.",
    ]);
  });

  it("deletes to the archive, says where, and refuses what is not there or is not a topic", async () => {
    await open();
    await ok({ command: "create", path: "/memories/empty.md", file_text: "" });
    expect(await ok({ command: "delete", path: "/memories/empty.md" })).toBe(
      "Successfully deleted /memories/empty.md",
    );
    expect(await error({ command: "delete", path: "/memories/empty.md" })).toBe(
      "Error: The path /memories/empty.md does not exist. Please provide a valid path.",
    );
    expect(await error({ command: "delete", path: "/memories/user/nobody.md" })).toBe(
      "Error: The path /memories/user/nobody.md does not exist. Please provide a valid path.",
    );
    await writeFile(join(home, "topics/general.md"), "made by hand");
    expect(await error({ command: "delete", path: "/memories/general.md" })).toMatch(
      /^Error: \/memories\/general\.md: "general" cannot be a topic: the journal category "general" is recorded in MEMORY\.md/,
    );
    expect(await file("topics/general.md")).toBe("made by hand");
  });

  it("refuses to create a typed memory whose file exists, also when it holds another name", async () => {
    await open();
    await ok({ command: "create", path: "/memories/user/cat.md", file_text: "Miso." });
    expect(await error({ command: "create", path: "/memories/user/cat.md", file_text: "x" })).toBe(
      "Error: File /memories/user/cat.md already exists.",
    );
    await memory.memories.save({ type: "project", name: "Dog!", content: "Rex." });
    expect(await error({ command: "create", path: "/memories/project/dog.md", file_text: "x" })).toBe(
      "Error: File /memories/project/dog.md already exists.",
    );
    expect((await memory.memories.get("Dog!")).content).toBe("Rex.");
    expect((await memory.memories.get("cat")).content).toBe("Miso.");
  });

  it("refuses a typed memory's name that mnemo keeps for itself, naming the path", async () => {
    await open();
    expect(await error({ command: "create", path: "/memories/user/soul.md", file_text: "x" })).toMatch(
      /^Error: \/memories\/user\/soul\.md: Invalid memory name "soul": "soul" is reserved for mnemo's own files/,
    );
    expect((await memory.memories.list()).total).toBe(0);
  });
});
