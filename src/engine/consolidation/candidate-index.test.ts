import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MEMORY_TYPES, type MemoryType } from "../memdir/memory-types.js";
import { bestPaths, CandidateIndex, type CandidateLine } from "./candidate-index.js";
import { candidateScores, chooseCandidates } from "./consolidation-candidates.js";
import { candidateIndexFor, candidateLines } from "./memory-index-lines.js";
import { plainTerms } from "./plain-terms.js";

/**
 * The candidate index chooses exactly as `chooseCandidates` over the same lines (same scores, same
 * ties), after any adds and removes, and the index kept per owner from a text's earlier versions
 * chooses as one built from the text alone.
 */
const WORDS = [
  "porto",
  "lisbon",
  "deploy",
  "standup",
  "kafka",
  "redis",
  "friday",
  "coffee",
  "review",
  "night",
];
const types = fc.constantFrom<MemoryType | undefined>(...MEMORY_TYPES, undefined);
const words = fc
  .array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 4 })
  .map((each) => each.join(" "));
const line = fc.record({
  path: fc.constantFrom("memories/a.md", "memories/b.md", "memories/c.md", "memories/d.md", "memories/e.md"),
  type: types,
  terms: words.map((text) => plainTerms(text)),
});
const incoming = fc.record({
  type: fc.constantFrom(...MEMORY_TYPES),
  name: words,
  description: words,
  content: words,
});

/** Each path's best score: what `bestPaths` chooses from. */
const bestScores = (scored: Array<{ path: string; score: number }>) => {
  const best = new Map<string, number>();
  for (const { path, score } of scored) best.set(path, Math.max(score, best.get(path) ?? score));
  return best;
};

describe("CandidateIndex", () => {
  it("chooses as chooseCandidates over the lines it holds, after adds and removes", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        incoming,
        fc.integer({ min: 1, max: 6 }),
        (lines, removals, save, limit) => {
          // Equal lines are one object, as candidateLines gives them.
          const held: CandidateLine[] = lines.flatMap((each, at) => (at % 3 === 2 ? [each, each] : [each]));
          const index = CandidateIndex.of(held);
          for (const removal of removals) {
            if (held.length === 0) break;
            const [removed] = held.splice(removal % held.length, 1);
            index.remove(removed as CandidateLine);
          }
          index.remove({ path: "memories/never.md", type: "user", terms: new Set(["porto"]) });
          expect(index.choose(save, limit)).toEqual(chooseCandidates(save, held, limit));
          // The same scores, not only the same order: a count off by one moves every score.
          expect(bestScores(index.scores(save))).toEqual(bestScores(candidateScores(save, held)));
        },
      ),
    );
  });
});

describe("CandidateIndex.remove", () => {
  it("ignores a line removed once more than it was added, whose terms and type count stay right", () => {
    const porto: CandidateLine = {
      path: "memories/user_a.md",
      type: "user",
      terms: new Set(["porto", "coffee"]),
    };
    const lisbon: CandidateLine = {
      path: "memories/user_b.md",
      type: "user",
      terms: new Set(["lisbon", "coffee"]),
    };
    const other: CandidateLine = {
      path: "memories/user_c.md",
      type: "user",
      terms: new Set(["coffee", "night"]),
    };
    const index = CandidateIndex.of([porto, lisbon, other, other]);
    index.remove(porto);
    index.remove(porto);
    index.remove(other);
    const save = { type: "user" as const, name: "coffee", description: "", content: "porto lisbon night" };
    expect(index.choose(save, 6)).toEqual(chooseCandidates(save, [lisbon, other], 6));
    const lisbonOnly = { ...save, content: "lisbon" };
    expect(index.choose(lisbonOnly, 6)).toEqual(chooseCandidates(lisbonOnly, [lisbon, other], 6));
    expect(index.choose(lisbonOnly, 6)).toContain("memories/user_b.md");
    expect(bestScores(index.scores(save))).toEqual(bestScores(candidateScores(save, [lisbon, other])));

    // The second of two equal lines goes too, and with it the last line holding "night".
    index.remove(other);
    index.remove(other); // once more than added: ignored
    index.remove(undefined);
    expect(bestScores(index.scores(save))).toEqual(bestScores(candidateScores(save, [lisbon])));
    expect(index.choose({ ...save, name: "night", content: "" }, 6)).toEqual([]);
  });
});

