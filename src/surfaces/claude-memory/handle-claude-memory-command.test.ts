import { mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { BetaMemoryTool20250818Command } from "@anthropic-ai/sdk/resources/beta";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { openMemory } from "../../open-memory.js";
import { makeTempDir, openTestMemory, removeDir } from "../../testing/test-home.js";
import { handleClaudeMemoryCommand } from "./handle-claude-memory-command.js";

/**
 * Claude's memory commands, written with the Anthropic SDK's own types, on a real memory home: what
 * Claude reads back, and what the files, the index and the archive hold afterwards.
 */
describe("handleClaudeMemoryCommand", () => {
  let memory: MemoryHome;
  let home: string;

  beforeEach(async () => {
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } } }));
  });
  afterEach(async () => {
    await memory.close();
    await removeDir(home);
  });

  async function run(command: BetaMemoryTool20250818Command) {
    return handleClaudeMemoryCommand(memory, command);
  }
  async function ok(command: BetaMemoryTool20250818Command): Promise<string> {
    const result = await run(command);
    expect(result, result.text).toMatchObject({ ok: true });
    return result.text;
  }
  async function error(command: BetaMemoryTool20250818Command): Promise<string> {
    const result = await run(command);
    expect(result.ok, result.text).toBe(false);
    expect(result.text).toMatch(/^Error: /);
    return result.text;
  }
  const file = (path: string) => readFile(join(home, path), "utf8");

  it("shows the home's typed memories and topics under /memories, in the folders Claude can use", async () => {
    await memory.memories.save({ type: "feedback", name: "Prefers tabs", content: "Indent with tabs." });
    await memory.journal.add("user_pref", "Answers in French.");
    const listing = await ok({ command: "view", path: "/memories" });
    expect(listing.split("\n")).toEqual([
      "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:",
      expect.stringMatching(/^\S+\t\/memories$/),
      "0B\t/memories/user/",
      expect.stringMatching(/^\S+\t\/memories\/feedback\/$/),
      expect.stringMatching(/^\S+\t\/memories\/feedback\/prefers-tabs\.md$/),
      "0B\t/memories/project/",
      "0B\t/memories/reference/",
      expect.stringMatching(/^\S+\t\/memories\/user_prefs\.md$/),
    ]);
    expect(await ok({ command: "view", path: "/memories/feedback/prefers-tabs.md" })).toBe(
      "Here's the content of /memories/feedback/prefers-tabs.md with line numbers:\n     1\tIndent with tabs.",
    );
  });

  it("creates, edits, renames and deletes a typed memory through the engine: frontmatter, index, archive, search", async () => {
    expect(
      await ok({
        command: "create",
        path: "/memories/user/cat.md",
        file_text: "The user's cat is called Miso.",
      }),
    ).toBe(
      `File created successfully at: /memories/user/cat.md. Saved as the user memory "cat"; MEMORY.md's index lists it.`,
    );
    expect(await file("memories/user_cat.md")).toMatch(
      /^---\nname: cat\n[\s\S]*type: user\n[\s\S]*---\n\nThe user's cat is called Miso\.\n$/,
    );
    expect(await file("MEMORY.md")).toContain("- [cat](memories/user_cat.md)");
    expect((await memory.recall("cat Miso")).hits[0]?.path).toBe("memories/user_cat.md");

    expect(
      await ok({ command: "str_replace", path: "/memories/user/cat.md", old_str: "Miso", new_str: "Mochi" }),
    ).toBe(
      "The memory file has been edited. Here is the snippet showing the change (with line numbers):\n     1\tThe user's cat is called Mochi.",
    );
    expect(await file("archive/memories/user_cat.md")).toContain("The user's cat is called Miso.");
    await ok({
      command: "insert",
      path: "/memories/user/cat.md",
      insert_line: 1,
      insert_text: "Mochi likes tuna.\n",
    });
    expect(await ok({ command: "view", path: "/memories/user/cat.md", view_range: [2, -1] })).toMatch(
      /\n {5}2\tMochi likes tuna\.$/,
    );

    await ok({ command: "rename", old_path: "/memories/user/cat.md", new_path: "/memories/user/pet-cat.md" });
    expect((await memory.memories.get("pet cat")).content).toBe(
      "The user's cat is called Mochi.\nMochi likes tuna.",
    );
    await expect(memory.memories.get("cat")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await ok({
      command: "rename",
      old_path: "/memories/user/pet-cat.md",
      new_path: "/memories/project/pet-cat.md",
    });
    expect((await memory.memories.get("pet cat")).type).toBe("project");
    const index = await file("MEMORY.md");
    expect(index).toContain("(memories/project_pet-cat.md)");
    expect(index).not.toContain("memories/user_");

    expect(await ok({ command: "delete", path: "/memories/project/pet-cat.md" })).toBe(
      "Successfully deleted /memories/project/pet-cat.md (its text is kept in archive/memories/project_pet-cat.md)",
    );
    expect(await file("MEMORY.md")).not.toContain("pet-cat");
    expect(await file("archive/memories/project_pet-cat.md")).toContain("Mochi likes tuna.");
  });

  it("keeps notes by topic as topic files: exact text, listed as journal topics, archived on delete", async () => {
    await ok({
      command: "create",
      path: "/memories/project_notes.md",
      file_text: "# Notes\n\n- Ship on Friday.\n",
    });
    expect(await file("topics/project_notes.md")).toBe("# Notes\n\n- Ship on Friday.\n");
    expect(await memory.journal.topics()).toContain("project_notes");
    await ok({
      command: "str_replace",
      path: "/memories/project_notes.md",
      old_str: "Friday",
      new_str: "Monday",
    });
    await ok({
      command: "insert",
      path: "/memories/project_notes.md",
      insert_line: 3,
      insert_text: "- Demo on Tuesday.",
    });
    expect(await file("topics/project_notes.md")).toBe("# Notes\n\n- Ship on Monday.\n- Demo on Tuesday.\n");
    await ok({ command: "rename", old_path: "/memories/project_notes.md", new_path: "/memories/release.md" });
    expect(await file("topics/release.md")).toContain("Demo on Tuesday");
    await ok({ command: "delete", path: "/memories/release.md" });
    expect(await file("archive/topics/release.md")).toContain("- Ship on Monday.");
    expect(await error({ command: "view", path: "/memories/release.md" })).toBe(
      "Error: The path /memories/release.md does not exist. Please provide a valid path.",
    );
  });

  it.each<[string, BetaMemoryTool20250818Command, RegExp]>([
    [
      "a path out of /memories",
      { command: "view", path: "/memories/../SOUL.md" },
      /could reach outside \/memories/,
    ],
    ["a path elsewhere", { command: "create", path: "/etc/cron.d/x", file_text: "x" }, /outside \/memories/],
    ["a missing file", { command: "view", path: "/memories/user/nobody.md" }, /does not exist/],
    [
      "an edit of a missing file",
      { command: "str_replace", path: "/memories/x.md", old_str: "a", new_str: "b" },
      /does not exist/,
    ],
    [
      "a folder of its own",
      { command: "create", path: "/memories/projects/acme.md", file_text: "x" },
      /\/memories\/<type>\/<name>\.md/,
    ],
    [
      "a name the engine would change",
      { command: "create", path: "/memories/user/Cat Name.md", file_text: "x" },
      /create \/memories\/user\/cat-name\.md instead/,
    ],
    [
      "a file that is not Markdown",
      { command: "create", path: "/memories/notes.txt", file_text: "x" },
      /name it "notes\.md"/,
    ],
    [
      "a topic name the engine does not take",
      { command: "create", path: "/memories/my notes.md", file_text: "x" },
      /^Error: \/memories\/my notes\.md: Invalid topic name "my notes": use letters, digits, "_" and "-"/,
    ],
    ["an encoded dot-dot", { command: "view", path: "/memories/%2e%2e.md" }, /Invalid topic name "%2e%2e"/],
    [
      "deleting a folder",
      { command: "delete", path: "/memories/user" },
      /it is a folder, and mnemo's folders are fixed/,
    ],
    ["deleting /memories", { command: "delete", path: "/memories" }, /it is a folder/],
  ])("refuses %s with an error text for the model", async (_case, command, message) => {
    expect(await error(command)).toMatch(message);
  });

  it("refuses bad line numbers, repeated or missing text, and an existing file, changing nothing", async () => {
    await ok({ command: "create", path: "/memories/notes.md", file_text: "cat\ndog\ncat" });
    expect(
      await error({ command: "insert", path: "/memories/notes.md", insert_line: 9, insert_text: "x" }),
    ).toBe(
      "Error: Invalid `insert_line` parameter: 9. It should be within the range of lines of /memories/notes.md: [0, 3]",
    );
    expect(await error({ command: "view", path: "/memories/notes.md", view_range: [3, 1] })).toMatch(
      /Invalid view_range \[3,1\]/,
    );
    expect(
      await error({ command: "str_replace", path: "/memories/notes.md", old_str: "cat", new_str: "x" }),
    ).toMatch(/in lines: 1, 3/);
    expect(
      await error({ command: "str_replace", path: "/memories/notes.md", old_str: "bird", new_str: "x" }),
    ).toMatch(/did not appear verbatim/);
    expect(await error({ command: "create", path: "/memories/notes.md", file_text: "new" })).toBe(
      "Error: The destination /memories/notes.md already exists.",
    );
    await memory.memories.save({ type: "user", name: "Cat", content: "Miso." });
    expect(await error({ command: "create", path: "/memories/project/cat.md", file_text: "x" })).toBe(
      "Error: File /memories/project/cat.md already exists as the user memory /memories/user/cat.md (one name, one memory).",
    );
    expect(await file("topics/notes.md")).toBe("cat\ndog\ncat");
  });

  it("refuses a credential as every mnemo write path does, and stores nothing", async () => {
    const text = `deploy key: ghp_${"a1B2c3D4e5".repeat(4)}`;
    expect(await error({ command: "create", path: "/memories/deploy.md", file_text: text })).toMatch(
      /looks like a credential \(.*github.*\)\. Never store passwords/i,
    );
    expect(
      await error({ command: "create", path: "/memories/reference/deploy.md", file_text: text }),
    ).toMatch(/credential/);
    await expect(file("topics/deploy.md")).rejects.toThrow();
    expect((await memory.memories.list()).total).toBe(0);
  });

  it("refuses a topic file named after a credential, created or renamed to, and stores nothing", async () => {
    const token = `ghp_${"a1B2c3D4e5".repeat(4)}`;
    const created = await error({ command: "create", path: `/memories/${token}.md`, file_text: "notes" });
    await ok({ command: "create", path: "/memories/notes.md", file_text: "notes" });
    const renamed = await error({
      command: "rename",
      old_path: "/memories/notes.md",
      new_path: `/memories/${token}.md`,
    });
    expect(created).toMatch(
      /^Error: Nothing was stored: the topic file's name holds what looks like a credential \(github-token\)\./,
    );
    expect(renamed).toMatch(
      /^Error: Nothing was stored: the topic file's new name holds what looks like a credential \(github-token\)\./,
    );
    for (const text of [created, renamed]) expect(text).not.toContain(token.slice(4));
    await expect(file(`topics/${token}.md`)).rejects.toThrow();
    expect(await file("topics/notes.md")).toBe("notes");
  });

  it("never edits, deletes or renames a folder, and says so for each command", async () => {
    expect(await error({ command: "create", path: "/memories/user/", file_text: "x" })).toBe(
      "Error: Cannot create /memories/user: it is a folder, and mnemo's folders are fixed. Use a file: /memories/<type>/<name>.md or /memories/<topic>.md.",
    );
    expect(await error({ command: "str_replace", path: "/memories", old_str: "a", new_str: "b" })).toMatch(
      /^Error: Cannot edit \/memories: it is a folder/,
    );
    expect(
      await error({ command: "insert", path: "/memories/project", insert_line: 0, insert_text: "x" }),
    ).toMatch(/^Error: Cannot edit \/memories\/project: it is a folder/);
    expect(
      await error({ command: "rename", old_path: "/memories/user", new_path: "/memories/x.md" }),
    ).toMatch(/^Error: Cannot rename \/memories\/user: it is a folder/);
    expect(
      await error({ command: "rename", old_path: "/memories/x.md", new_path: "/memories/feedback" }),
    ).toMatch(/^Error: Cannot rename \/memories\/feedback: it is a folder/);
    await ok({ command: "create", path: "/memories/x.md", file_text: "a" });
    expect(await ok({ command: "insert", path: "/memories/x.md", insert_line: 1, insert_text: "b" })).toBe(
      "The file /memories/x.md has been edited.",
    );
    expect(await file("topics/x.md")).toBe("a\nb");
  });

  it("answers a command that is not one with what to send instead", async () => {
    expect(await handleClaudeMemoryCommand(memory, { command: "chmod", path: "/memories" })).toEqual({
      ok: false,
      code: "INVALID_INPUT",
      text: 'Error: Unknown memory command "chmod"; use view, create, str_replace, insert, delete or rename.',
    });
    expect(
      (await handleClaudeMemoryCommand(memory, { command: "create", path: "/memories/x.md" })).text,
    ).toMatch(/^Error: Invalid create command: file_text: /);
    expect((await handleClaudeMemoryCommand(memory, null)).ok).toBe(false);
  });

  it("never follows a link out of the home", async () => {
    const outside = await makeTempDir("mnemo-outside-");
    try {
      await writeFile(join(outside, "secret.md"), "TOP-SECRET");
      await rm(join(home, "topics"), { recursive: true, force: true });
      await symlink(outside, join(home, "topics"));
      const text = await error({ command: "view", path: "/memories/secret.md" });
      expect(text).not.toContain("TOP-SECRET");
      await error({ command: "create", path: "/memories/planted.md", file_text: "x" });
      await expect(readFile(join(outside, "planted.md"))).rejects.toThrow();
    } finally {
      await removeDir(outside);
    }
  });

  it("reads and writes nothing when memory is disabled", async () => {
    const disabled = await openMemory({ home: join(home, "off"), env: {}, config: { enabled: false } });
    const result = await handleClaudeMemoryCommand(disabled, { command: "view", path: "/memories" });
    expect(result).toMatchObject({ ok: false, code: "DISABLED" });
    await expect(mkdir(join(home, "off"))).resolves.toBeUndefined(); // the home was never created
  });
});
