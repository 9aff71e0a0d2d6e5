import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { grownMemoryFile } from "../../testing/grown-memory-file.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * Issue 26, defect 7, through the library (openMemory, buildContext): where the session context cuts
 * MEMORY.md, what it shows of a line too long to fit, that a larger budget never shows less, and
 * that the notice names the limit that really cut.
 */
let home = "";
let memory: MemoryHome;
afterEach(async () => {
  await memory?.close();
  await removeDir(home);
});

async function contextWith(memoryFile: string, config: Record<string, unknown> = {}): Promise<string> {
  await memory?.close();
  await removeDir(home);
  ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" }, ...config } }));
  await writeFile(join(home, "MEMORY.md"), memoryFile);
  return memory.buildContext({ defaultIdentity: false });
}

const block = (context: string, tag: string) =>
  new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(context)?.[1] ?? "";
const LONG_NOTE = `Deploy checklist: ${"check the staging server, ".repeat(200)}done.`;

describe("the session context's cuts of MEMORY.md", () => {
  test("notes written as one line over the notes' budget show the line cut, with the notice", async () => {
    const notes = block(await contextWith(`# Memory\n\n${LONG_NOTE}\n`), "agent-notes");
    const shown = /^# Memory\n\n(Deploy checklist: [^\n]*)…\n/.exec(notes)?.[1] ?? "";
    expect(LONG_NOTE.startsWith(shown)).toBe(true);
    expect(shown.length).toBeGreaterThan(2_000);
    expect(notes).toMatch(
      /\[Not shown, past the 2200-character budget of MEMORY\.md: the notes of MEMORY\.md after 2\d{3} of 5\d{3} characters \(memory_read memory\)\.\]$/,
    );
  });

  test("a line the token budget cuts is shown cut too, and the notice blames the budget", async () => {
    const notes = block(
      await contextWith(`# Memory\n\n${LONG_NOTE.repeat(3)}\n`, { budgets: { memory: 100_000 } }),
      "agent-notes",
    );
    const shown = /^# Memory\n\n([^\n]*)…\n/.exec(notes)?.[1] ?? "";
    expect(LONG_NOTE.repeat(3).startsWith(shown)).toBe(true);
    expect(shown.length).toBeGreaterThan(8_000);
    expect(notes).toMatch(
      /\[Not shown, to keep memory within 2500 tokens: the notes of MEMORY\.md after \d+ of/,
    );
  });

  test("a larger budget never shows fewer journal entries, and the notice names MEMORY.md's line cap", async () => {
    const file = grownMemoryFile({ memories: 300, entries: 79 });
    const entries = (context: string) => (block(context, "agent-notes").match(/^### \[/gm) ?? []).length;
    const atDefault = await contextWith(file);
    const atLarge = await contextWith(file, { contextBudgetTokens: 100_000 });
    expect(entries(atDefault)).toBeGreaterThanOrEqual(20);
    expect(entries(atLarge)).toBeGreaterThanOrEqual(entries(atDefault));
    expect(block(atLarge, "agent-notes").split("\n\n[Not shown")[0]?.split("\n")).toHaveLength(200);
    expect(atLarge).toContain("[Not shown, past MEMORY.md's cap of 200 lines: ");
    expect(atLarge).toContain(`${79 - entries(atLarge)} older journal entries of MEMORY.md`);
    expect(atLarge).not.toContain("to keep memory within");
  });
});
