import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ChunkRecord, SearchIndex } from "../../contracts/search-index.js";
import { queryTerms } from "../../rules/query-terms.js";
import { seededRandom } from "../../testing/seeded-random.js";
import { startTestPostgres, type TestPostgres } from "../../testing/test-postgres.js";
import { SqliteSearchIndex } from "../sqlite/sqlite-search-index.js";
import { POSTGRES_SCHEMA_VERSION } from "./postgres-schema.js";
import { PostgresSearchIndex } from "./postgres-search-index.js";
import type { SqlClient } from "./sql-client.js";

/**
 * Schema version 5 keeps how many chunks hold each term (`mnemo_term_chunks`) instead of counting
 * postings at every search. On a home of 1,250 chunks where the common words have over 1,000
 * postings each, after documents are replaced and removed, the kept counts are the postings'
 * counts, and search ranks as FTS5 ranks (the embedded index, which the statement of version 4, that
 * counted, matched to 9 decimals); a version 4 database gets the counts from its postings on its
 * next open.
 */
const WORDS =
  "tea coffee garden paris flight doctor sister cake recipe yoga class guitar lesson street booking".split(
    " ",
  );
const DOCUMENTS = 60;
const CHUNKS_A_DOCUMENT = 25;

function document(random: () => number, index: number, version: number): ChunkRecord[] {
  // Zipf-like: the first words are in most chunks, the last in a few.
  const word = () => WORDS[Math.floor(WORDS.length * random() ** 2.5)] as string;
  return Array.from({ length: CHUNKS_A_DOCUMENT }, (_, position) => ({
    path: `memories/note_${index}.md`,
    kind: "memory",
    locator: `note-${index}-${version}-${position}`,
    line: position,
    title: position % 5 === 0 ? word() : "",
    text: Array.from({ length: 2 + Math.floor(random() * 12) }, word).join(" "),
    textHash: `hash-${index}-${version}-${position}`,
  }));
}

async function write(indexes: SearchIndex[], index: number, chunks: ChunkRecord[]): Promise<void> {
  const path = `memories/note_${index}.md`;
  for (const each of indexes)
    await each.replaceDocument(path, { hash: path, mtimeMs: 1, size: 1 }, chunks, new Map());
}

/**
 * A search's text hits as scores (9 decimals), and the chunks of each score: chunks of equal
 * score may come in another order, and those of the last score cut anywhere.
 */
async function ranked(index: SearchIndex, query: Parameters<SearchIndex["search"]>[0]) {
  const { text, termCounts } = await index.search(query);
  const chunks = await index.chunks(text.map((hit) => hit.id));
  const scores = text.map((hit) => hit.score.toFixed(9));
  const byScore = new Map<string, string[]>();
  for (const [position, score] of scores.entries())
    if (score !== scores.at(-1))
      byScore.set(score, [...(byScore.get(score) ?? []), `${chunks[position]?.locator}`]);
  return {
    scores,
    chunks: [...byScore].map(([score, locators]) => `${score} ${locators.sort().join(" ")}`),
    termCounts,
  };
}

let database: TestPostgres;
let client: SqlClient;
const homeId = `term-chunks/${Date.now()}`;
const reference = new SqliteSearchIndex({ path: ":memory:" });
let server: PostgresSearchIndex;

async function keptAndCounted(connection: SqlClient) {
  const kept = await connection.query<{ term: string; chunks: string }>(
    "SELECT term, chunks::text AS chunks FROM mnemo_term_chunks WHERE home_id = $1 ORDER BY term",
    [homeId],
  );
  const counted = await connection.query<{ term: string; chunks: string }>(
    "SELECT term, count(*)::text AS chunks FROM mnemo_chunk_terms WHERE home_id = $1 GROUP BY term ORDER BY term",
    [homeId],
  );
  return { kept, counted };
}

async function expectSameRanking(index: SearchIndex, seed: number): Promise<void> {
  const random = seededRandom(seed);
  for (let round = 0; round < 60; round++) {
    const words = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
      return WORDS[Math.floor(WORDS.length * random() ** 1.5)] as string;
    });
    const query = { terms: queryTerms(words.join(" ")), limit: 50 };
    expect(await ranked(index, query), JSON.stringify(query)).toEqual(await ranked(reference, query));
  }
}

beforeAll(async () => {
  database = await startTestPostgres();
  client = database.client();
  server = new PostgresSearchIndex({ client, homeId });
  await Promise.all([reference.open(), server.open()]);
  const random = seededRandom(29);
  for (let index = 0; index < DOCUMENTS; index++)
    await write([reference, server], index, document(random, index, 1));
  // Replaced (their terms' counts go down, then up) and removed (down, some to none).
  for (let index = 0; index < DOCUMENTS; index += 4)
    await write([reference, server], index, document(random, index, 2));
  for (let index = 1; index < DOCUMENTS; index += 6) {
    await reference.removeDocument(`memories/note_${index}.md`);
    await server.removeDocument(`memories/note_${index}.md`);
  }
  await write([reference, server], 3, [{ ...document(random, 3, 3)[0], text: "zither" } as ChunkRecord]);
  await write([reference, server], 3, document(random, 3, 4));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await database?.stop();
});

describe("each term's chunks, kept on PostgreSQL", () => {
  test("are the postings' counts after replaces and removals; a term no chunk holds has no row", async () => {
    const { kept, counted } = await keptAndCounted(client);
    expect(kept).toEqual(counted);
    expect(kept.map((row) => row.term)).not.toContain("zither");
    expect(Number(kept.find((row) => row.term === "tea")?.chunks)).toBeGreaterThan(1000);
  });

  test("rank as FTS5 ranks, where common words have over 1,000 postings", async () => {
    await expectSameRanking(server, 30);
  }, 60_000);

  test("a version 4 database gets them from its postings on its next open", async () => {
    await client.query("DROP TABLE mnemo_term_chunks");
    await client.query("UPDATE mnemo_schema SET version = 4");
    // A new client prepares the schema again.
    const upgraded = database.client();
    try {
      const index = new PostgresSearchIndex({ client: upgraded, homeId });
      await index.open();
      expect(await upgraded.query("SELECT version FROM mnemo_schema")).toEqual([
        { version: POSTGRES_SCHEMA_VERSION },
      ]);
      const { kept, counted } = await keptAndCounted(upgraded);
      expect(kept).toEqual(counted);
      await expectSameRanking(index, 31);
    } finally {
      await upgraded.close();
    }
  }, 60_000);
});
