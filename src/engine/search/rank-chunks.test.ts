import { describe, expect, test } from "vitest";
import { InMemorySearchIndex } from "../../adapters/memory/in-memory-search-index.js";
import type { EmbeddingModel } from "../../contracts/embedding-model.js";
import type { CandidateQuery, ChunkRecord, SearchCandidates } from "../../contracts/search-index.js";
import { textHash } from "./embed-chunks.js";
import { type RankOptions, rankChunks } from "./rank-chunks.js";

/**
 * rankChunks against the reference in-memory index, in the cases a home on disk rarely shows: a
 * chunk removed while a search runs, best results whose embedding failed, more candidates than the
 * pool. Vectors are placed by hand (two dimensions); the query is always (1, 0).
 */
const NOW = new Date("2026-11-30T12:00:00Z");

interface Doc {
  path: string;
  text: string;
  vector?: number[];
  date?: string;
}

const queryEmbedder: EmbeddingModel = {
  id: "test:fixed",
  async open() {
    return { dimensions: 2 };
  },
  async embed(texts) {
    return texts.map(() => Float32Array.from([1, 0]));
  },
  async close() {},
};

async function fill(index: InMemorySearchIndex, docs: Doc[]): Promise<InMemorySearchIndex> {
  await index.open();
  await index.resetVectors({ id: queryEmbedder.id, dimensions: 2 });
  for (const doc of docs) {
    const chunk: ChunkRecord = {
      path: doc.path,
      kind: "journal",
      locator: doc.path,
      line: 1,
      title: "",
      text: doc.text,
      date: doc.date,
      textHash: textHash(doc.text),
    };
    const vectors = doc.vector ? new Map([[chunk.textHash, Float32Array.from(doc.vector)]]) : new Map();
    await index.replaceDocument(doc.path, { hash: doc.path, mtimeMs: 0, size: 0 }, [chunk], vectors);
  }
  return index;
}

function options(part: Partial<RankOptions> = {}): RankOptions {
  return {
    limit: 5,
    fusion: { method: "weighted", textWeight: 0.5 },
    recency: { weight: 0, halfLifeDays: 30 },
    now: NOW,
    ...part,
  };
}

/** Another process reindexing: the document is gone between the search and the read of its chunks. */
class RemovedDuringSearch extends InMemorySearchIndex {
  constructor(private readonly removed: string) {
    super();
  }

  override async search(query: CandidateQuery): Promise<SearchCandidates> {
    const candidates = await super.search(query);
    await this.removeDocument(this.removed);
    return candidates;
  }
}

/** The last turn "when was that?" points along (1, 0); a text that names Lisbon along (0, 1). */
const turnEmbedder: EmbeddingModel = {
  ...queryEmbedder,
  async embed(texts) {
    return texts.map((text) => Float32Array.from(text.includes("Lisbon") ? [0, 1] : [1, 0]));
  },
};

