import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { grownMemoryFile } from "../../testing/grown-memory-file.js";
import { runMnemo } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";

/**
 * Issue 26, defect 7, through the built CLI: `mnemo context` shows a cut of a MEMORY.md line too long
 * to fit (not nothing), a larger `contextBudgetTokens` never shows fewer journal entries, and the
 * notice names the limit that cut.
 */
let home: string;
beforeEach(async () => {
  home = await makeTempDir("mnemo-cli-context-");
});
afterEach(async () => removeDir(home));

async function context(config: Record<string, unknown> = {}): Promise<string> {
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" }, ...config }));
  const result = runMnemo(["context", "--home", home]);
  expect(result.status, result.stderr).toBe(0);
  return /<agent-notes>\n([\s\S]*?)\n<\/agent-notes>/.exec(result.stdout)?.[1] ?? "";
}

describe("mnemo context cuts MEMORY.md honestly", () => {
  it("shows a note written as one long line cut to fit, with the notice", async () => {
    const note = `Deploy checklist: ${"check the staging server, ".repeat(200)}done.`;
    await writeFile(join(home, "MEMORY.md"), `# Memory\n\n${note}\n`);
    const notes = await context();
    const shown = /^# Memory\n\n([^\n]*)…\n/.exec(notes)?.[1] ?? "";
    expect(shown.length).toBeGreaterThan(2_000);
    expect(note.startsWith(shown)).toBe(true);
    expect(notes).toContain(
      "[Not shown, past the 2200-character budget of MEMORY.md: the notes of MEMORY.md after ",
    );
  });

  it("raising contextBudgetTokens to 100,000 shows no fewer journal entries; the notice names the line cap", async () => {
    await writeFile(join(home, "MEMORY.md"), grownMemoryFile({ memories: 300, entries: 79 }));
    const entries = (notes: string) => (notes.match(/^### \[/gm) ?? []).length;
    const atDefault = await context();
    const atLarge = await context({ contextBudgetTokens: 100_000 });
    expect(entries(atDefault)).toBeGreaterThanOrEqual(20);
    expect(entries(atLarge)).toBeGreaterThanOrEqual(entries(atDefault));
    expect(atLarge).toMatch(
      new RegExp(
        `\\[Not shown, past MEMORY\\.md's cap of 200 lines: \\d+ older memories \\(memory_list, memory_search\\); ${79 - entries(atLarge)} older journal entries`,
      ),
    );
    expect(atLarge).not.toContain("to keep memory within");
  });
});
