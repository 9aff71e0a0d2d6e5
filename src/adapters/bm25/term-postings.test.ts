import { fc, test as propertyTest } from "@fast-check/vitest";
import { describe, expect, test } from "vitest";
import { chunkTerms } from "./bm25-terms.js";
import { inverseDocumentFrequency, TermPostings } from "./term-postings.js";

const terms = (text: string) => chunkTerms("", text);
const weights = (...words: string[]) => new Map(words.map((word) => [word, 1]));

describe("TermPostings", () => {
  test("a removed chunk is neither found nor counted, though its postings are dropped only when read", () => {
    const postings = new TermPostings();
    postings.add(1, terms("garden roses"));
    postings.add(2, terms("garden tulips"));
    postings.add(3, terms("kitchen knives"));
    postings.delete(2);
    const { hits, holding } = postings.search(weights("garden"), 10);
    expect(hits.map((hit) => hit.id)).toEqual([1]);
    expect(holding.get("garden")).toBe(1);
    expect(postings.size).toBe(2);
  });

  test("a chunk added twice counts once (a chunk's text never changes)", () => {
    const postings = new TermPostings();
    postings.add(1, terms("garden"));
    postings.add(1, terms("garden garden"));
    postings.add(2, terms("kitchen"));
    expect(postings.search(weights("garden"), 10).holding.get("garden")).toBe(1);
    expect(postings.size).toBe(2);
  });

  test("a term held by half the chunks or more only fills up what the rarer terms left short", () => {
    const postings = new TermPostings();
    postings.add(1, terms("tea rose"));
    postings.add(2, terms("tea"));
    postings.add(3, terms("tea"));
    postings.add(4, terms("coffee"));
    const { hits } = postings.search(weights("tea", "rose"), 2);
    // "rose" (1 of 4) finds chunk 1; "tea" (3 of 4, IDF 1e-6) fills the list with the smaller id.
    expect(hits.map((hit) => hit.id)).toEqual([1, 2]);
    expect(hits[1]?.score).toBeLessThan(1e-5);
  });

  test("removing more chunks than are held sweeps every list, and the counts stay exact", () => {
    const postings = new TermPostings();
    for (let id = 1; id <= 20; id++) postings.add(id, terms(id % 2 === 0 ? "even number" : "odd number"));
    for (let id = 1; id <= 15; id++) postings.delete(id);
    const { holding } = postings.search(weights("even", "odd", "number"), 10);
    expect(Object.fromEntries(holding)).toEqual({ even: 3, odd: 2, number: 5 });
  });

  test("ids outside SQLite's usual range are refused, not silently wrapped", () => {
    expect(() => new TermPostings().add(2 ** 32, terms("x"))).toThrow(RangeError);
  });

  propertyTest.prop([fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 10_000 })])(
    "IDF is FTS5's: ln((N - n + 0.5) / (n + 0.5)), never below 1e-6",
    (chunks, holding) => {
      const idf = inverseDocumentFrequency(chunks, Math.min(holding, chunks));
      const expected = Math.log(
        (chunks - Math.min(holding, chunks) + 0.5) / (Math.min(holding, chunks) + 0.5),
      );
      expect(idf).toBe(expected > 0 ? expected : 1e-6);
    },
  );
});

describe("TermPostings, what a caller can get wrong", () => {
  test("a chunk id must be a whole number from 0 to 2^32 - 1 (the postings' typed arrays hold no more)", () => {
    const postings = new TermPostings();
    for (const id of [-1, 1.5, 2 ** 32])
      expect(() => postings.add(id, terms("x"))).toThrow(`chunk id ${id} out of range`);
    postings.add(0, terms("zero"));
    postings.add(2 ** 32 - 1, terms("largest"));
    expect(
      postings
        .search(weights("zero", "largest"), 5)
        .hits.map((hit) => hit.id)
        .sort(),
    ).toEqual([0, 2 ** 32 - 1]);
  });

  test("removing a chunk not held changes nothing", () => {
    const postings = new TermPostings();
    postings.add(1, terms("garden roses"));
    postings.add(2, terms("kitchen"));
    const before = postings.search(weights("garden"), 5);
    postings.delete(99);
    expect(postings.search(weights("garden"), 5)).toEqual(before);
    expect(before.hits[0]?.score).toBeGreaterThan(0);
  });

  test("a term that stands for two query words counts twice (FTS5 scores each word's phrase)", () => {
    const postings = new TermPostings();
    postings.add(1, terms("running shoes"));
    postings.add(2, terms("kitchen"));
    postings.add(3, terms("garden"));
    const once = postings.search(new Map([["run", 1]]), 5).hits[0]?.score ?? 0;
    const twice = postings.search(new Map([["run", 2]]), 5).hits[0]?.score ?? 0;
    expect(once).toBeGreaterThan(0);
    expect(twice).toBeCloseTo(2 * once, 12);
  });

  test("a removed chunk's length leaves the average: the rest score as if it had never been added", () => {
    const withRemoval = new TermPostings();
    const without = new TermPostings();
    withRemoval.add(1, terms("garden roses in the long long long long long long summer"));
    for (const postings of [withRemoval, without]) {
      postings.add(2, terms("garden tulips"));
      postings.add(3, terms("kitchen knives"));
      postings.add(4, terms("kitchen spoons"));
    }
    withRemoval.delete(1);
    expect(withRemoval.search(weights("garden"), 5)).toEqual(without.search(weights("garden"), 5));
  });
});
