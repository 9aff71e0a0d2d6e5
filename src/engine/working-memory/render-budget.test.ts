import { describe, expect, test } from "vitest";
import { characterCount } from "../markdown/lines.js";
import { type ContentChunk, type ContentChunkInput, insertChunk, makeChunk } from "./content-chunks.js";
import { renderWorkingMemory } from "./render-working-memory.js";
import { singleLine, TRUNCATION_MARKER, truncateText } from "./truncate-text.js";

/**
 * How the rendering shares its character budget, asserted exactly: each expected length below follows
 * from the rule in renderWorkingMemory's comment (the TOC block takes at most half the budget when
 * chunks follow, all of it otherwise; chunks share the rest evenly, a short one leaving its unused share
 * to the others; the lowest-ranked are left out when not even their headings fit).
 */

const TOC_TOOL = "get_toc";
const RETRIEVED_HEADING = "# Relevant information already retrieved";

function chunk(content: string, source: string, relevance = 0.9): ContentChunk {
  return { key: `${source}:${content}`, content, source, relevance, kind: "search-result", recency: 0 };
}

/** What the retrieved block costs without the chunks' text: heading, the chunk headings, line breaks. */
function retrievedFixedCost(sources: readonly string[]): number {
  const headings = sources.map((source, index) => characterCount(`## [${index + 1}] ${source}`));
  return (
    characterCount(RETRIEVED_HEADING) +
    1 +
    headings.reduce((a, b) => a + b, 0) +
    sources.length +
    2 * (sources.length - 1)
  );
}

const manyDocuments = Array.from({ length: 40 }, (_, index) => `standard_document_${index}`);

describe("the TOC block's share of the budget", () => {
  test("with no chunks the TOC list fills the whole budget; with chunks, exactly half of it", () => {
    // The list of 40 names is far longer than either budget, so it is cut to fill its share exactly.
    const alone = renderWorkingMemory(
      { tocDocuments: manyDocuments, chunks: [] },
      { maxCharacters: 400, tocToolName: TOC_TOOL },
    );
    expect(characterCount(alone)).toBe(400);
    expect(alone).toContain(TRUNCATION_MARKER);

    const withChunks = renderWorkingMemory(
      { tocDocuments: manyDocuments, chunks: [chunk("x".repeat(1000), "big P1")] },
      { maxCharacters: 400, tocToolName: TOC_TOOL },
    );
    const [toc] = withChunks.split("\n\n");
    expect(characterCount(toc ?? "")).toBe(200);
    // The chunks get the rest: 400 − 200 − the blank line between the blocks.
    expect(characterCount(withChunks)).toBe(400);
  });

  test("a TOC list with no room left even for the marker leaves the block out", () => {
    const advice = `No need to call ${TOC_TOOL}() again for these documents.`;
    const fixed = characterCount("# Already cached tables of contents") + characterCount(advice) + 2;
    const rendered = renderWorkingMemory(
      { tocDocuments: manyDocuments, chunks: [] },
      { maxCharacters: fixed + 5, tocToolName: TOC_TOOL },
    );
    expect(rendered).toBe("");
  });
});