describe("rankChunks", () => {
  test("a chunk removed while the search runs is left out, not returned empty", async () => {
    const index = await fill(new RemovedDuringSearch("gone.md"), [
      { path: "gone.md", text: "tea tea tea" },
      { path: "kept.md", text: "tea" },
    ]);
    const { hits } = await rankChunks(index, undefined, "tea", options());
    expect(hits.map((hit) => hit.path)).toEqual(["kept.md"]);
  });

  test("feedback whose best results have no vector (their embedding failed) keeps the first ranking", async () => {
    // BM25, at 0.9 of the score, puts "unembedded.md" first (three "tea" in a short text); the others have vectors.
    const docs: Doc[] = [
      { path: "unembedded.md", text: "tea tea tea" },
      ...Array.from({ length: 11 }, (_, n) => ({
        path: `v${n}.md`,
        text: `tea and item ${n} of a longer list`,
        vector: [1, n / 10],
      })),
    ];
    const index = await fill(new InMemorySearchIndex(), docs);
    const fusion = { method: "weighted" as const, textWeight: 0.9 };
    const rank = (weight: number) =>
      rankChunks(index, queryEmbedder, "tea", options({ fusion, feedback: { weight, top: 1 }, limit: 12 }));
    const withFeedback = (await rank(1)).hits;
    expect(withFeedback[0]?.path).toBe("unembedded.md");
    expect(withFeedback.map(({ path, score }) => ({ path, score }))).toEqual(
      (await rank(0)).hits.map(({ path, score }) => ({ path, score })),
    );
  });

  test("recency reorders the candidate pool only: a recent chunk ranked past it is not pulled up", async () => {
    // limit 1: a pool of 50 per list. Sixty chunks tie at 0.5 (50 by BM25 on "alpha", 10 by vector);
    // "recent.md" is today's but ranks 61st (0.05, a weak vector), so it never enters the pool.
    const docs: Doc[] = [
      ...Array.from({ length: 50 }, (_, n) => ({ path: `alpha${n}.md`, text: "alpha", vector: [0, 1] })),
      ...Array.from({ length: 10 }, (_, n) => ({ path: `beta${n}.md`, text: "beta", vector: [1, 0] })),
      { path: "recent.md", text: "gamma", vector: [0.1, 1], date: "2026-11-30" },
    ];
    const index = await fill(new InMemorySearchIndex(), docs);
    const { hits } = await rankChunks(
      index,
      queryEmbedder,
      "alpha",
      options({ limit: 1, recency: { weight: 100, halfLifeDays: 30 } }),
    );
    expect(hits.map((hit) => hit.path)).toEqual(["alpha0.md"]);
  });
  test("a conversation's earlier turns pull up their memory when the last turn is vague", async () => {
    // No word of "when was that?" is in either memory: the vectors alone decide. The last turn alone,
    // (1, 0), is nearer the dentist (cosine 1 against 0.9); mixed 3 : 1 with the conversation, (0, 1),
    // the query is (3, 1) / sqrt(10), nearer Lisbon (0.99 against 0.95).
    const index = await fill(new InMemorySearchIndex(), [
      { path: "dentist.md", text: "Dentist appointment in March", vector: [1, 0] },
      { path: "lisbon.md", text: "Trip to Lisbon in May", vector: [0.9, Math.sqrt(1 - 0.81)] },
    ]);
    const rank = async (query: string) =>
      (await rankChunks(index, turnEmbedder, query, options())).hits.map((hit) => hit.path);
    expect(await rank("user: when was that?")).toEqual(["dentist.md", "lisbon.md"]);
    expect(await rank("user: we flew to Lisbon\nuser: when was that?")).toEqual(["lisbon.md", "dentist.md"]);
  });

  test("a last turn whose own words find their memory is not pulled towards earlier turns about other things", async () => {
    // The conversation's vector is Lisbon's, (0, 1); the last turn's words find the dentist, so it
    // counts for nothing: the query vector is the last turn's alone, as for the question by itself.
    const index = await fill(new InMemorySearchIndex(), [
      { path: "dentist.md", text: "Dentist appointment in March", vector: [1, 0] },
      { path: "lisbon.md", text: "Trip to Lisbon in May", vector: [0.9, Math.sqrt(1 - 0.81)] },
      ...Array.from({ length: 20 }, (_, n) => ({
        path: `note${n}.md`,
        text: `garden note ${n}`,
        vector: [0, 1],
      })),
    ]);
    const rank = async (query: string) =>
      (await rankChunks(index, turnEmbedder, query, options())).hits.map((hit) => [
        hit.path,
        hit.vectorScore,
      ]);
    const alone = await rank("when was my dentist appointment?");
    const inConversation = await rank("we flew to Lisbon\nwhen was my dentist appointment?");
    expect(inConversation.map(([path]) => path)).toEqual(alone.map(([path]) => path));
    // Mixed 3 : 1 with Lisbon's vector, the dentist's cosine would be 0.949 and Lisbon's 0.95.
    expect(inConversation[0]?.[1]).toBeCloseTo(1, 3);
    expect(inConversation[1]?.[1]).toBeCloseTo(0.9, 2);
  });
});

describe("each hit's relevance (what the relevance floor reads)", () => {
  // "Unrelated words" shares no term with the query but points the query's way: its relevance is
  // its cosine (1) times the vector's share of the mix, whatever its fused score.
  const docs: Doc[] = [
    { path: "a.md", text: "Unrelated words entirely.", vector: [1, 0] },
    { path: "b.md", text: "A trip to Lisbon.", vector: [0, 1] },
  ];
  const relevanceOf = (hits: { id: number; relevance: number; text: string }[], text: string) =>
    hits.find((hit) => hit.text === text)?.relevance;

  test("mixes coverage and the query vector's cosine by the weighted fusion's text weight", async () => {
    const index = await fill(new InMemorySearchIndex(), docs);
    const fusion = { method: "weighted", textWeight: 0.8 } as const;
    const { hits } = await rankChunks(index, queryEmbedder, "lisbon", options({ fusion }));
    expect(relevanceOf(hits, "Unrelated words entirely.")).toBeCloseTo(0.2, 6);
    const lisbon = relevanceOf(hits, "A trip to Lisbon.") ?? 0;
    expect(lisbon).toBeGreaterThan(0);
    expect(lisbon).toBeLessThanOrEqual(0.8);
  });

  test("half and half under reciprocal rank fusion, which has no text weight", async () => {
    const index = await fill(new InMemorySearchIndex(), docs);
    const { hits } = await rankChunks(
      index,
      queryEmbedder,
      "lisbon",
      options({ fusion: { method: "rrf", k: 60 } }),
    );
    expect(relevanceOf(hits, "Unrelated words entirely.")).toBeCloseTo(0.5, 6);
  });

  test("without a query vector, BM25 coverage alone", async () => {
    const index = await fill(new InMemorySearchIndex(), docs);
    const { hits } = await rankChunks(index, undefined, "lisbon", options());
    expect(hits.map((hit) => hit.text)).toEqual(["A trip to Lisbon."]);
    expect(hits[0]?.relevance).toBeGreaterThan(0);
  });
});
