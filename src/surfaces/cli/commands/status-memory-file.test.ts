import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { grownMemoryFile } from "../../../testing/grown-memory-file.js";
import { runMnemo } from "../../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../../testing/test-home.js";

/**
 * Issue 26, point 16, through the built CLI: `mnemo status` on a grown MEMORY.md said "10 of 2200
 * characters" for a file of tens of thousands, since the budget counts only its notes. It now says
 * that the count is of the notes and gives the whole file beside it.
 */
let home: string;
beforeEach(async () => {
  home = await makeTempDir("mnemo-status-memory-");
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
});
afterEach(async () => removeDir(home));

describe("mnemo status on a grown MEMORY.md", () => {
  it("names the notes as what the budget counts and gives the whole file's size", async () => {
    await writeFile(
      join(home, "MEMORY.md"),
      grownMemoryFile({ memories: 300, entries: 79, notes: "Prefers short answers." }),
    );
    const whole = [...(await readFile(join(home, "MEMORY.md"), "utf8"))].length;
    expect(whole).toBeGreaterThan(40_000);
    const text = runMnemo(["status", "--home", home]);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      new RegExp(
        `^ {2}MEMORY\\.md\\s+\\d+ of 2200 characters \\(\\d+%\\) in its notes; the whole file ${whole} characters \\(its index and journal have caps of their own\\)$`,
        "m",
      ),
    );
    const json = JSON.parse(runMnemo(["status", "--json", "--home", home]).stdout);
    const memoryFile = json.profile.find((file: { path: string }) => file.path === "MEMORY.md");
    expect(memoryFile).toMatchObject({ budget: 2200, fileCharacters: whole });
    expect(memoryFile.characters).toBeLessThan(100);
  });
});
