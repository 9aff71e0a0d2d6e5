import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { characterCount } from "../markdown/lines.js";
import { TRUNCATION_MARKER } from "./truncate-text.js";
import { WorkingMemory } from "./working-memory.js";

function seededMemory(options = {}) {
  const memory = new WorkingMemory(options);
  memory.cacheToc("gb_50150", { chapters: ["1 General"] });
  memory.cacheToc("angui_2024", { chapters: ["1 Scope", "2 Terms"] });
  memory.addSearchResults([
    { content: "Ground the transformer neutral before work.", source: "angui_2024 P85", score: 0.92 },
    { content: "Keep 0.7 m clearance at 10 kV.", source: "gb_50150 P12", score: 0.75 },
    { content: "Too weak to remember.", source: "gb_50150 P40", score: 0.3 },
  ]);
  memory.addPageSummary({ content: "Page 3 lists the inspection intervals.", source: "angui_2024 P3" });
  return memory;
}

describe("rendering (seed 003's two prompt blocks)", () => {
  test("golden: the already-cached block, then the already-retrieved block", () => {
    expect(seededMemory().render()).toBe(
      [
        "# Already cached tables of contents",
        "Tables of contents already retrieved for: angui_2024, gb_50150",
        "No need to call get_toc() again for these documents.",
        "",
        "# Relevant information already retrieved",
        "## [1] angui_2024 P85",
        "Ground the transformer neutral before work.",
        "",
        "## [2] angui_2024 P3",
        "Page 3 lists the inspection intervals.",
        "",
        "## [3] gb_50150 P12",
        "Keep 0.7 m clearance at 10 kV.",
      ].join("\n"),
    );
  });

  test("empty when nothing is cached; each block alone when only it has content", () => {
    const memory = new WorkingMemory({ tocToolName: "table_of_contents" });
    expect(memory.render()).toBe("");
    memory.cacheToc("manual", "1. Intro");
    expect(memory.render()).toBe(
      "# Already cached tables of contents\nTables of contents already retrieved for: manual\n" +
        "No need to call table_of_contents() again for these documents.",
    );
    memory.reset();
    memory.addPageSummary({ content: "Text", source: "manual P1" });
    expect(memory.render()).toBe("# Relevant information already retrieved\n## [1] manual P1\nText");
  });

  test("same state, same bytes: reading a TOC (which refreshes its cache entry) does not change it", () => {
    const memory = seededMemory();
    const before = memory.render();
    memory.getToc("gb_50150");
    expect(memory.render()).toBe(before);
    expect(seededMemory().render()).toBe(before);
  });

  test("long chunk text is cut with a marker to fit maxRenderCharacters, sharing the room evenly", () => {
    const memory = new WorkingMemory({ maxRenderCharacters: 300 });
    memory.addPageSummary({ content: "long ".repeat(500), source: "big P1" });
    memory.addPageSummary({ content: "short text", source: "small P2", relevance: 0.7 });
    memory.addPageSummary({ content: "other ".repeat(500), source: "big P3", relevance: 0.6 });
    const rendered = memory.render();
    expect(characterCount(rendered)).toBeLessThanOrEqual(300);
    expect(rendered).toContain("## [2] small P2\nshort text\n");
    expect(rendered.split(TRUNCATION_MARKER)).toHaveLength(3);
  });

  test.prop(
    [
      fc.array(fc.string({ unit: "grapheme", maxLength: 400 }), { maxLength: 12 }),
      fc.array(fc.string({ unit: "grapheme", minLength: 1, maxLength: 300 }), { maxLength: 8 }),
      fc.integer({ min: 200, max: 2000 }),
    ],
    { numRuns: 150 },
  )("never longer than maxRenderCharacters, whatever is kept", (contents, documents, maxRenderCharacters) => {
    const memory = new WorkingMemory({ maxRenderCharacters, maxChunks: 12 });
    for (const document of documents) {
      if (document.trim() !== "") memory.cacheToc(document, { document });
    }
    contents.forEach((content, index) => {
      memory.addSearchResults([{ content, source: `${content.slice(0, 250)} P${index}`, score: 0.9 }]);
    });
    expect(characterCount(memory.render())).toBeLessThanOrEqual(maxRenderCharacters);
  });
});
