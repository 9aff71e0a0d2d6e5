import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { ChunkRecord } from "../../contracts/search-index.js";
import { type ChunkRow, sameChunks } from "./chunk-rows.js";

const chunkArbitrary: fc.Arbitrary<ChunkRecord> = fc.record(
  {
    path: fc.constantFrom("MEMORY.md", "memories/project_a.md"),
    kind: fc.constantFrom("memory", "section", "journal"),
    locator: fc.string({ maxLength: 8 }),
    line: fc.nat(500),
    title: fc.string({ maxLength: 8 }),
    text: fc.string({ maxLength: 20 }),
    memoryType: fc.constantFrom("user", "project"),
    date: fc.constantFrom("2026-01-02", "2026-03-04"),
    updated: fc.constantFrom("2026-01-02T10:00:00.000Z", "2026-03-04T08:30:00.000Z"),
    textHash: fc.string({ minLength: 4, maxLength: 8 }),
  },
  { requiredKeys: ["path", "kind", "locator", "line", "title", "text", "textHash"] },
);
const chunksArbitrary = fc.array(chunkArbitrary, { maxLength: 6 });

/** The rows a replace would store for these chunks. */
function rowsOf(chunks: ChunkRecord[], hasVector = 0): ChunkRow[] {
  return chunks.map((chunk, position) => ({
    id: position + 1,
    path: chunk.path,
    kind: chunk.kind,
    locator: chunk.locator,
    line: chunk.line,
    title: chunk.title,
    text: chunk.text,
    memory_type: chunk.memoryType ?? null,
    date: chunk.date ?? null,
    updated: chunk.updated ?? null,
    text_hash: chunk.textHash,
    has_vector: hasVector,
  }));
}

describe("sameChunks", () => {
  test.prop([chunksArbitrary])("the rows stored for some chunks are the same chunks", (chunks) => {
    expect(sameChunks(rowsOf(chunks), chunks, () => false)).toBe(true);
    expect(sameChunks(rowsOf(chunks, 1), chunks, () => true)).toBe(true);
  });

  test.prop([
    chunksArbitrary.filter((chunks) => chunks.length > 0),
    fc.nat(),
    fc.constantFrom("text", "line", "date", "updated", "locator"),
  ])("a change to any chunk's field, or to their number, is a difference", (chunks, pick, field) => {
    const position = pick % chunks.length;
    const changed = chunks.map((chunk, index) =>
      index !== position
        ? chunk
        : field === "line"
          ? { ...chunk, line: chunk.line + 1 }
          : { ...chunk, [field]: `${chunk[field as "text"] ?? ""}!` },
    );
    expect(sameChunks(rowsOf(chunks), changed, () => false)).toBe(false);
    expect(sameChunks(rowsOf(chunks), chunks.slice(1), () => false)).toBe(false);
  });

  test.prop([chunksArbitrary.filter((chunks) => chunks.length > 0)])(
    "a chunk about to get a vector it lacks is a difference",
    (chunks) => {
      expect(sameChunks(rowsOf(chunks, 0), chunks, () => true)).toBe(false);
    },
  );
});