describe("bestPaths", () => {
  it("keeps what sorting every score and keeping each path's first would keep", () => {
    const scored = fc.array(
      fc.record({
        path: fc.constantFrom(
          "memories/a.md",
          "memories/b.md",
          "memories/B.md",
          "memories/c.md",
          "memories/é.md",
        ),
        score: fc.constantFrom(0.5, 1, 1.5, 2, 3.25),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(scored, fc.integer({ min: 0, max: 7 }), (each, limit) => {
        const sorted = [...each].sort(
          (first, second) => second.score - first.score || first.path.localeCompare(second.path),
        );
        expect(bestPaths([...each], limit)).toEqual(
          [...new Set(sorted.map((one) => one.path))].slice(0, limit),
        );
      }),
    );
  });
});

describe("candidateIndexFor", () => {
  const indexLine = fc
    .record({
      title: words,
      slug: fc.constantFrom("a", "b", "c", "d"),
      type: fc.constantFrom(...MEMORY_TYPES),
      summary: words,
    })
    .map(
      ({ title, slug, type, summary }) => `- [${title || "x"}](memories/${type}_${slug}.md) — ${summary}\n`,
    );
  const otherLine = fc.constantFrom(
    "# Memory\n",
    "\n",
    "Some prose about porto.\n",
    "- a plain item\n",
    "- [",
    "no newline: ",
  );
  const text = fc
    .array(fc.oneof(indexLine, indexLine, otherLine), { maxLength: 25 })
    .map((each) => each.join(""));
  /** A text and its edits: a line in, a line out, a line changed, as saves and other writers make them. */
  const edit = fc.oneof(
    fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), line: fc.oneof(indexLine, otherLine) }),
    fc.record({ kind: fc.constant("remove" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("replace" as const), text }),
  );
  const applyEdit = (before: string, change: EditOf<typeof edit>) => {
    const lines = before.split(/(?<=\n)/);
    if (change.kind === "replace") return change.text;
    if (change.kind === "insert") lines.splice(change.at % (lines.length + 1), 0, change.line);
    else if (lines.length > 0) lines.splice(change.at % lines.length, 1);
    return lines.join("");
  };

  it("chooses, after any edits, as an index built from the last text alone", () => {
    fc.assert(
      fc.property(
        text,
        fc.array(edit, { maxLength: 8 }),
        fc.array(incoming, { minLength: 1, maxLength: 3 }),
        (first, edits, saves) => {
          const owner = {};
          let current = first;
          candidateIndexFor(owner, current);
          for (const change of edits) {
            current = applyEdit(current, change);
            const kept = candidateIndexFor(owner, current);
            const fresh = CandidateIndex.of(candidateLines(current));
            for (const save of saves) expect(kept.choose(save, 6)).toEqual(fresh.choose(save, 6));
          }
        },
      ),
    );
  });

  it("chooses as a fresh index on texts over 4 kB too, whose common start and end are compared a block at a time", () => {
    // Padded to several 4,096-character blocks: the small texts above never reach the block comparison.
    const padding = `${"- [Padding](memories/user_padding.md) — old notes about coffee\n".repeat(80)}`;
    fc.assert(
      fc.property(
        text,
        text,
        fc.array(edit, { minLength: 1, maxLength: 6 }),
        incoming,
        (head, tail, edits, save) => {
          const owner = {};
          let current = `${head}${padding}${tail}`;
          candidateIndexFor(owner, current);
          for (const change of edits) {
            current = applyEdit(current, change);
            expect(candidateIndexFor(owner, current).choose(save, 6)).toEqual(
              CandidateIndex.of(candidateLines(current)).choose(save, 6),
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("reads a line changed in the middle of a large index, and only the owner's", () => {
    const lines = Array.from(
      { length: 2000 },
      (_, at) => `- [Note ${at}](memories/project_note-${at}.md) — about redis ${at}\n`,
    );
    const owner = {};
    const before = `# Index\n\n${lines.join("")}`;
    expect(
      candidateIndexFor(owner, before).choose(
        { type: "project", name: "x", description: "", content: "porto" },
        6,
      ),
    ).toEqual([]);
    lines[1000] = "- [Note 1000](memories/project_note-1000.md) — moved to porto\n";
    const after = `# Index\n\n${lines.join("")}`;
    const save = { type: "project" as const, name: "x", description: "", content: "porto" };
    expect(candidateIndexFor(owner, after).choose(save, 6)).toEqual(["memories/project_note-1000.md"]);
    expect(candidateIndexFor({}, before).choose(save, 6)).toEqual([]);
  });
});

type EditOf<A> = A extends fc.Arbitrary<infer T> ? T : never;
