import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ChunkRecord, SearchIndex } from "../../contracts/search-index.js";
import { queryTerms } from "../../rules/query-terms.js";
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

describe("lexical confidence on PostgreSQL", () => {
  test("search reports FTS5's chunk counts per query word, so a common-word match weighs as little as embedded", async () => {
    const random = seededRandom(17);
    for (let round = 0; round < 100; round++) {
      const words = Array.from(
        { length: 1 + Math.floor(random() * 4) },
        () => WORDS[Math.floor(random() * WORDS.length)],
      );
      // Words no chunk holds ("zebra") and words of two terms ("e-mail") as well as the corpus's.
      if (round % 5 === 0) words.push(round % 10 === 0 ? "zebra" : "e-mail");
      const query = { terms: queryTerms(words.join(" ")), limit: 10 };
      const expected = (await embedded.search(query)).termCounts;
      const actual = (await server.search(query)).termCounts;
      expect(actual, JSON.stringify(query)).toEqual(expected);
    }
  });
});

describe("vector search on PostgreSQL", () => {
  /** A home of `count` chunks with random 64-dimension vectors; returns the vectors by chunk locator. */
  async function vectorHome(count: number, seed: number) {
    const random = seededRandom(seed);
    const index = new PostgresSearchIndex({ client, homeId: `vectors/${count}/${Date.now()}` });
    await index.open();
    await index.resetVectors({ id: "test:random", dimensions: 64 });
    const vectors = new Map<string, Float32Array>();
    const chunks = Array.from({ length: count }, (_, position) => {
      const vector = Float32Array.from({ length: 64 }, () => random() * 2 - 1);
      vectors.set(`v${position}`, vector);
      return {
        path: "a.md",
        kind: "memory",
        locator: `v${position}`,
        line: 1,
        title: "",
        text: "x",
        textHash: `v${position}`,
      };
    });
    await index.replaceDocument("a.md", { hash: "a", mtimeMs: 1, size: 1 }, chunks, vectors);
    return { index, vectors, random };
  }

  const cosine = (a: Float32Array, b: Float32Array) => {
    let [dot, aa, bb] = [0, 0, 0];
    for (let i = 0; i < a.length; i++) {
      dot += (a[i] as number) * (b[i] as number);
      aa += (a[i] as number) ** 2;
      bb += (b[i] as number) ** 2;
    }
    return dot / Math.sqrt(aa * bb);
  };

  async function nearest(index: PostgresSearchIndex, query: Float32Array, limit: number) {
    const { vector } = await index.search({ terms: [], vector: query, limit });
    return (await index.chunks(vector.map((hit) => hit.id))).map((chunk) => chunk.locator);
  }

  test("a home of up to 400 chunks is ranked exactly; a larger one finds nearly all of the exact top 10", async () => {
    for (const [count, least] of [
      [300, 1],
      [2000, 0.9],
    ] as const) {
      const { index, vectors, random } = await vectorHome(count, count);
      let found = 0;
      for (let round = 0; round < 20; round++) {
        const query = Float32Array.from({ length: 64 }, () => random() * 2 - 1);
        const exact = [...vectors]
          .map(([locator, vector]) => ({ locator, score: cosine(query, vector) }))
          .sort((a, b) => b.score - a.score)
          .slice(0, 10)
          .map((hit) => hit.locator);
        const returned = await nearest(index, query, 10);
        if (least === 1) expect(returned).toEqual(exact);
        found += returned.filter((locator) => exact.includes(locator)).length;
      }
      expect(found / 200).toBeGreaterThanOrEqual(least);
    }
  });
});
