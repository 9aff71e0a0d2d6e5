import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { afterEach, describe, expect } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { SavedMemory, SaveMemoryInput } from "./memdir.js";

const homes: string[] = [];
afterEach(async () => {
  for (const home of homes.splice(0)) await removeDir(home);
});

const NOW = () => new Date("2026-05-01T10:00:00Z");

async function freshHome() {
  const opened = await openTestMemory({ now: NOW, config: { search: { embedder: "none" } } });
  homes.push(opened.home);
  return opened;
}

/** Every file of a home but the derived state, by path. */
async function filesOf(home: string, folder = ""): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(join(home, folder), { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) Object.assign(files, await filesOf(home, path));
    else files[path] = await readFile(join(home, path), "utf8");
  }
  return files;
}

const input = fc.record({
  type: fc.constantFrom("user", "feedback", "project", "reference") as fc.Arbitrary<SaveMemoryInput["type"]>,
  name: fc.constantFrom("Prefers tabs", "prefers TABS", "C++ style", "C# style", "Deploy", "Pet"),
  content: fc.constantFrom("First text.", "Second text.", "Third text."),
  description: fc.option(fc.constantFrom("A summary", "Another summary"), { nil: undefined }),
});

/** Saves consolidation has to judge: the same fact said again, changed, refined, or something else. */
const fact = fc.record({
  type: fc.constantFrom("user", "project") as fc.Arbitrary<SaveMemoryInput["type"]>,
  name: fc.constantFrom("Home city", "City", "Standup", "Daily standup", "Editor", "Pet"),
  content: fc.constantFrom(
    "Lives in Porto.",
    "Lives in Lisbon since May 2026.",
    "The team standup is at 9:30 on Mondays.",
    "The team standup is at 10:00 on Mondays.",
    "Uses Neovim with the default keys.",
    "Has a cat called Miso.",
    "Has no cat.",
  ),
});

/** What a save answered, without what differs by design between the two ways (nothing, so far). */
const outcome = ({ action, path, name, type, created, reason, possibleConflicts }: SavedMemory) => ({
  action,
  path,
  name,
  type,
  created,
  reason,
  possibleConflicts,
});

describe("saveMany", () => {
  test.prop([fc.array(input, { minLength: 1, maxLength: 12 })], { numRuns: 25 })(
    "without consolidation, leaves the home exactly as the same saves one by one would",
    async (inputs) => {
      const batch = await freshHome();
      const oneByOne = await freshHome();
      await batch.memory.memories.saveMany(inputs, { consolidate: false });
      for (const each of inputs) await oneByOne.memory.memories.save({ ...each, consolidate: false });
      expect(await filesOf(batch.home)).toEqual(await filesOf(oneByOne.home));
    },
  );

  test.prop([fc.array(fc.oneof(fact, input), { minLength: 1, maxLength: 12 })], { numRuns: 25 })(
    "consolidated (the default), answers and leaves the home as the same consolidated saves one by one",
    async (inputs) => {
      const batch = await freshHome();
      const oneByOne = await freshHome();
      const together = await batch.memory.memories.saveMany(inputs);
      const alone: SavedMemory[] = [];
      for (const each of inputs) alone.push(await oneByOne.memory.memories.save(each));
      expect(together.map(outcome)).toEqual(alone.map(outcome));
      expect(await filesOf(batch.home)).toEqual(await filesOf(oneByOne.home));
    },
  );

  test("an item compared with the home and with the batch's earlier items", async () => {
    const { memory } = await freshHome();
    await memory.memories.save({ type: "user", name: "Home city", content: "Lives in Porto." });
    const saved = await memory.memories.saveMany([
      { type: "user", name: "Where I live", content: "Lives in Porto." },
      { type: "project", name: "Standup", content: "The team standup is at 9:30 on Mondays." },
      { type: "project", name: "Daily standup", content: "The team standup is at 10:00 on Mondays." },
      { type: "user", name: "Pet", content: "Has a cat called Miso.", consolidate: false },
    ]);
    expect(saved.map(({ action, name, decidedBy }) => ({ action, name, decidedBy }))).toEqual([
      { action: "unchanged", name: "Home city", decidedBy: "rules" },
      { action: "added", name: "Standup", decidedBy: "rules" },
      { action: "updated", name: "Standup", decidedBy: "rules" },
      { action: "added", name: "Pet", decidedBy: "off" },
    ]);
    expect((await memory.memories.get("Standup")).content).toBe("The team standup is at 10:00 on Mondays.");
  });

  test("checks every input first: one refused input saves nothing and names its place", async () => {
    const { memory, home } = await freshHome();
    const inputs: SaveMemoryInput[] = [
      { type: "user", name: "Pet", content: "A cat." },
      { type: "user", name: "../escape", content: "x" },
    ];
    await expect(memory.memories.saveMany(inputs)).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining("Memory 2 of 2:"),
    });
    expect(await filesOf(home)).toEqual({});
  });
});
