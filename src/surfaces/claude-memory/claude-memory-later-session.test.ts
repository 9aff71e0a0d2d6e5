import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { betaMemoryTool } from "@anthropic-ai/sdk/helpers/beta/memory";
import type { BetaMemoryTool20250818Command } from "@anthropic-ai/sdk/resources/beta";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MemoryHome } from "../../engine/memory-home.js";
import { runMnemo } from "../../testing/test-cli.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { claudeMemoryHandlers } from "./claude-memory-handlers.js";

/**
 * What Claude writes through the Anthropic SDK's memory tool, as a later session finds it: the
 * built `mnemo` bin on the same home (`mnemo context`, `mnemo show`, `mnemo journal read`).
 */
describe("Claude's memory tool, then a later session", () => {
  let memory: MemoryHome;
  let home: string;
  let now: Date;
  let tool: ReturnType<typeof betaMemoryTool>;

  beforeEach(async () => {
    now = new Date("2026-01-05T09:00:00Z");
    ({ memory, home } = await openTestMemory({
      config: { search: { embedder: "none" } },
      now: () => now,
    }));
    tool = betaMemoryTool(claudeMemoryHandlers(memory));
  });
  afterEach(async () => {
    await memory.close();
    await removeDir(home);
  });

  const run = (command: BetaMemoryTool20250818Command) =>
    tool.run(command, {} as Parameters<typeof tool.run>[1]);
  const mnemo = (...args: string[]) => {
    const result = runMnemo([...args, "--home", home]);
    expect(result.status, result.stderr).toBe(0);
    return result.stdout;
  };

  it("an edited memory's index line, in every session's context, tells the new fact", async () => {
    await run({ command: "create", path: "/memories/user/rex.md", file_text: "Rex is a dog." });
    await run({ command: "str_replace", path: "/memories/user/rex.md", old_str: "dog", new_str: "beagle" });
    let context = mnemo("context");
    expect(context).toContain("- [rex](memories/user_rex.md) — Rex is a beagle.");
    expect(context).not.toContain("Rex is a dog.");

    await run({
      command: "insert",
      path: "/memories/user/rex.md",
      insert_line: 0,
      insert_text: "Ada's pet:",
    });
    context = mnemo("context");
    expect(context).toContain("- [rex](memories/user_rex.md) — Ada's pet:");
    expect(context).not.toContain("Rex is a beagle.");
  });

  it("an edit keeps a description that was written on purpose, not taken from the text", async () => {
    await memory.memories.save({
      type: "user",
      name: "rex",
      description: "The user's pet",
      content: "Rex is a dog.",
    });
    await run({ command: "str_replace", path: "/memories/user/rex.md", old_str: "dog", new_str: "beagle" });
    expect(mnemo("context")).toContain("- [rex](memories/user_rex.md) — The user's pet");
    expect(mnemo("show", "rex")).toContain("\nRex is a beagle.\n");
  });

  it("a rename to another type folder keeps the memory's created time and frontmatter; updated is the rename's time", async () => {
    await memory.memories.save({
      type: "user",
      name: "deadline",
      description: "When we ship",
      content: "Ship on Friday.",
      frontmatter: { source_session: "s-42" },
    });
    now = new Date("2026-02-10T12:00:00Z");
    await expect(
      run({
        command: "rename",
        old_path: "/memories/user/deadline.md",
        new_path: "/memories/project/deadline.md",
      }),
    ).resolves.toBe("Successfully renamed /memories/user/deadline.md to /memories/project/deadline.md");

    expect(JSON.parse(mnemo("show", "deadline", "--json"))).toMatchObject({
      path: "memories/project_deadline.md",
      type: "project",
      description: "When we ship",
      created: "2026-01-05T09:00:00.000Z",
      updated: "2026-02-10T12:00:00.000Z",
      content: "Ship on Friday.",
    });
    expect(await readFile(join(home, "memories/project_deadline.md"), "utf8")).toContain(
      "source_session: s-42",
    );
    const context = mnemo("context");
    expect(context).toContain("- [deadline](memories/project_deadline.md) — When we ship");
    expect(context).not.toContain("memories/user_deadline.md");
  });

  it("a rename to another name in the folder is the same memory under its new name, frontmatter kept", async () => {
    await memory.memories.save({
      type: "user",
      name: "cat",
      description: "The user's cat",
      content: "Miso.",
      frontmatter: { source_session: "s-7" },
    });
    now = new Date("2026-02-10T12:00:00Z");
    await run({
      command: "rename",
      old_path: "/memories/user/cat.md",
      new_path: "/memories/user/pet-cat.md",
    });

    expect(JSON.parse(mnemo("show", "pet cat", "--json"))).toMatchObject({
      path: "memories/user_pet-cat.md",
      name: "pet cat",
      description: "The user's cat",
      created: "2026-01-05T09:00:00.000Z",
      updated: "2026-02-10T12:00:00.000Z",
    });
    expect(await readFile(join(home, "memories/user_pet-cat.md"), "utf8")).toContain("source_session: s-7");
    const context = mnemo("context");
    expect(context).toContain("- [pet cat](memories/user_pet-cat.md) — The user's cat");
    expect(context).not.toContain("memories/user_cat.md");
  });

  it.each([
    ["/memories/MEMORY.md", /MEMORY\.md is the home's core memory/],
    ["/memories/memory.md", /MEMORY\.md is the home's core memory/],
    ["/memories/general.md", /category "general" is recorded in MEMORY\.md/],
    [
      "/memories/user_pref.md",
      /category "user_pref" is recorded in the topic "user_prefs".*Use the topic "user_prefs"/,
    ],
  ])(
    "refuses %s, which `mnemo journal read` could not read back, and writes nothing",
    async (path, message) => {
      await memory.journal.add("general", "Moved the repo to GitHub.");
      await run({ command: "create", path: "/memories/notes.md", file_text: "Ada likes tea." });
      const before = mnemo("journal", "read", "MEMORY");
      for (const command of [
        { command: "create", path, file_text: "Ada likes tea." },
        { command: "view", path },
        { command: "str_replace", path, old_str: "GitHub", new_str: "GitLab" },
      ] as const)
        await expect(run(command), command.command).rejects.toThrow(message);
      await expect(
        run({ command: "rename", old_path: "/memories/notes.md", new_path: path }),
      ).rejects.toThrow(message);
      expect(mnemo("journal", "read", "MEMORY")).toBe(before);
      expect(await readdir(join(home, "topics"))).toEqual(["notes.md"]);
    },
  );

  it("a topic file Claude writes is the topic `mnemo journal read` reads", async () => {
    await run({
      command: "create",
      path: "/memories/user_prefs.md",
      file_text: "# user_prefs\n\nTea, no sugar.\n",
    });
    expect(mnemo("journal", "read", "user_prefs")).toBe("# user_prefs\n\nTea, no sugar.\n");
    expect(mnemo("journal", "read", "user_pref")).toBe("# user_prefs\n\nTea, no sugar.\n");
  });
});