describe("the retrieved block's budget", () => {
  test("a chunk that fits exactly is shown whole, with no room taken by an absent TOC block", () => {
    const only = chunk("Ground the neutral first.", "manual P3");
    const exact = retrievedFixedCost([only.source]) + characterCount(only.content);
    const rendered = renderWorkingMemory(
      { tocDocuments: [], chunks: [only] },
      { maxCharacters: exact, tocToolName: TOC_TOOL },
    );
    expect(rendered).toBe(`${RETRIEVED_HEADING}\n## [1] manual P3\nGround the neutral first.`);
    expect(characterCount(rendered)).toBe(exact);
  });

  test("the lowest-ranked chunk is left out when it does not fit, and the others are shown whole", () => {
    const kept = [chunk("First fact, short.", "a P1"), chunk("Second fact, short.", "b P2")];
    const dropped = chunk("Third fact.", "c P3", 0.6);
    // Room for the first two in full and nothing more: the third's heading alone would not fit.
    const budget =
      retrievedFixedCost(kept.map((c) => c.source)) +
      kept.reduce((sum, c) => sum + characterCount(c.content), 0);
    const rendered = renderWorkingMemory(
      { tocDocuments: [], chunks: [...kept, dropped] },
      { maxCharacters: budget, tocToolName: TOC_TOOL },
    );
    expect(rendered).toBe(
      `${RETRIEVED_HEADING}\n## [1] a P1\nFirst fact, short.\n\n## [2] b P2\nSecond fact, short.`,
    );
  });

  test("a short chunk leaves its unused share to a long one, whatever their order", () => {
    const long = chunk("word ".repeat(200).trim(), "long P1");
    const short = chunk("Ten chars.", "short P2");
    const budget = 300;
    const room = budget - retrievedFixedCost([long.source, short.source]);
    const rendered = renderWorkingMemory(
      { tocDocuments: [], chunks: [long, short] },
      { maxCharacters: budget, tocToolName: TOC_TOOL },
    );
    // The short one takes its 10 characters; the long one gets all the rest, so the block fills the budget.
    expect(rendered).toContain("## [2] short P2\nTen chars.");
    expect(characterCount(rendered)).toBe(budget);
    const longText = rendered.split("\n")[2] ?? "";
    expect(characterCount(longText)).toBe(room - 10);
    expect(longText.endsWith(TRUNCATION_MARKER)).toBe(true);
  });
});

describe("truncateText and singleLine at their edges", () => {
  test("a budget of exactly the marker's length gives the marker alone; one less gives nothing", () => {
    const markerLength = characterCount(TRUNCATION_MARKER);
    expect(truncateText("x".repeat(50), markerLength)).toBe(TRUNCATION_MARKER);
    expect(truncateText("x".repeat(50), markerLength - 1)).toBe("");
    expect(truncateText("x".repeat(50), markerLength + 2)).toBe(`xx${TRUNCATION_MARKER}`);
  });

  test("line breaks and the spaces around them become one space, and the ends are trimmed", () => {
    expect(singleLine("a\nb")).toBe("a b");
    expect(singleLine("  first line \r\n\n  second\nthird  ")).toBe("first line second third");
  });
});

describe("chunk identity and the relevance gate", () => {
  const limits = { maxChunks: 10, minRelevance: 0.5 };
  const made = (input: Partial<ContentChunkInput> & { content: string }, recency = 1) =>
    makeChunk(
      { source: "s", relevance: 0.9, kind: "search-result", ...input },
      { recency, maxCharacters: 1000 },
    ) as ContentChunk;

  test("two texts of one document without a location are two chunks; two locations of one document too", () => {
    let chunks = insertChunk([], made({ content: "alpha", document: "manual" }), limits);
    chunks = insertChunk(chunks, made({ content: "beta", document: "manual" }), limits);
    expect(chunks.map((c) => c.content).sort()).toEqual(["alpha", "beta"]);

    let located = insertChunk([], made({ content: "alpha", document: "manual", location: "P1" }), limits);
    located = insertChunk(located, made({ content: "beta", document: "manual", location: "P2" }), limits);
    expect(located.map((c) => c.content).sort()).toEqual(["alpha", "beta"]);
  });

  test("relevance exactly at the gate is kept; the same place seen again at equal relevance shows the new text", () => {
    const atGate = insertChunk([], made({ content: "at the gate", relevance: 0.5 }), limits);
    expect(atGate.map((c) => c.content)).toEqual(["at the gate"]);

    const first = insertChunk(
      [],
      made({ content: "old text", document: "manual", location: "P1" }, 1),
      limits,
    );
    const again = insertChunk(
      first,
      made({ content: "new text", document: "manual", location: "P1" }, 2),
      limits,
    );
    expect(again.map((c) => c.content)).toEqual(["new text"]);
  });
});
