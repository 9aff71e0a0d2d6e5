import { fc, test as propertyTest } from "@fast-check/vitest";
import Database from "better-sqlite3";
import { afterAll, describe, expect, test } from "vitest";
import { porterStem } from "./porter-stemmer.js";

/**
 * The stemmer is held to SQLite's FTS5 `porter` tokenizer itself: the term FTS5 indexes for a word
 * must be the stem computed here, for words built from every suffix the algorithm knows.
 */
const database = new Database(":memory:");
database.exec("CREATE VIRTUAL TABLE words USING fts5(word, tokenize='porter unicode61 remove_diacritics 2')");
database.exec("CREATE VIRTUAL TABLE terms USING fts5vocab(words, 'instance')");
afterAll(() => database.close());

function fts5Stem(word: string): string {
  database.exec("DELETE FROM words");
  database.prepare("INSERT INTO words (word) VALUES (?)").run(word);
  const row = database.prepare("SELECT term FROM terms").get() as { term: string };
  return row.term;
}

const SUFFIXES = (
  "s es ies sses ss ed eed ing ating bling izing y ly ally ational tional enci anci izer logi bli alli entli " +
  "eli ousli ization ation ator alism iveness fulness ousness aliti iviti biliti ical ness icate iciti ful " +
  "ative alize al ance ence er ic able ible ant ement ment ent sion tion ion ou ism ate iti ous ive ize e ll " +
  "fully ousli ements ations iveness"
).split(" ");

describe("the FTS5 Porter stemmer", () => {
  test.each([
    ["caresses", "caress"],
    ["ponies", "poni"],
    ["running", "run"],
    ["hopping", "hop"],
    ["filing", "file"],
    ["relational", "relat"],
    ["generalizations", "gener"],
    ["go", "go"],
  ])("%s -> %s", (word, stem) => {
    expect(porterStem(word)).toBe(stem);
    expect(fts5Stem(word)).toBe(stem);
  });

  propertyTest.prop(
    [fc.stringMatching(/^[a-z]{0,7}$/), fc.constantFrom(...SUFFIXES), fc.constantFrom("", ...SUFFIXES)],
    { numRuns: 3000 },
  )("agrees with FTS5 on any stem followed by known suffixes", (stem, suffix, more) => {
    const word = `${stem}${suffix}${more}`;
    expect(porterStem(word)).toBe(fts5Stem(word));
  });

  propertyTest.prop([fc.stringMatching(/^[a-z0-9y]{1,70}$/)], { numRuns: 1000 })(
    "agrees with FTS5 on any run of letters and digits, long ones included",
    (word) => {
      expect(porterStem(word)).toBe(fts5Stem(word));
    },
  );

  test("a word with non-ASCII letters is stemmed byte for byte as FTS5 does", () => {
    for (const word of ["naïvely", "straßes", "日本ing", "привет", "fiancés", "ßß"]) {
      const indexed = fts5Stem(word);
      // FTS5 removes diacritics before stemming; compare on what it stemmed.
      const folded = word.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      expect(porterStem(folded)).toBe(indexed);
    }
  });
});
