import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { afterEach, describe, expect } from "vitest";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { SaveMemoryInput } from "./memdir.js";

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

describe("saveMany", () => {
  test.prop([fc.array(input, { minLength: 1, maxLength: 12 })], { numRuns: 25 })(
    "leaves the home exactly as the same saves one by one would",
    async (inputs) => {
      const batch = await freshHome();
      const oneByOne = await freshHome();
      await batch.memory.memories.saveMany(inputs);
      // saveMany does not consolidate: the same saves as given.
      for (const each of inputs) await oneByOne.memory.memories.save({ ...each, consolidate: false });
      expect(await filesOf(batch.home)).toEqual(await filesOf(oneByOne.home));
    },
  );

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
