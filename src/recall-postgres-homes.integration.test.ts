import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { EmbeddingModel } from "./contracts/embedding-model.js";
import type { MemoryHome } from "./engine/memory-home.js";
import { openMemory } from "./open-memory.js";
import { makeTempDir, removeDir } from "./testing/test-home.js";
import { startTestPostgres, type TestPostgres, testPostgresHasServer } from "./testing/test-postgres.js";

/**
 * Issue 27: on PostgreSQL the vector search first takes the max(400, 8 × limit) chunks whose sign
 * codes are nearest the query's (Hamming distance), then rescores those by exact cosine
 * (candidate-search-sql.ts). That prefilter must keep to the home: every home's chunks share the
 * table, so a prefilter without its home condition fills the 400 with other homes' chunks, drops
 * them after, and loses the home's own best vectors. It only shows past 400 vectors across homes:
 * here two homes of about 300 each, each recalling only its own memories.
 *
 * The embedding model below knows one meaning: "zebra", "striped" and "equine" are near (cosine
 * 0.99), anything else is far (0.5). Its vectors make the prefilter's worst case on purpose: the
 * query word "equine" has the all-zero sign code of every other text, and the zebra memories have
 * one bit set, so by Hamming distance all ~600 other chunks come before them, and only a prefilter
 * that stays within the home (about 300 chunks, fewer than 400) reaches them.
 */
const DIMENSIONS = 16;

class OneMeaningEmbeddingModel implements EmbeddingModel {
  readonly id = "test:one-meaning@1";

  async open(): Promise<{ dimensions: number }> {
    return { dimensions: DIMENSIONS };
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => {
      const vector = new Float32Array(DIMENSIONS).fill(-1);
      if (/\bequine\b/i.test(text)) vector[0] = -12;
      else if (/\b(zebra|striped)\b/i.test(text)) {
        vector[0] = -12;
        vector[1] = 0.5;
      }
      return vector;
    });
  }

  async close(): Promise<void> {}
}

const FILLERS = 298;
let database: TestPostgres;
let folder = "";
const homes: Record<"a" | "b", { memory: MemoryHome; own: Set<string>; zebra: string; striped: string }> =
  {} as never;

async function openHome(label: "a" | "b", zebra: string, striped: string) {
  const memory = await openMemory({
    home: folder,
    env: {},
    store: database.url,
    homeId: `prefilter/${label}`,
    embedder: new OneMeaningEmbeddingModel(),
    config: { search: { embedder: "none" } },
  });
  const fillers = Array.from({ length: FILLERS }, (_, at) => ({
    type: "project" as const,
    name: `${label} note ${at}`,
    content: `Weather note ${at} of home ${label}: mild, some wind.`,
  }));
  const saved = await memory.memories.saveMany([
    ...fillers,
    { type: "user", name: zebra, content: `The zebra of home ${label} escaped from the zoo.` },
    { type: "user", name: striped, content: `A striped horse of home ${label} ran off.` },
  ]);
  const paths = saved.map((each) => each.path);
  // A search fills missing vectors in the background (issue 29); these tests need every vector.
  await memory.syncIndex();
  return {
    memory,
    own: new Set([...paths, "MEMORY.md"]),
    zebra: paths.at(-2) as string,
    striped: paths.at(-1) as string,
  };
}

describe.skipIf(!testPostgresHasServer())("vector recall in one PostgreSQL home among others", () => {
  beforeAll(async () => {
    database = await startTestPostgres();
    folder = await makeTempDir("mnemo-postgres-prefilter-");
    homes.a = await openHome("a", "Zebra escape", "Striped horse");
    homes.b = await openHome("b", "Zebra nap", "Striped pony");
  }, 240_000);
  afterAll(async () => {
    await homes.a?.memory.close();
    await homes.b?.memory.close();
    await database?.stop();
    await removeDir(folder);
  });

  test("the premise: more than 400 vectors across the two homes, fewer than 400 in each", async () => {
    await homes.a.memory.recall("equine");
    await homes.b.memory.recall("equine");
    const client = database.client();
    const rows = await client.query<{ home_id: string; vectors: string }>(
      "SELECT home_id, count(*) AS vectors FROM mnemo_chunks WHERE embedding IS NOT NULL GROUP BY home_id ORDER BY home_id",
    );
    await client.close();
    const counts = rows.map((row) => [row.home_id, Number(row.vectors)] as const);
    expect(counts.map(([home]) => home)).toEqual(["prefilter/a", "prefilter/b"]);
    for (const [, vectors] of counts) expect(vectors).toBeGreaterThan(FILLERS);
    for (const [, vectors] of counts) expect(vectors).toBeLessThan(400);
  });

  test.each(["a", "b"] as const)(
    "home %s: a query only vectors answer finds its own two memories first, and nothing of the other home",
    async (label) => {
      const home = homes[label];
      const { hits, mode } = await home.memory.recall("equine", { limit: 10 });
      expect(mode).toBe("hybrid");
      expect(hits.every((hit) => hit.textScore === undefined)).toBe(true);
      expect(hits.map((hit) => hit.path).filter((path) => home.own.has(path))).toEqual(
        hits.map((hit) => hit.path),
      );
      const ranked = hits.map((hit) => hit.path).filter((path) => path !== "MEMORY.md");
      expect(ranked.slice(0, 2).sort()).toEqual([home.zebra, home.striped].sort());
    },
    120_000,
  );

  test.each(["a", "b"] as const)(
    "home %s: a hybrid query gets its word match and its vector-only match, and nothing of the other home",
    async (label) => {
      const home = homes[label];
      const { hits } = await home.memory.recall("equine zebra", { limit: 10 });
      const paths = hits.map((hit) => hit.path);
      expect(paths.filter((path) => home.own.has(path))).toEqual(paths);
      const zebra = hits.find((hit) => hit.path === home.zebra);
      const striped = hits.find((hit) => hit.path === home.striped);
      expect(zebra?.textScore).toBeGreaterThan(0);
      // No word of the query is in it: only the vector search finds the striped horse.
      expect(striped).toMatchObject({ textScore: undefined, vectorScore: expect.any(Number) });
      expect(striped?.vectorScore).toBeGreaterThan(0.9);
    },
    120_000,
  );
});
