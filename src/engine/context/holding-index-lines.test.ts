import { afterEach, describe, expect, test } from "vitest";
import type { DocumentReader } from "../../contracts/document-store.js";
import { openTestMemory, removeDir } from "../../testing/test-home.js";
import type { MemoryHome } from "../memory-home.js";
import { indexLinesHoldingNow } from "./holding-index-lines.js";

/**
 * The context shows only what holds now (issue 30, point 4): a memory whose own validTo has passed,
 * or whose validFrom is to come, is left out of the frozen context and still found by recall.
 */
let clock = new Date("2026-12-01T09:00:00");
let home = "";
let memory: MemoryHome | undefined;

afterEach(async () => {
  await memory?.close();
  await removeDir(home);
  memory = undefined;
});

describe("the context's index lines", () => {
  test("leave out a memory once its validTo has passed and until its validFrom comes; recall still finds them", async () => {
    clock = new Date("2026-12-01T09:00:00");
    ({ memory, home } = await openTestMemory({ config: { search: { embedder: "none" } }, now: () => clock }));
    const save = memory.memories.save.bind(memory.memories);
    await save({ type: "user", name: "Indentation", content: "Indents with tabs." });
    await save({
      type: "project",
      name: "Japan trip",
      content: "The user travels in Japan.",
      validTo: "2026-12-10",
    });
    await save({
      type: "project",
      name: "Office move",
      content: "The team works from Lisbon.",
      validFrom: "2027-01-01",
    });

    const december = await memory.buildContext();
    expect(december).toContain("Indentation");
    expect(december).toContain("Japan trip");
    expect(december).not.toContain("Office move");

    clock = new Date("2027-01-02T09:00:00");
    const january = await memory.buildContext();
    expect(january).toContain("Indentation");
    expect(january).not.toContain("Japan trip");
    expect(january).toContain("Office move");

    const found = await memory.recall("travels in Japan", { kind: "memory", minRelevance: 0 });
    expect(found.hits[0]?.path).toBe("memories/project_japan-trip.md");
  });
});

describe("indexLinesHoldingNow", () => {
  const line = (name: string) => `- [${name}](memories/user_${name}.md) — ${name}`;
  const memoryFile = (name: string, extra = "") =>
    `---\nname: ${name}\ndescription: ${name}\ntype: user\n${extra}---\n\n${name}\n`;

  function readerOf(files: Record<string, string>): DocumentReader & { heads: string[] } {
    const heads: string[] = [];
    return {
      heads,
      readHead: async (path: string) => {
        heads.push(path);
        return files[path];
      },
    } as unknown as DocumentReader & { heads: string[] };
  }

  test("reads only as many headers as can be shown, and refills the places of lines left out", async () => {
    const names = ["a", "b", "c", "d", "e"];
    const reader = readerOf(
      Object.fromEntries(
        names.map((name) => [
          `memories/user_${name}.md`,
          memoryFile(name, name === "a" ? "validTo: 2026-01-01\n" : ""),
        ]),
      ),
    );
    const lines = names.map(line);
    const result = await indexLinesHoldingNow(reader, lines, {
      now: new Date("2026-06-01T00:00:00").getTime(),
      shown: 2,
    });
    expect(result).toEqual([line("b"), line("c"), line("d"), line("e")]);
    expect(reader.heads).toEqual(["memories/user_a.md", "memories/user_b.md", "memories/user_c.md"]);
  });

  test("keeps a person's note, a line whose file is missing or unreadable, and a memory without validity", async () => {
    const reader = readerOf({
      "memories/user_b.md": "---\nname: [broken\n---\n",
      "memories/user_c.md": memoryFile("c"),
    });
    const lines = ["A note by hand.", line("a"), line("b"), line("c")];
    const result = await indexLinesHoldingNow(reader, lines, { now: Date.now(), shown: 10 });
    expect(result).toEqual(lines);
  });

  test("a validTo is the first moment the memory no longer holds; a validFrom the first it does", async () => {
    const reader = readerOf({
      "memories/user_a.md": memoryFile("a", "validTo: 2026-06-01T00:00:00.000Z\n"),
      "memories/user_b.md": memoryFile("b", "validFrom: 2026-06-01T00:00:00.000Z\n"),
    });
    const at = Date.parse("2026-06-01T00:00:00.000Z");
    const lines = [line("a"), line("b")];
    expect(await indexLinesHoldingNow(reader, lines, { now: at, shown: 5 })).toEqual([line("b")]);
    expect(await indexLinesHoldingNow(reader, lines, { now: at - 1, shown: 5 })).toEqual([line("a")]);
  });
});
