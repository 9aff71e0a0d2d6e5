import { describe, expect, test } from "vitest";
import { SessionCache } from "./session-cache.js";

/** What a session's cache holds and counts, as `stats()` and the getters show it to working memory. */
describe("SessionCache", () => {
  const roomy = { maxEntries: 10, maxSize: 1_000 };

  test("an entry's size is its key plus its value's JSON; a string value counts as itself", () => {
    const cache = new SessionCache(roomy);
    expect(cache.setToc("spec", "abc")).toBe(true);
    expect(cache.stats().cacheCharacters).toBe("toc:spec".length + 3);
    cache.clear();
    expect(cache.setResult("search", { q: 1 }, { hits: [] })).toBe(true);
    const key = `result:"search":{"q":1}`;
    expect(cache.stats()).toEqual({ tocs: 0, cachedResults: 1, cacheCharacters: key.length + 11 });
  });

  test("a value with no JSON form is not cached, and replaces what was cached under its key", () => {
    const cache = new SessionCache(roomy);
    cache.setToc("spec", { chapters: 1 });
    expect(cache.setToc("spec", { size: 10n })).toBe(false);
    expect([cache.hasToc("spec"), cache.getToc("spec"), cache.stats().cacheCharacters]).toEqual([
      false,
      undefined,
      0,
    ]);
    expect(cache.setResult("search", {}, undefined)).toBe(true);
    expect(cache.getResult("search", {})).toBeUndefined();
  });

  test("arguments with no JSON form are never cached or found; missing entries read as undefined", () => {
    const cache = new SessionCache(roomy);
    expect(cache.setResult("search", { n: 1n }, "hits")).toBe(false);
    expect([cache.hasResult("search", { n: 1n }), cache.getResult("search", { n: 1n })]).toEqual([
      false,
      undefined,
    ]);
    expect([cache.getToc("nothing"), cache.getResult("search", { q: "x" })]).toEqual([undefined, undefined]);
  });

  test("tables of contents are listed by document name, whatever the order they came in", () => {
    const cache = new SessionCache(roomy);
    for (const document of ["zeta", "alpha", "mid"]) cache.setToc(document, []);
    cache.setResult("search", {}, "hits");
    expect(cache.tocDocuments()).toEqual(["alpha", "mid", "zeta"]);
  });
});
