import { describe, expect, test } from "vitest";
import { WorkingMemory } from "./working-memory.js";

/**
 * The shapes of memory_search and memory_get results that mnemo-tools-extractor.test.ts does not make
 * with a real home: partial hits, ages, failed and odd results, as the chunks the model is shown.
 */

const hit = (fields: Record<string, unknown>) => ({
  path: "memories/user_a.md",
  snippet: "A.",
  score: 0.5,
  ...fields,
});

function search(hits: unknown) {
  const memory = new WorkingMemory();
  const observation = memory.observeToolResult(
    "memory_search",
    { query: "q" },
    { ok: true, text: "", data: { hits } },
  );
  return { memory, observation };
}

const view = (memory: WorkingMemory) =>
  memory.chunks().map(({ key, source, content, relevance }) => ({ key, source, content, relevance }));

describe("memory_search hits", () => {
  test("a hit is keyed by its file and place, and labelled with them and its age when known", () => {
    const { memory } = search([
      hit({ place: "Pet", ageDays: 0 }),
      hit({ path: "memories/project_b.md", place: "Freeze", snippet: "B.", ageDays: 12, staleness: "old" }),
      hit({ path: "memories/user_c.md", snippet: "C." }),
    ]);
    expect(view(memory)).toEqual([
      { key: expect.stringMatching(/^content:/), source: "memories/user_c.md", content: "C.", relevance: 1 },
      {
        key: 'at:["memories/project_b.md","Freeze"]',
        source: "memories/project_b.md · Freeze · updated 12 days ago (may be outdated)",
        content: "B.",
        relevance: 1,
      },
      {
        key: 'at:["memories/user_a.md","Pet"]',
        source: "memories/user_a.md · Pet · updated today",
        content: "A.",
        relevance: 1,
      },
    ]);
  });

  test("a hit without its file, text or score is dropped and does not count towards the best score", () => {
    const { memory, observation } = search([
      hit({ path: undefined, score: 9 }),
      hit({ snippet: undefined, score: 8 }),
      hit({ score: "7" }),
      hit({ snippet: "Kept.", score: 0.2 }),
    ]);
    expect(observation).toMatchObject({ extractor: "mnemo-tools", chunksKept: 1 });
    expect(view(memory)).toEqual([
      {
        key: expect.stringMatching(/^content:/),
        source: "memories/user_a.md",
        content: "Kept.",
        relevance: 1,
      },
    ]);
  });

  test("scores are relative to the best; a search whose best is zero keeps nothing", () => {
    const relative = search([
      hit({ snippet: "Best.", score: 0.03 }),
      hit({ snippet: "Half.", score: 0.015 }),
    ]);
    expect(relative.memory.chunks().map((chunk) => [chunk.content, chunk.relevance])).toEqual([
      ["Best.", 1],
      ["Half.", 0.5],
    ]);
    for (const scores of [[0], [0, -1], [-0.5]]) {
      const { observation } = search(scores.map((score) => hit({ score })));
      expect(observation.chunksKept, String(scores)).toBe(0);
    }
  });

  test("hits that are not a list, and results that are not data, are recognised and keep nothing", () => {
    const memory = new WorkingMemory();
    for (const result of [
      "Found 2 memories",
      { ok: true, text: "", data: { hits: "two" } },
      { ok: true, text: "", data: "two hits" },
      { ok: false, text: "Error", data: { hits: [hit({})] } },
    ]) {
      expect(memory.observeToolResult("memory_search", {}, result), JSON.stringify(result)).toEqual({
        extractor: "mnemo-tools",
        tocsCached: [],
        chunksKept: 0,
        resultCached: false,
      });
    }
  });

  test("a result whose ok is not a boolean is read as the data itself", () => {
    const memory = new WorkingMemory();
    memory.observeToolResult("memory_search", {}, { ok: "yes", hits: [hit({})] });
    expect(memory.chunks().map((chunk) => chunk.content)).toEqual(["A."]);
  });
});

describe("memory_get's memory", () => {
  const get = (data: Record<string, unknown>) => {
    const memory = new WorkingMemory();
    const observation = memory.observeToolResult("memory_get", { name: "n" }, { ok: true, text: "", data });
    return { memory, observation };
  };

  test("is kept under its file and name, labelled with its file, name and age", () => {
    const { memory } = get({ path: "memories/user_a.md", name: "Pet", content: "Miso.", ageDays: 1 });
    expect(view(memory)).toEqual([
      {
        key: 'at:["memories/user_a.md","Pet"]',
        source: "memories/user_a.md · Pet · updated yesterday",
        content: "Miso.",
        relevance: 0.8,
      },
    ]);
    expect(view(get({ path: "memories/user_a.md", content: "Miso." }).memory)[0]?.source).toBe(
      "memories/user_a.md",
    );
  });

  test("without its file or its content nothing is kept", () => {
    for (const data of [
      { content: "Miso." },
      { path: "memories/user_a.md" },
      { path: " ", content: "Miso." },
    ]) {
      expect(get(data).observation, JSON.stringify(data)).toMatchObject({
        extractor: "mnemo-tools",
        chunksKept: 0,
      });
    }
  });
});

test("other tools are not mnemo's: their data goes to the generic extractor", () => {
  const memory = new WorkingMemory();
  expect(
    memory.observeToolResult("memory_save", {}, { ok: true, text: "", data: { hits: [hit({})] } }),
  ).toEqual({
    extractor: "generic",
    tocsCached: [],
    chunksKept: 1,
    resultCached: false,
  });
});
