import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { openMemory } from "../../open-memory.js";
import { entryArbitrary } from "../../testing/test-arbitraries.js";
import { makeTempDir, openTestMemory, removeDir } from "../../testing/test-home.js";
import { journalEntries, parseJournal } from "../markdown/journal-entries.js";
import { countLines } from "../markdown/lines.js";

/** The five correctness properties of seed 000, each through the real file system, 100 runs at least. */
const RUNS = { numRuns: 100 };
const TOPIC_OF: Record<string, string> = {
  file_pattern: "topics/file_patterns.md",
  user_pref: "topics/user_prefs.md",
  error_solution: "MEMORY.md",
  general: "MEMORY.md",
};

describe("seed 000 correctness properties", () => {
  test.prop(
    [
      fc.array(
        fc.string({ maxLength: 40 }).map((line) => line.replace(/[\r\n]/g, "")),
        { maxLength: 400 },
      ),
      fc.integer({ min: 1, max: 300 }),
    ],
    RUNS,
  )(
    "property 1: core memory is exactly the first min(N, autoLoadLines) lines of MEMORY.md",
    async (lines, autoLoadLines) => {
      const { memory, home } = await openTestMemory({
        // The index caps (200 lines by default) do not cap it: autoLoadLines above 200 is honoured.
        config: { autoLoadLines },
      });
      try {
        const text = lines.map((line) => `${line}\n`).join("");
        await writeFile(join(home, "MEMORY.md"), text);
        const core = await memory.loadCoreMemory();
        const expectedLines = Math.min(lines.length, autoLoadLines);
        expect(core.shownLines).toBe(expectedLines);
        expect(core.text).toBe(
          lines
            .slice(0, expectedLines)
            .map((line) => `${line}\n`)
            .join(""),
        );
      } finally {
        await removeDir(home);
      }
    },
  );

  test.prop([fc.array(entryArbitrary, { minLength: 1, maxLength: 12 })], RUNS)(
    "property 3: every entry is routed to the file of its category",
    async (entries) => {
      const { memory, home } = await openTestMemory();
      try {
        for (const entry of entries) await memory.journal.add(entry.category, entry.content);
        for (const path of new Set(Object.values(TOPIC_OF))) {
          const text = await readFile(join(home, path), "utf8").catch(() => "");
          const journal = path === "MEMORY.md" ? text.slice(text.indexOf("## Journal")) : text;
          const written = journalEntries(parseJournal(journal).blocks).map(
            (entry) => `${entry.category}:${entry.content}`,
          );
          const expected = entries
            .filter((entry) => TOPIC_OF[entry.category] === path)
            .map((entry) => `${entry.category}:${entry.content}`);
          expect(written).toEqual(expected);
        }
      } finally {
        await removeDir(home);
      }
    },
  );

  test.prop([fc.integer({ min: 501, max: 900 }), fc.integer({ min: 1, max: 30 })], RUNS)(
    "property 4, topic files: after a write, a topic over 500 lines is at most 400, newest kept, the rest archived",
    async (startLines, entryLines) => {
      const { memory, home } = await openTestMemory();
      try {
        const body = Array.from({ length: entryLines }, (_, line) => `line ${line}`).join("\n");
        const count = Math.ceil(startLines / (entryLines + 4));
        const existing = Array.from(
          { length: count },
          (_, index) => `### [2026-01-01 10:00] user_pref\n\n${index}\n${body}\n\n---\n`,
        ).join("\n");
        await mkdir(join(home, "topics"), { recursive: true });
        await writeFile(join(home, "topics/user_prefs.md"), `# user_prefs\n\n${existing}`);
        // The file passes 500 lines before the write (the generator guarantees it): pruning must happen.
        expect(countLines(`# user_prefs\n\n${existing}`)).toBeGreaterThan(500);
        await memory.journal.add("user_pref", `newest\n${body}`);
        const after = await readFile(join(home, "topics/user_prefs.md"), "utf8");
        expect(countLines(after)).toBeLessThanOrEqual(400);
        const kept = journalEntries(parseJournal(after).blocks);
        expect(kept.at(-1)?.content.startsWith("newest")).toBe(true);
        const archived = await readFile(join(home, "archive/topics/user_prefs.md"), "utf8");
        expect(journalEntries(parseJournal(archived).blocks).length + kept.length).toBe(count + 1);
      } finally {
        await removeDir(home);
      }
    },
  );

  test.prop([fc.integer({ min: 501, max: 900 }), fc.integer({ min: 1, max: 30 })], RUNS)(
    "property 4: after a write, MEMORY.md over 500 lines is at most 400, newest entries kept, the rest archived",
    async (targetLines, entryLines) => {
      const { memory, home } = await openTestMemory();
      try {
        const body = Array.from({ length: entryLines }, (_, line) => `line ${line}`).join("\n");
        const count = Math.ceil(targetLines / (entryLines + 4));
        const existing = Array.from(
          { length: count },
          (_, index) => `### [2026-01-01 10:00] general\n\n${index}\n${body}\n\n---\n`,
        ).join("\n");
        await writeFile(join(home, "MEMORY.md"), `# Memory\n\n## Journal\n\n${existing}`);
        await memory.journal.add("general", `newest\n${body}`);
        const after = await readFile(join(home, "MEMORY.md"), "utf8");
        const before = countLines(`# Memory\n\n## Journal\n\n${existing}`) + entryLines + 5;
        if (before > 500) expect(countLines(after)).toBeLessThanOrEqual(400);
        const kept = journalEntries(parseJournal(after.slice(after.indexOf("## Journal"))).blocks);
        expect(kept.at(-1)?.content.startsWith("newest")).toBe(true);
        const firstKept = Number(kept[0]?.content.split("\n")[0]);
        if (kept.length > 1)
          expect(kept.slice(0, -1).map((entry) => Number(entry.content.split("\n")[0]))).toEqual(
            Array.from({ length: kept.length - 1 }, (_, index) => firstKept + index),
          );
        const archived = await readFile(join(home, "archive/MEMORY.md"), "utf8").catch(() => "");
        const archivedEntries = journalEntries(parseJournal(archived).blocks);
        expect(archivedEntries.length + kept.length).toBe(count + 1);
      } finally {
        await removeDir(home);
      }
    },
  );

  test.prop([fc.array(fc.stringMatching(/^[a-z0-9_-]{1,12}$/), { minLength: 1, maxLength: 4 })], RUNS)(
    "property 5: opening a home that does not exist creates it",
    async (segments) => {
      const parent = await makeTempDir();
      try {
        const home = join(parent, ...segments);
        await openMemory({ home, env: {} });
        expect((await stat(home)).isDirectory()).toBe(true);
      } finally {
        await removeDir(parent);
      }
    },
  );
});
