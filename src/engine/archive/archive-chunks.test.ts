import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { InMemoryDocumentStore } from "../../adapters/memory/in-memory-document-store.js";
import { archiveText } from "./archive.js";
import { parseArchiveChunks, withoutChunk } from "./archive-chunks.js";

/** Archived text as budgets and removals produce it: lines of prose, never a marker line of its own. */
const chunkText = fc
  .array(fc.string({ minLength: 0, maxLength: 30 }), { minLength: 1, maxLength: 5 })
  .map((lines) => lines.map((line) => line.replace(/[\r\n]/g, " ").replace(/^<!--/, "<!")).join("\n"))
  .filter((text) => text.trim() !== "");
const batch = fc.record({
  reason: fc.constantFrom("section removed", "deleted"),
  chunks: fc.array(chunkText, { minLength: 1, maxLength: 3 }),
});

describe("archive chunks", () => {
  test.prop([fc.array(batch, { minLength: 1, maxLength: 4 })], { numRuns: 100 })(
    "every chunk archiveText appended is read back with its source, reason and text, in order",
    async (batches) => {
      const store = new InMemoryDocumentStore();
      const now = new Date(2026, 10, 22, 14, 30);
      for (const each of batches)
        await store.transaction((writer) =>
          archiveText(writer, { sourcePath: "USER.md", chunks: each.chunks, reason: each.reason, now }),
        );
      const text = (await store.read("archive/USER.md")) ?? "";
      const chunks = parseArchiveChunks(text, "USER.md");
      const expected = batches.flatMap((each) =>
        each.chunks.map((chunk) => ({ reason: each.reason, text: chunk.replace(/\s+$/, "") })),
      );
      expect(chunks.map(({ reason, text: body }) => ({ reason, text: body }))).toEqual(expected);
      expect(
        chunks.every((chunk) => chunk.source === "USER.md" && chunk.archivedAt === "2026-11-22 14:30"),
      ).toBe(true);
    },
  );

  test.prop([fc.array(chunkText, { minLength: 1, maxLength: 6 }), fc.nat()], { numRuns: 100 })(
    "taking one chunk out leaves every other chunk exactly as it was",
    async (texts, pick) => {
      const store = new InMemoryDocumentStore();
      const now = new Date(2026, 0, 2, 3, 4);
      for (const chunk of texts)
        await store.transaction((writer) =>
          archiveText(writer, { sourcePath: "USER.md", chunks: [chunk], reason: "section removed", now }),
        );
      const text = (await store.read("archive/USER.md")) ?? "";
      const chunks = parseArchiveChunks(text, "USER.md");
      const victim = chunks[pick % chunks.length];
      if (!victim) throw new Error("no chunk was parsed");
      const rest = parseArchiveChunks(withoutChunk(text, victim), "USER.md");
      // A later copy of the chunk taken out moves up one ("-3" becomes "-2"); every other id stays.
      const strip = ({ id, source: from, archivedAt, reason, text: body }: (typeof chunks)[number]) => ({
        id: id.replace(/-\d+$/, ""),
        from,
        archivedAt,
        reason,
        body,
      });
      expect(rest.map(strip)).toEqual(chunks.filter((chunk) => chunk !== victim).map(strip));
      if (chunks.length === 1) expect(withoutChunk(text, victim)).toBe("");
    },
  );

  test.prop(
    [fc.array(fc.constantFrom("## Pets\nA cat.", "## Pets\nA dog."), { minLength: 1, maxLength: 6 })],
    {
      numRuns: 50,
    },
  )(
    "every chunk of a file has its own id, even the same text archived twice in one minute",
    async (texts) => {
      const store = new InMemoryDocumentStore();
      const now = new Date(2026, 0, 2, 3, 4);
      for (const chunk of texts)
        await store.transaction((writer) =>
          archiveText(writer, { sourcePath: "USER.md", chunks: [chunk], reason: "section removed", now }),
        );
      const chunks = parseArchiveChunks((await store.read("archive/USER.md")) ?? "", "USER.md");
      expect(chunks.map((chunk) => chunk.text)).toEqual(texts);
      expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(texts.length);
      // The first of identical chunks keeps the plain hash a client listed before the second came.
      const [first] = chunks;
      expect(first?.id).toMatch(/^[0-9a-f]{16}$/);
      expect(chunks.filter((chunk) => chunk.text === first?.text).map((chunk) => chunk.id)).toEqual(
        texts
          .filter((text) => text === first?.text)
          .map((_, copy) => (copy === 0 ? first?.id : `${first?.id}-${copy + 1}`)),
      );
    },
  );

  test("a daily log moved whole has no marker: it is one chunk from the log it was", () => {
    const text =
      "# 2026-01-01\n\n## Sessions\n- fixed the deploy\n\n<!-- mnemo archived from daily/2026-01-01.md at 2026-01-05 09:00: older than the recent days -->\n# 2026-01-01\nmore\n";
    const chunks = parseArchiveChunks(text, "daily/2026-01-01.md");
    expect(chunks.map((chunk) => [chunk.source, chunk.archivedAt, chunk.text])).toEqual([
      ["daily/2026-01-01.md", undefined, "# 2026-01-01\n\n## Sessions\n- fixed the deploy"],
      ["daily/2026-01-01.md", "2026-01-05 09:00", "# 2026-01-01\nmore"],
    ]);
    expect(chunks[0]?.id).not.toBe(chunks[1]?.id);
  });
});
