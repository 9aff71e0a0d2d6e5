import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { MEMORY_INDEX_SECTION } from "../../rules/home-layout.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import { findSection, parseSections } from "../markdown/sections.js";
import type { MemoryHome } from "../memory-home.js";
import { indexLinesOf } from "./memory-index.js";
import { memoryNameKey } from "./memory-name.js";
import { MEMORY_TYPES, type MemoryType } from "./memory-types.js";

/**
 * Model-based test: after any sequence of save / delete / hand edit, through the real file system,
 * the files in memories/ and the index lines in MEMORY.md agree, and every memory reads back as the
 * model says.
 */
interface ModelMemory {
  type: MemoryType;
  content: string;
  /** Where the save put it: `<type>_<slug>.md`, or `<type>_<slug>--<hash>.md` when another name held that. */
  path: string;
}
type Model = Map<string, ModelMemory>; // keyed by name key: "Tabs" and "tabs" are one memory, "Go expert" and "Go-Expert" two
interface Real {
  memory: MemoryHome;
  home: string;
}

const NAMES = [
  "Tabs",
  "tabs",
  "Go expert",
  "Go-Expert",
  "go  EXPERT",
  "Deadline",
  "日本語 メモ",
  "CI",
  "C++",
  "C#",
];

class SaveCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly name: string,
    readonly type: MemoryType,
    readonly content: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const saved = await real.memory.memories.save({
      type: this.type,
      name: this.name,
      description: `about ${this.name}`,
      content: this.content,
    });
    const previous = model.get(memoryNameKey(this.name));
    if (previous?.type === this.type) expect(saved.path).toBe(previous.path); // updated in place
    model.set(memoryNameKey(this.name), { type: this.type, content: this.content.trim(), path: saved.path });
    await assertAgreement(model, real);
  }
  toString = () => `save(${this.name}, ${this.type})`;
}

class DeleteCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly name: string) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const deleting = real.memory.memories.delete(this.name);
    if (model.has(memoryNameKey(this.name))) await deleting;
    else await expect(deleting).rejects.toMatchObject({ code: "NOT_FOUND" });
    model.delete(memoryNameKey(this.name));
    await assertAgreement(model, real);
  }
  toString = () => `delete(${this.name})`;
}

/** A person edits the body of a memory file in an editor. */
class HandEditCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly name: string,
    readonly content: string,
  ) {}
  check = (model: Readonly<Model>) => model.has(memoryNameKey(this.name));
  async run(model: Model, real: Real) {
    const entry = model.get(memoryNameKey(this.name)) as ModelMemory;
    const path = join(real.home, ...entry.path.split("/"));
    const text = await readFile(path, "utf8");
    const bodyStart = text.indexOf("\n---\n", 4) + 5;
    await writeFile(path, `${text.slice(0, bodyStart)}\n${this.content}\n`);
    model.set(memoryNameKey(this.name), { ...entry, content: this.content.trim() });
    await assertAgreement(model, real);
  }
  toString = () => `handEdit(${this.name})`;
}

async function assertAgreement(model: Model, real: Real): Promise<void> {
  const files = (await readdir(join(real.home, "memories")).catch(() => [] as string[])).sort();
  const expectedFiles = [...model.values()].map((entry) => entry.path.slice("memories/".length)).sort();
  expect(files).toEqual(expectedFiles); // one file per name: never two names in one file
  const memoryText = (await readFile(join(real.home, "MEMORY.md"), "utf8").catch(() => "")) as string;
  const indexed = indexLinesOf(findSection(parseSections(memoryText), MEMORY_INDEX_SECTION)?.body ?? "").map(
    (line) => line.path,
  );
  expect(indexed.sort()).toEqual(expectedFiles.map((file) => `memories/${file}`));
  for (const [key, entry] of model) {
    const read = await real.memory.memories.get(key);
    expect(read.content).toBe(entry.content);
    expect(read.type).toBe(entry.type);
  }
}

const nameArbitrary = fc.constantFrom(...NAMES);
const contentArbitrary = fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim() !== "");
const commandsArbitrary = fc.commands(
  [
    fc
      .tuple(nameArbitrary, fc.constantFrom(...MEMORY_TYPES), contentArbitrary)
      .map(([name, type, content]) => new SaveCommand(name, type, content)),
    nameArbitrary.map((name) => new DeleteCommand(name)),
    fc.tuple(nameArbitrary, contentArbitrary).map(([name, content]) => new HandEditCommand(name, content)),
  ],
  { maxCommands: 15 },
);

describe("typed memories, model-based", () => {
  test.prop([commandsArbitrary], { numRuns: 60 })(
    "index and files agree after any sequence of save, delete and hand edit",
    async (commands) => {
      const { memory, home } = await openTestMemory();
      try {
        await fc.asyncModelRun(() => ({ model: new Map(), real: { memory, home } }), commands);
      } finally {
        await removeDir(home);
      }
    },
  );
});
