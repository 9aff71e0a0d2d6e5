import { describe, expect, it } from "vitest";
import { mapMem0Export } from "./mem0-export.js";

const modifiedAt = new Date("2025-01-15T08:00:00.000Z");
const file = (value: unknown) => ({ path: "/in/mem0.json", text: JSON.stringify(value), modifiedAt });

describe("mapMem0Export", () => {
  it("reads the open-source library's {results}, the platform's list and {memories} alike", () => {
    const entry = { id: "m1", memory: "Plays tennis", created_at: "2024-08-02T09:00:00Z" };
    for (const shape of [{ results: [entry] }, [entry], { memories: [entry] }])
      expect(mapMem0Export(file(shape)).items).toEqual([
        {
          kind: "memory",
          type: "user",
          name: "Plays tennis",
          content: "Plays tennis",
          date: "2024-08-02T09:00:00.000Z",
          source: "mem0:m1",
        },
      ]);
  });

  it("dates a memory by updated_at, else created_at, else the file's time, and keeps its categories", () => {
    const plan = mapMem0Export(
      file([
        {
          id: 1,
          memory: "A",
          created_at: "2024-01-01T00:00:00Z",
          updated_at: "2024-02-01T00:00:00Z",
          categories: ["food", "health"],
        },
        { id: 2, memory: "B", created_at: null, updated_at: null },
      ]),
    );
    expect(plan.items.map((item) => [item.kind === "memory" && item.date, item.source])).toEqual([
      ["2024-02-01T00:00:00.000Z", "mem0:1"],
      ["2025-01-15T08:00:00.000Z", "mem0:2"],
    ]);
    expect(plan.items[0]).toMatchObject({ frontmatter: { categories: "food, health" } });
  });

  it("skips an empty memory with the reason", () => {
    expect(mapMem0Export(file([{ id: "e", memory: "  " }])).skipped).toEqual([
      { source: "mem0:e", reason: "the memory has no text" },
    ]);
  });

  it("names the entry and field of a bad value, and what is not an export", () => {
    expect(() => mapMem0Export(file([{ id: "a", memory: "x" }, { id: "b" }]))).toThrow(
      'Cannot import /in/mem0.json, memory 2, field "memory": Invalid input: expected string, received undefined',
    );
    expect(() => mapMem0Export(file([{ id: "a", memory: "x", updated_at: "soon" }]))).toThrow(
      'memory 1 ("id": "a"), field "updated_at": "soon" is not a date',
    );
    expect(() => mapMem0Export(file({ user: "alice" }))).toThrow("it is not a mem0 export");
    expect(() =>
      mapMem0Export({
        path: "/in/mem0.json",
        text: '{"results": [\n  {"id": 1 "memory": "x"}]}',
        modifiedAt,
      }),
    ).toThrow("Cannot import /in/mem0.json, line 2, column 12: it is not valid JSON");
  });
});
