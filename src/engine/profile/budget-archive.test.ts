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
  test("one add that needs the room of several old lines archives them all, oldest first, and keeps the rest", async () => {
    await open({ soul: 140 });
    await memory.profile.add("soul", "Identity", "I am Mo.");
    for (const text of ["Warm and brief.", "Cite sources.", "Check the calendar."])
      await memory.profile.add("soul", "Habits", text);
    await memory.profile.add("soul", "Tone", "Plain words.");
    const change = await memory.profile.add("soul", "Habits", "x".repeat(56));
    expect(change.archived).toEqual([
      expect.objectContaining({ reason: "over budget (140 characters): the oldest 2 lines of ## Habits" }),
    ]);
    expect(await read("SOUL.md")).toBe(
      `# Soul\n\n## Identity\nI am Mo.\n\n## Habits\nCheck the calendar.\n${"x".repeat(56)}\n\n## Tone\nPlain words.\n\n`,
    );
    const archive = await read("archive/SOUL.md");
    expect(markers(archive)).toBe(1);
    expect(archive).toContain("## Habits\nWarm and brief.\nCite sources.\n");
  });

  test("today's log gives up its earliest sections, every one archived, the new one kept", async () => {
    await open({ daily: 90 });
    for (const [time, text] of <Array<[string, string]>>[
      ["08:00", "standup"],
      ["09:00", "review"],
      ["10:00", "deploy"],
    ])
      await memory.profile.add("daily", time, text);
    const afternoon = "a long afternoon of writing tests, then more";
    const change = await memory.profile.add("daily", "11:00", afternoon);
    const archive = await read("archive/daily/2026-11-22.md");
    expect(change.archived.length).toBeGreaterThanOrEqual(2);
    expect(await read("daily/2026-11-22.md")).toContain(`## 11:00\n${afternoon}\n`);
    for (const text of ["standup", "review", "deploy"])
      expect((await read("daily/2026-11-22.md")).includes(text) || archive.includes(text), text).toBe(true);
    expect(archive).toContain("## 08:00\nstandup");
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

/** How many property runs archived something: the property must exercise the budget, not just fit. */
let propertyRuns = 0;
let archivingRuns = 0;
afterAll(() => {
  if (propertyRuns > 0)
    expect(archivingRuns, `runs of ${propertyRuns} where an add archived text`).toBeGreaterThanOrEqual(
      propertyRuns / 4,
    );
});

describe("budgets lose nothing and keep what was just written (property)", () => {
  const NAMES = ["Identity", "Tone", "Rules"];
  const words = (serial: number, count: number) =>
    Array.from({ length: count }, (_, word) => `w${serial}x${word}`).join(" ");

  // Adds of random sizes to random sections of a small SOUL.md: some fit, some make room by
  // archiving their section's oldest lines, some cannot fit and must be refused.
  test.prop(
    [
      fc.array(fc.tuple(fc.integer({ min: 0, max: NAMES.length - 1 }), fc.integer({ min: 1, max: 12 })), {
        minLength: 4,
        maxLength: 14,
      }),
      fc.integer({ min: 120, max: 300 }),
    ],
    { numRuns: 20 },
  )(
    "an accepted add stays whole in SOUL.md and other sections are untouched; a refused one changes nothing; every accepted word is in SOUL.md or archive/SOUL.md",
    async (adds, budget) => {
      await open({ soul: budget });
      propertyRuns++;
      try {
        const accepted: string[] = [];
        let archived = false;
        for (const [serial, [nameIndex, count]] of adds.entries()) {
          const name = NAMES[nameIndex] as string;
          const text = words(serial, count);
          const before = await memory.profile.read("soul");
          const others = before.sections.filter((section) => section !== name);
          const othersBefore = await Promise.all(
            others.map((section) => memory.profile.read("soul", section)),
          );
          const change = await memory.profile.add("soul", name, text).catch((error: { code?: string }) => {
            expect(error.code).toBe("TOO_LARGE");
            return undefined;
          });
          const after = await memory.profile.read("soul");
          if (change === undefined) {
            expect(after.text).toBe(before.text);
            continue;
          }
          accepted.push(text);
          archived ||= change.archived.length > 0;
          expect(after.usage.characters).toBeLessThanOrEqual(budget);
          expect((await memory.profile.read("soul", name)).text.endsWith(text)).toBe(true);
          for (const [index, section] of others.entries())
            expect((await memory.profile.read("soul", section)).text).toBe(othersBefore[index]?.text);
        }
        if (archived) archivingRuns++;
        const everything = (await read("SOUL.md")) + (await read("archive/SOUL.md"));
        for (const text of accepted)
          for (const word of text.split(" ")) expect(everything, `${word} was lost`).toContain(word);
      } finally {
        await removeDir(home);
      }
    },
  );
});
