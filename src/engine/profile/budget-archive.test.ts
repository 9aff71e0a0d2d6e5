import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { afterAll, afterEach, describe, expect } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";

/**
 * Seed 002's promise that nothing is silently dropped, through real files: when one edit pushes
 * several chunks over a budget at once, every one of them is in archive/, each after its own marker.
 * (A budget test that pushes exactly one chunk over cannot tell "all chunks" from "the last one".)
 */
const NOW = new Date(2026, 10, 22, 14, 30);
let home = "";
let memory: MemoryHome;

async function open(budgets: Record<string, number>) {
  ({ memory, home } = await openTestMemory({ config: { budgets }, now: () => NOW }));
}

const read = (path: string) => readFile(join(home, path), "utf8").catch(() => "");
const markers = (text: string) => text.match(/^<!-- mnemo archived from /gm)?.length ?? 0;

afterEach(async () => removeDir(home));

describe("text a budget pushes out is archived, all of it", () => {
  test("one edit that pushes three sections out of SOUL.md archives all three", async () => {
    await open({ soul: 140 });
    for (const [name, text] of <Array<[string, string]>>[
      ["Identity", "I am Mo."],
      ["Tone", "Warm and brief."],
      ["Rules", "Cite sources."],
      ["Habits", "Check the calendar."],
    ])
      await memory.profile.add("soul", name, text);
    // A long identity is the first section: trimming from the end pushes out Habits, Rules and Tone.
    const change = await memory.profile.add("soul", "Identity", "x".repeat(100));
    expect(change.archived).toHaveLength(3);
    const soul = await read("SOUL.md");
    const archive = await read("archive/SOUL.md");
    expect(soul).not.toMatch(/Tone|Rules|Habits/);
    expect(markers(archive)).toBe(3);
    // In the order they stood in the file.
    const positions = ["Warm and brief.", "Cite sources.", "Check the calendar."].map((text) =>
      archive.indexOf(text),
    );
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  test("today's log trimmed from its start archives every early section", async () => {
    await open({ daily: 90 });
    for (const [time, text] of <Array<[string, string]>>[
      ["08:00", "standup"],
      ["09:00", "review"],
      ["10:00", "deploy"],
    ])
      await memory.profile.add("daily", time, text);
    const change = await memory.profile.add("daily", "11:00", "a long afternoon of writing tests".repeat(2));
    const archive = await read("archive/daily/2026-11-22.md");
    expect(change.archived.length).toBeGreaterThanOrEqual(2);
    for (const text of ["standup", "review", "deploy"])
      expect((await read("daily/2026-11-22.md")).includes(text) || archive.includes(text), text).toBe(true);
    expect(markers(archive)).toBe(change.archived.length);
  });

  test("doctor --fix on a hand-grown file archives every section it moves out", async () => {
    await open({ user: 60 });
    const sections = ["Alpha", "Bravo", "Charlie", "Delta"].map((name) => `## ${name}\n${name} fact.\n`);
    await writeFile(join(home, "USER.md"), `# User\n\n${sections.join("\n")}`);
    await memory.doctor({ fix: true });
    const kept = await read("USER.md");
    const archive = await read("archive/USER.md");
    const moved = ["Alpha", "Bravo", "Charlie", "Delta"].filter((name) => !kept.includes(`${name} fact.`));
    expect(moved.length).toBeGreaterThanOrEqual(2);
    for (const name of moved) expect(archive).toContain(`## ${name}\n${name} fact.`);
    expect(archive).toContain(": over budget (60 characters) -->");
    expect(markers(archive)).toBe(moved.length);
  });
});

/** How many property runs pushed more than one chunk out at once: the property must exercise that. */
let propertyRuns = 0;
let multiChunkRuns = 0;
afterAll(() => {
  if (propertyRuns > 0)
    expect(
      multiChunkRuns,
      `runs of ${propertyRuns} where one edit archived several chunks`,
    ).toBeGreaterThanOrEqual(propertyRuns / 4);
});

describe("budgets lose nothing (property)", () => {
  const NAMES = ["Identity", "Tone", "Rules", "Habits", "Goals", "Limits"];
  const words = (serial: number, count: number) =>
    Array.from({ length: count }, (_, word) => `w${serial}x${word}`).join(" ");

  // Sections fill the file up to near its budget; then a long edit to the first one pushes out
  // the last sections, usually several at once (counted, and checked in afterAll).
  test.prop(
    [
      fc.array(fc.integer({ min: 1, max: 4 }), { minLength: NAMES.length, maxLength: NAMES.length }),
      fc.integer({ min: 10, max: 30 }),
      fc.integer({ min: 120, max: 300 }),
    ],
    { numRuns: 20 },
  )(
    "every text added to SOUL.md is afterwards in SOUL.md or in archive/SOUL.md",
    async (fills, last, budget) => {
      await open({ soul: budget });
      propertyRuns++;
      try {
        const added: string[] = [];
        for (const [serial, count] of fills.entries()) {
          const change = await memory.profile.add("soul", NAMES[serial] as string, words(serial, count));
          added.push(words(serial, count));
          if (change.usage.characters > budget - 45) break; // the next section might not fit
        }
        const change = await memory.profile.add("soul", "Identity", words(99, last));
        added.push(words(99, last));
        if (change.archived.length > 1) multiChunkRuns++;
        const everything = (await read("SOUL.md")) + (await read("archive/SOUL.md"));
        for (const text of added)
          for (const word of text.split(" ")) expect(everything, `${word} was lost`).toContain(word);
      } finally {
        await removeDir(home);
      }
    },
  );
});
