import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { SearchIndex, StoredChunk } from "../../contracts/search-index.js";
import { answerTypeOf } from "./answer-type.js";
import { type Boosts, boostedHits } from "./boosted-hits.js";
import type { FusedCandidate } from "./fusion.js";

/** An index that serves `chunk(id)` for any id and counts the chunks read. */
function fakeIndex(chunk: (id: number) => StoredChunk): { index: SearchIndex; read: () => number } {
  let read = 0;
  const index = {
    chunks: async (ids: number[]) => {
      read += ids.length;
      return ids.map(chunk);
    },
  } as unknown as SearchIndex;
  return { index, read: () => read };
}

function chunkOf(id: number, text: string, date: string): StoredChunk {
  return {
    id,
    path: `memories/m${id}.md`,
    kind: "memory",
    locator: "",
    line: 1,
    title: "",
    text,
    date,
    textHash: "",
  };
}

const QUESTION = "How many hours did I spend playing games?";
const NOW = new Date("2026-11-25T12:00:00Z");

function boostsWith(window: boolean, answer: boolean): Boosts {
  return {
    window: window ? { since: "2026-11-01", until: "2026-11-30" } : undefined,
    windowFactor: 1.25,
    answerType: answer ? answerTypeOf(QUESTION) : undefined,
    answerWeight: 0.3,
    recency: { weight: 0, halfLifeDays: 30 },
    now: NOW,
  };
}

describe("boostedHits: reads only the candidates a boost can still lift among the best", () => {
  test("the best `depth` are those of boosting every candidate, for any scores, texts and dates", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            score: fc.double({ min: 0, max: 1, noNaN: true }),
            states: fc.boolean(),
            names: fc.boolean(),
            inWindow: fc.boolean(),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        fc.integer({ min: 1, max: 15 }),
        fc.boolean(),
        fc.boolean(),
        async (drawn, depth, window, answer) => {
          const candidates: FusedCandidate[] = drawn
            .map(({ score }, id) => ({ id, score, textScore: score, vectorScore: undefined }))
            .sort((a, b) => b.score - a.score || a.id - b.id);
          const chunk = (id: number) => {
            const { states, names, inWindow } = drawn[id] as (typeof drawn)[number];
            // A name is a weaker sign than a stated number; with both, a text gets the largest boost.
            const game = names ? "Celeste" : "the game";
            const text = states ? `I beat ${game} in 10 hours.` : `I love playing ${game} for hours.`;
            return chunkOf(id, text, inWindow ? "2026-11-20" : "2026-10-01");
          };
          const boosts = boostsWith(window, answer);
          const pruned = await boostedHits(fakeIndex(chunk).index, candidates, depth, boosts);
          // Every candidate read and boosted: what the pruned read must agree with on the best `depth`.
          const everything = await boostedHits(fakeIndex(chunk).index, candidates, candidates.length, boosts);
          const ids = (hits: { id: number }[]) => hits.slice(0, depth).map((hit) => hit.id);
          expect(ids(pruned)).toEqual(ids(everything));
        },
      ),
      { numRuns: 300 },
    );
  });

  test("far weaker candidates are not read", async () => {
    const candidates: FusedCandidate[] = Array.from({ length: 50 }, (_, id) => ({
      id,
      score: id < 10 ? 1 - id / 100 : 0.5 - id / 1000,
      textScore: undefined,
      vectorScore: undefined,
    }));
    const { index, read } = fakeIndex((id) => chunkOf(id, "Took me 10 hours.", "2026-11-20"));
    const hits = await boostedHits(index, candidates, 10, boostsWith(true, true));
    expect(hits.map((hit) => hit.id).slice(0, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(read()).toBe(10);
  });

  test("a candidate past the first `depth` that a boost lifts is read and ranked", async () => {
    const candidates: FusedCandidate[] = [0.5, 0.49, 0.48, 0.45].map((score, id) => ({
      id,
      score,
      textScore: undefined,
      vectorScore: undefined,
    }));
    const text = (id: number) => (id === 3 ? "Took me 10 hours." : "Games, for hours.");
    const { index } = fakeIndex((id) => chunkOf(id, text(id), "2026-10-01"));
    const hits = await boostedHits(index, candidates, 2, boostsWith(false, true));
    expect(hits.map((hit) => hit.id).slice(0, 2)).toEqual([3, 0]);
  });

  test("a candidate that states the answer and names something is read for the largest boost", async () => {
    // 0.36 × 1.3 = 0.468 stays below 0.5; 0.36 × (1 + 0.3 × 1.5) = 0.522 does not.
    const candidates: FusedCandidate[] = [0.5, 0.36].map((score, id) => ({
      id,
      score,
      textScore: undefined,
      vectorScore: undefined,
    }));
    const text = (id: number) => (id === 1 ? "I beat Celeste in 10 hours." : "Games, for hours.");
    const { index } = fakeIndex((id) => chunkOf(id, text(id), "2026-10-01"));
    const hits = await boostedHits(index, candidates, 1, boostsWith(false, true));
    expect(hits[0]?.id).toBe(1);
  });
});
