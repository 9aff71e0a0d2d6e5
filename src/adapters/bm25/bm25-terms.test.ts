import { fc, test as propertyTest } from "@fast-check/vitest";
import Database from "better-sqlite3";
import { afterAll, describe, expect, test } from "vitest";
import { queryTerms } from "../../rules/query-terms.js";
import { readLongMemEvalUserTurns } from "../../testing/test-longmemeval-turns.js";
import { bm25Tokens, chunkTerms, searchTermWeights } from "./bm25-terms.js";

/** The terms are held to what SQLite's FTS5 (the embedded index) indexes for the same text. */
const database = new Database(":memory:");
database.exec("CREATE VIRTUAL TABLE texts USING fts5(text, tokenize='porter unicode61 remove_diacritics 2')");
database.exec("CREATE VIRTUAL TABLE terms USING fts5vocab(texts, 'instance')");
afterAll(() => database.close());

function fts5Tokens(text: string): string[] {
  database.exec("DELETE FROM texts");
  database.prepare("INSERT INTO texts (text) VALUES (?)").run(text);
  const rows = database.prepare("SELECT term FROM terms ORDER BY offset").all() as Array<{ term: string }>;
  return rows.map((row) => row.term);
}

const piece = fc.constantFrom(
  "Running",
  "café",
  "NAÏVE",
  "résumés",
  "Straße",
  "don't",
  "e-mail",
  "3.14",
  "42nd",
  "日本語",
  "Ελληνικά",
  "привет",
  "ﬁle",
  "x_y",
  "tab\there",
  "new\nline",
  "İstanbul",
);
const text = fc
  .array(fc.oneof(piece, fc.string({ maxLength: 8 })), { maxLength: 12 })
  .map((parts) => parts.join(" "));

describe("BM25 terms", () => {
  test("words are lower-cased, stripped of Latin diacritics and stemmed", () => {
    expect(bm25Tokens("Running CAFÉS, naïvely: the résumés!")).toEqual([
      "run",
      "cafe",
      "naiv",
      "the",
      "resum",
    ]);
    expect(chunkTerms("Tea", "tea and more teas")).toEqual({
      frequencies: new Map([
        ["tea", 3],
        ["and", 1],
        ["more", 1],
      ]),
      length: 5,
    });
    expect(searchTermWeights(queryTerms("Which teas did I drink?"))).toEqual(
      new Map([
        ["tea", 1],
        ["drink", 1],
      ]),
    );
    expect(searchTermWeights(queryTerms("running runs"))).toEqual(new Map([["run", 2]]));
  });

  propertyTest.prop([text], { numRuns: 400 })("cut the same terms as FTS5 from mixed text", (sample) => {
    expect(bm25Tokens(sample)).toEqual(fts5Tokens(sample));
  });

  const turns = readLongMemEvalUserTurns();
  // All 93,672 turns measured once: 20 are cut differently (emoji newer than FTS5's tables, runs
  // over 500 characters); a sample keeps the test fast.
  test.skipIf(!turns)("cut the same terms as FTS5 from all but a few in 5,000 LongMemEval user turns", () => {
    const sample = (turns ?? []).filter((_, index) => index % 19 === 0).slice(0, 5000);
    const differing = sample.filter((turn) => bm25Tokens(turn).join(" ") !== fts5Tokens(turn).join(" "));
    expect(differing.length).toBeLessThanOrEqual(5);
  });
});
