import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ChunkRecord, SearchIndex } from "../../contracts/search-index.js";
import { queryTerms } from "../../engine/search/query-terms.js";
import { seededRandom } from "../../testing/seeded-random.js";
import { startTestPostgres, type TestPostgres } from "../../testing/test-postgres.js";
import { SqliteSearchIndex } from "../sqlite/sqlite-search-index.js";
import { PostgresSearchIndex } from "./postgres-search-index.js";
import type { SqlClient } from "./sql-client.js";

/**
 * The server index ranks text as the embedded one does: on the same chunks, BM25 over PostgreSQL
 * gives FTS5's scores (to rounding) for every query, filtered or not, common words included.
 */
const WORDS = [
  "tea",
  "teas",
  "coffee",
  "running",
  "runs",
  "run",
  "garden",
  "gardening",
  "Paris",
  "café",
  "naïve",
  "flight",
  "flights",
  "booked",
  "booking",
  "doctor",
  "appointment",
  "the",
  "a",
  "and",
  "my",
  "sister",
  "birthday",
  "cake",
  "chocolate",
  "recipe",
  "yoga",
  "class",
  "Tuesday",
  "2024",
  "42nd",
  "street",
  "guitar",
  "lesson",
];

function corpus(random: () => number): ChunkRecord[] {
  // Zipf-like: early words are common, late ones rare, so IDF ranges from about zero to high.
  const word = () => WORDS[Math.floor(WORDS.length * random() ** 2)] as string;
  return Array.from({ length: 240 }, (_, index) => {
    const text = Array.from({ length: 3 + Math.floor(random() * 25) }, word).join(" ");
    return {
      path: `memories/note_${index % 40}.md`,
      kind: index % 3 === 0 ? "journal" : "memory",
      locator: `chunk-${index}`,
      line: index,
      title: index % 4 === 0 ? word() : "",
      text,
      memoryType: index % 2 === 0 ? "user" : undefined,
      date: `2026-0${1 + (index % 9)}-1${index % 10}`,
      textHash: `hash-${index}`,
    };
  });
}

async function fill(index: SearchIndex, chunks: ChunkRecord[]): Promise<void> {
  const byPath = new Map<string, ChunkRecord[]>();
  for (const chunk of chunks) byPath.set(chunk.path, [...(byPath.get(chunk.path) ?? []), chunk]);
  for (const [path, records] of byPath)
    await index.replaceDocument(path, { hash: path, mtimeMs: 1, size: 1 }, records, new Map());
}

async function ranked(index: SearchIndex, query: Parameters<SearchIndex["search"]>[0]) {
  const { text } = await index.search(query);
  const chunks = await index.chunks(text.map((hit) => hit.id));
  return text.map((hit, position) => ({ locator: chunks[position]?.locator, score: hit.score }));
}

let database: TestPostgres;
let client: SqlClient;
const embedded = new SqliteSearchIndex({ path: ":memory:" });
let server: PostgresSearchIndex;

beforeAll(async () => {
  database = await startTestPostgres();
  client = database.client();
  server = new PostgresSearchIndex({ client, homeId: `ranking/${Date.now()}` });
  await Promise.all([embedded.open(), server.open()]);
  const chunks = corpus(seededRandom(15));
  await fill(embedded, chunks);
  await fill(server, chunks);
});

afterAll(async () => {
  await embedded.close();
  await client?.close();
  await database?.stop();
});

describe("BM25 on PostgreSQL", () => {
  test("gives FTS5's scores and order for 200 random queries, with and without filters", async () => {
    const random = seededRandom(16);
    const filters = [
      undefined,
      { memoryType: "user" },
      { kind: "journal" },
      { since: "2026-03-01", until: "2026-06-30" },
    ];
    let compared = 0;
    for (let round = 0; round < 200; round++) {
      const words = Array.from(
        { length: 1 + Math.floor(random() * 4) },
        () => WORDS[Math.floor(random() * WORDS.length)],
      );
      const query = {
        terms: queryTerms(words.join(" ")),
        limit: 1 + Math.floor(random() * 12),
        filter: filters[round % 4],
      };
      const expected = await ranked(embedded, query);
      const actual = await ranked(server, query);
      expect(
        actual.map((hit) => hit.score.toFixed(9)),
        JSON.stringify(query),
      ).toEqual(expected.map((hit) => hit.score.toFixed(9)));
      // Equal scores may come in another order; a hit whose score is not tied is the same chunk.
      const last = expected.at(-1)?.score;
      for (const [position, hit] of expected.entries()) {
        const tied = expected.filter((other) => Math.abs(other.score - hit.score) < 1e-9).length > 1;
        if (!tied && Math.abs(hit.score - (last ?? Number.NaN)) > 1e-9)
          expect(actual[position]?.locator).toBe(hit.locator);
      }
      compared += expected.length;
    }
    expect(compared).toBeGreaterThan(500);
  });
});
