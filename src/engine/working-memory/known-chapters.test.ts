import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { addChapters, chapterTitles, MAX_KNOWN_CHAPTERS } from "./known-chapters.js";
import { WorkingMemory } from "./working-memory.js";

/** Seed 003's known_chapters: fed by TOCs and hits, shown in the "already cached" block, kept by clearQueryContext. */
describe("known chapters (seed 003's known_chapters)", () => {
  test("a fetched TOC's top-level titles become known chapters and are shown with the cached TOCs", () => {
    const memory = new WorkingMemory();
    memory.observeToolResult(
      "get_toc",
      { reg_id: "angui_2024" },
      JSON.stringify({
        chapters: [{ title: "1 Scope", children: [{ title: "1.1 Terms" }] }, { title: "2 Earthing" }],
      }),
    );
    expect(memory.knownChapters()).toEqual(["1 Scope", "2 Earthing"]);
    expect(memory.render()).toBe(
      [
        "# Already cached tables of contents",
        "Tables of contents already retrieved for: angui_2024",
        "Known chapters: 1 Scope; 2 Earthing",
        "No need to call get_toc() again for these documents.",
      ].join("\n"),
    );
  });

  test("the chapter a search hit or a page names is known too, once", () => {
    const memory = new WorkingMemory();
    memory.observeToolResult("smart_search", { query: "earthing" }, [
      { content: "Earth the neutral.", reg_id: "angui_2024", page: 85, chapter: "5 Earthing", score: 0.9 },
      { content: "Earth the frame.", reg_id: "angui_2024", page: 86, chapter: "5 Earthing", score: 0.8 },
    ]);
    memory.observeToolResult(
      "read_page_range",
      { reg_id: "angui_2024", page: 90 },
      {
        text: "Tables of resistances.",
        chapter: "6 Measurements",
      },
    );
    expect(memory.knownChapters()).toEqual(["5 Earthing", "6 Measurements"]);
    expect(memory.render()).toMatch(
      /^# Already cached tables of contents\nKnown chapters: 5 Earthing; 6 Measurements\n\n/,
    );
  });

  test("clearQueryContext keeps them with the TOC cache; reset forgets them", () => {
    const memory = new WorkingMemory();
    memory.observeToolResult("get_toc", { reg_id: "gb_50150" }, { toc: ["1 General", "2 Cables"] });
    memory.clearQueryContext();
    expect(memory.knownChapters()).toEqual(["1 General", "2 Cables"]);
    expect(memory.render()).toContain("Known chapters: 1 General; 2 Cables");
    memory.reset();
    expect(memory.knownChapters()).toEqual([]);
    expect(memory.stats().knownChapters).toBe(0);
    expect(memory.render()).toBe("");
  });

  test("titles are read from a bare list, entries with a name or heading, or a list one level down", () => {
    expect(chapterTitles(["A", { name: "B" }, { heading: "C" }, { page: 3 }, 7])).toEqual(["A", "B", "C"]);
    expect(chapterTitles({ toc: { sections: [{ title: "S1" }] } })).toEqual(["S1"]);
    expect(chapterTitles("1. Intro")).toEqual([]);
    expect(chapterTitles({ a: { b: { chapters: ["too deep"] } } })).toEqual([]);
  });

  test("a list that is not one is refused by name", () => {
    expect(() => new WorkingMemory().addKnownChapters("1 Scope" as unknown as string[])).toThrow(
      /Known chapters must be given as an array of strings/,
    );
  });

  test.prop([
    fc.array(fc.array(fc.oneof(fc.string({ maxLength: 300 }), fc.integer()), { maxLength: 40 }), {
      maxLength: 8,
    }),
  ])("never more than the newest 50, each once, on one line, the newest last", (batches) => {
    let known: string[] = [];
    for (const batch of batches) known = addChapters(known, batch);
    expect(known.length).toBeLessThanOrEqual(MAX_KNOWN_CHAPTERS);
    expect(new Set(known).size).toBe(known.length);
    expect(
      known.every((chapter) => chapter !== "" && !/[\r\n]/.test(chapter) && [...chapter].length <= 200),
    ).toBe(true);
    const last = batches
      .flat()
      .filter((item): item is string => typeof item === "string" && item.trim() !== "")
      .at(-1);
    if (last !== undefined && [...last.trim()].length <= 200 && !/[\r\n]/.test(last))
      expect(known).toContain(last.trim());
  });
});
