/**
 * MEMORY.md's index lines held by term (an inverted index), so that choosing a save's candidates
 * reads only the lines sharing one of its terms, not every line of the home. Its choice is exactly
 * `chooseCandidates` over the same lines (a property test keeps it so): the same scores, summed in
 * the same order, the same ties. In a home of 10,000 memories, scoring every line was about 35 ms
 * of a single save's 85 ms of CPU through `mnemo serve` (bench/postgres/serve-http.ts, load 13).
 * Pure; the index is changed in place by `add` and `remove`.
 */
import type { MemoryType } from "../memdir/memory-types.js";
import { plainTerms } from "./plain-terms.js";

/** A line of MEMORY.md's index as consolidation reads it (memory-index-lines.ts). */
export interface CandidateLine {
  path: string;
  /** The memory's type, read from its file name; undefined for a file name of another shape. */
  type: MemoryType | undefined;
  /** The terms of the line's title and summary. */
  terms: ReadonlySet<string>;
}

export class CandidateIndex {
  /** Each term's lines, with how many times each line is held (two equal lines are one object). */
  private readonly postings = new Map<string, Map<CandidateLine, number>>();
  /** How many lines each type has; `undefined` counts the lines of no known type. */
  private readonly linesOfType = new Map<MemoryType | undefined, number>();
  /** How many times each line is held. */
  private readonly held = new Map<CandidateLine, number>();

  static of(lines: Iterable<CandidateLine>): CandidateIndex {
    const index = new CandidateIndex();
    for (const line of lines) index.add(line);
    return index;
  }

  add(line: CandidateLine): void {
    this.held.set(line, (this.held.get(line) ?? 0) + 1);
    this.linesOfType.set(line.type, (this.linesOfType.get(line.type) ?? 0) + 1);
    for (const term of line.terms) {
      let holding = this.postings.get(term);
      if (holding === undefined) {
        holding = new Map();
        this.postings.set(term, holding);
      }
      holding.set(line, (holding.get(line) ?? 0) + 1);
    }
  }

  /** Removes one occurrence of a line added before (by identity); undefined, or a line not held, is ignored. */
  remove(toRemove: CandidateLine | undefined): void {
    const times = this.held.get(toRemove as CandidateLine);
    if (times === undefined) return;
    const line = toRemove as CandidateLine; // held, so a line
    if (times > 1) this.held.set(line, times - 1);
    else this.held.delete(line);
    // A type's count may reach 0 and stay: `choose` reads 0 and a missing count alike.
    this.linesOfType.set(line.type, (this.linesOfType.get(line.type) ?? 0) - 1);
    for (const term of line.terms) {
      // A held line's terms are always posted with it (add posts them all).
      const holding = this.postings.get(term) as Map<CandidateLine, number>;
      const times = holding.get(line) as number;
      if (times > 1) holding.set(line, times - 1);
      else holding.delete(line);
      // Stryker disable next-line ConditionalExpression: an empty posting left behind only costs memory (choose skips it).
      if (holding.size === 0) this.postings.delete(term);
    }
  }

  /** The memories a save is compared with: as `chooseCandidates` would choose among these lines. */
  choose(
    incoming: { type: MemoryType; name: string; description: string; content: string },
    limit: number,
  ): string[] {
    return bestPaths(this.scores(incoming), limit);
  }

  /** Each line sharing a term with the save and its score, as `candidateScores` scores it over these lines. */
  scores(incoming: {
    type: MemoryType;
    name: string;
    description: string;
    content: string;
  }): Array<{ path: string; score: number }> {
    const wanted = plainTerms(`${incoming.name} ${incoming.description} ${incoming.content}`);
    const ofType = (line: CandidateLine) => (line.type ?? incoming.type) === incoming.type;
    // How many lines of the save's type hold each wanted term; every line in `sharing` holds at
    // least one term counted here, so each of its scores is above 0.
    const holding = new Map<string, number>();
    const sharing = new Set<CandidateLine>();
    for (const term of wanted) {
      const lines = this.postings.get(term);
      if (lines === undefined) continue;
      let count = 0;
      for (const [line, times] of lines) {
        if (!ofType(line)) continue;
        count += times;
        sharing.add(line);
      }
      holding.set(term, count);
    }
    const comparedLines = (this.linesOfType.get(incoming.type) ?? 0) + (this.linesOfType.get(undefined) ?? 0);
    const scored: Array<{ path: string; score: number }> = [];
    for (const line of sharing) {
      let score = 0;
      for (const term of line.terms) {
        const count = holding.get(term);
        if (count !== undefined) score += Math.log(1 + comparedLines / count);
      }
      scored.push({ path: line.path, score });
    }
    return scored;
  }
}

/** The paths of the best scores, best first (ties by path), each path once, at most `limit`. */
export function bestPaths(scored: Array<{ path: string; score: number }>, limit: number): string[] {
  // Each path's best score, then the best `limit` kept in order as they come: a save in a home of
  // 10,000 memories scores thousands of lines, and sorting them all was a tenth of its CPU.
  const best = new Map<string, number>();
  for (const { path, score } of scored) best.set(path, Math.max(score, best.get(path) ?? score));
  const before = (first: { path: string; score: number }, second: { path: string; score: number }) =>
    second.score - first.score || first.path.localeCompare(second.path);
  const kept: Array<{ path: string; score: number }> = [];
  for (const [path, score] of best) {
    const each = { path, score };
    let at = kept.length;
    // Stryker disable next-line EqualityOperator: paths are distinct here, so before() is 0 only for two spellings localeCompare calls equal, a tie either way.
    while (at > 0 && before(each, kept[at - 1] as (typeof kept)[number]) < 0) at -= 1;
    kept.splice(at, 0, each);
    if (kept.length > limit) kept.pop();
  }
  return kept.map((each) => each.path);
}
