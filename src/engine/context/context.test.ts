import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";
import { MEMORY_INSTRUCTIONS_PROMPT } from "./memory-instructions-prompt.js";

const NOW = new Date(2026, 10, 22, 9, 0);
let home = "";
let memory: MemoryHome;

async function open(config = {}) {
  ({ memory, home } = await openTestMemory({ config, now: () => NOW }));
}

afterEach(async () => removeDir(home));

describe("session context", () => {
  test("a fresh home starts its first session with the default identity (seed 002), written once", async () => {
    await open();
    const context = await memory.buildContext({ basePrompt: "You are helpful." });
    expect(context).toMatch(/^<agent-identity>\n# Soul\n\n## Identity\nI am Mnemo, /);
    expect(await readFile(join(home, "SOUL.md"), "utf8")).toContain("I am Mnemo");
    await writeFile(join(home, "SOUL.md"), "# Soul\n\n## Identity\nI am Ada.\n");
    expect(await memory.buildContext()).toContain("I am Ada.");
  });

  test("with no memory files and no default identity it is the base prompt, unchanged", async () => {
    await open();
    const context = await memory.buildContext({ basePrompt: "You are helpful.", defaultIdentity: false });
    expect(context).toBe("You are helpful.");
    expect(await readFile(join(home, "SOUL.md"), "utf8").catch(() => undefined)).toBeUndefined();
  });

  test("tagged blocks in order, then the memory instructions, then the base prompt", async () => {
    await open();
    await writeFile(join(home, "SOUL.md"), "# Soul\n\n## Identity\nI am Mo.\n");
    await writeFile(join(home, "USER.md"), "## Name\nAda\n");
    await memory.memories.save({
      type: "user",
      name: "Go expert",
      description: "Senior Go developer",
      content: "Ten years.",
    });
    await memory.store.transaction(async (writer) => {
      await writer.write("daily/2026-11-21.md", "# 2026-11-21\n\n## Session\nFixed the build.\n");
      await writer.write("daily/2026-11-20.md", "# 2026-11-20\n\nToo old to load.\n");
      await writer.write("daily/2026-11-22.md", "# 2026-11-22\n\n## Morning\nPlanned the day.\n");
    });
    const context = await memory.buildContext({ basePrompt: "Base prompt." });
    expect(context).toBe(
      [
        "<agent-identity>\n# Soul\n\n## Identity\nI am Mo.\n</agent-identity>",
        "<user-profile>\n## Name\nAda\n</user-profile>",
        "<agent-notes>\n# Memory\n\n## Memories\n- [Go expert](memories/user_go-expert.md) — Senior Go developer\n</agent-notes>",
        "<recent-activity>\n# 2026-11-21\n\n## Session\nFixed the build.\n\n# 2026-11-22\n\n## Morning\nPlanned the day.\n</recent-activity>",
        MEMORY_INSTRUCTIONS_PROMPT,
        "Base prompt.\n",
      ].join("\n\n"),
    );
  });

  test("same files in, same bytes out", async () => {
    await open();
    await memory.profile.add("user", "Name", "Ada");
    await memory.journal.add("general", "The CI runs on Debian.");
    const first = await memory.buildContext({ basePrompt: "x" });
    const second = await memory.buildContext({ basePrompt: "x" });
    expect(second).toBe(first);
  });

  test("MEMORY.md is cut at its line cap, over-budget files are cut for the prompt only, and one notice names both with their reasons", async () => {
    await open({ autoLoadLines: 5, budgets: { user: 30 } });
    await writeFile(
      join(home, "MEMORY.md"),
      Array.from({ length: 9 }, (_, line) => `line ${line}`).join("\n"),
    );
    const longUser = "## Name\nAda\n## Notes\nA very long note that goes past the budget.\n";
    await writeFile(join(home, "USER.md"), longUser);
    const context = await memory.buildContext();
    expect(context).toContain(
      "line 4\n\n[Not shown, past the 30-character budget of USER.md: USER.md after 28 of 64 characters (memory_read user). " +
        "Not shown, past MEMORY.md's cap of 5 lines: the notes of MEMORY.md after 35 of 62 characters (memory_read memory).]",
    );
    expect(context).not.toContain("line 5");
    // The line that does not fit whole is shown cut, not dropped.
    expect(context).toContain("<user-profile>\n## Name\nAda\n## Notes\nA very …\n</user-profile>");
    expect(context.match(/\[Not shown/g)).toHaveLength(1);
    expect(context).not.toContain("to keep memory within");
    expect(await readFile(join(home, "USER.md"), "utf8")).toBe(longUser);
  });

  test("the index is capped in bytes too, keeping the newest memories", async () => {
    await open({ index: { maxBytes: 100 } });
    for (let index = 0; index < 10; index++) {
      // Ten links differing by a number (one updated, to consolidation): kept as given.
      const doc = { type: "reference", name: `Doc ${index}`, content: `link ${index}` } as const;
      await memory.memories.save({ ...doc, consolidate: false });
    }
    const notes = /<agent-notes>\n([\s\S]*)\n<\/agent-notes>/.exec(await memory.buildContext())?.[1] ?? "";
    const index = /## Memories\n([\s\S]*?)\n\n/.exec(notes)?.[1] ?? "";
    expect(index.split("\n").map((line) => /\[(Doc \d)\]/.exec(line)?.[1])).toEqual(["Doc 9", "Doc 8"]);
    expect(Buffer.byteLength(index)).toBeLessThanOrEqual(100);
    expect(notes).toContain("8 older memories (memory_list, memory_search)");
  });
});
