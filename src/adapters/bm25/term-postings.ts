import type { ScoredChunkId } from "../../contracts/search-index.js";
import { bestScored } from "./best-scored.js";
import type { ChunkTerms } from "./bm25-terms.js";
import { BM25_B, BM25_K1, MINIMUM_IDF } from "./bm25-weights.js";

/**
 * An in-memory inverted index of chunks' terms, ranked by BM25 exactly as SQLite's FTS5 ranks
 * (bm25-weights.ts) and as PostgreSQL's candidate search does (candidate-search-sql.ts): terms in
 * half the chunks or more are scored only to fill up a list the rare terms left short. FTS5's
 * `bm25()` visits every matching row through its auxiliary-function API and counts each term's
 * rows again on every query; here a query visits its terms' postings once.
 *
 * Removal is lazy: a removed chunk's postings stay until a search reads that term's list (which
 * then drops them, so the count of chunks holding the term is exact) or until as many chunks were
 * removed as are held (then every list is swept).
 */
interface PostingList {
  /** [id, frequency, length, id, ...]: the chunk's length in terms is kept with each of its postings, so scoring reads no map. Ids are SQLite rowids, under 2^32. */
  entries: Uint32Array;
  used: number;
  /** The removal count when the list was last swept: nothing removed since means nothing dead. */
  sweptAt: number;
}

/** Numbers per posting: id, frequency, chunk length. */
const STRIDE = 3;

export interface TermSearchResult {
  hits: ScoredChunkId[];
  /** Live chunks holding each searched term. */
  holding: Map<string, number>;
}

export class TermPostings {
  private readonly lengths = new Map<number, number>();
  private readonly lists = new Map<string, PostingList>();
  private totalLength = 0;
  private removals = 0;
  private removalsSinceFullSweep = 0;

  get size(): number {
    return this.lengths.size;
  }

  has(id: number): boolean {
    return this.lengths.has(id);
  }

  ids(): IterableIterator<number> {
    return this.lengths.keys();
  }

  /** Adds a chunk's terms; a chunk already held is left as it is (a chunk's text never changes). */
  add(id: number, terms: ChunkTerms): void {
    if (this.lengths.has(id)) return;
    if (!Number.isInteger(id) || id < 0 || id > 0xffff_ffff)
      throw new RangeError(`chunk id ${id} out of range`);
    this.lengths.set(id, terms.length);
    this.totalLength += terms.length;
    for (const [term, frequency] of terms.frequencies) this.append(term, [id, frequency, terms.length]);
  }

  delete(id: number): void {
    const length = this.lengths.get(id);
    if (length === undefined) return;
    this.lengths.delete(id);
    this.totalLength -= length;
    this.removals++;
    this.removalsSinceFullSweep++;
    if (this.removalsSinceFullSweep > this.lengths.size) this.sweepAll();
  }

  /**
   * The `limit` best chunks for these terms (each with its weight: how many query words it stands
   * for), best first, ties by id, and how many chunks hold each term. With `allowed`, only those
   * chunks are ranked (a filter); the counts and IDFs stay the whole index's, as FTS5's do.
   */
  search(
    weights: ReadonlyMap<string, number>,
    limit: number,
    allowed?: ReadonlySet<number>,
  ): TermSearchResult {
    const holding = new Map<string, number>();
    for (const term of weights.keys()) holding.set(term, this.liveList(term)?.used ?? 0);
    const chunks = this.lengths.size;
    const found = [...weights.keys()].filter((term) => (holding.get(term) ?? 0) > 0);
    const rare = found.filter((term) => (holding.get(term) ?? 0) < chunks / 2);
    const first = this.ranked(rare.length > 0 ? rare : found, weights, holding, limit, allowed);
    if (rare.length === 0 || rare.length === found.length || first.length >= limit)
      return { hits: first, holding };
    const seen = new Set(first.map((hit) => hit.id));
    const rest = this.ranked(found, weights, holding, limit, allowed).filter((hit) => !seen.has(hit.id));
    return { hits: [...first, ...rest].slice(0, limit), holding };
  }

  private ranked(
    terms: string[],
    weights: ReadonlyMap<string, number>,
    holding: ReadonlyMap<string, number>,
    limit: number,
    allowed: ReadonlySet<number> | undefined,
  ): ScoredChunkId[] {
    const chunks = this.lengths.size;
    const averageLength = chunks > 0 && this.totalLength > 0 ? this.totalLength / chunks : 1;
    const scores = new Map<number, number>();
    for (const term of terms) {
      const list = this.lists.get(term);
      if (!list) continue;
      const idf = (weights.get(term) ?? 1) * inverseDocumentFrequency(chunks, holding.get(term) ?? 0);
      const { entries, used } = list;
      for (let at = 0; at < used * STRIDE; at += STRIDE) {
        const id = entries[at] as number;
        if (allowed && !allowed.has(id)) continue;
        const frequency = entries[at + 1] as number;
        const length = entries[at + 2] as number;
        const score =
          (idf * (frequency * (BM25_K1 + 1))) /
          (frequency + BM25_K1 * (1 - BM25_B + (BM25_B * length) / averageLength));
        scores.set(id, (scores.get(id) ?? 0) + score);
      }
    }
    return bestScored(scores, limit);
  }

  /** The term's list with removed chunks dropped. */
  private liveList(term: string): PostingList | undefined {
    const list = this.lists.get(term);
    if (!list || list.sweptAt === this.removals) return list;
    this.sweep(term, list);
    return this.lists.get(term);
  }

  private sweep(term: string, list: PostingList): void {
    const { entries } = list;
    let kept = 0;
    for (let at = 0; at < list.used * STRIDE; at += STRIDE) {
      if (!this.lengths.has(entries[at] as number)) continue;
      entries.copyWithin(kept * STRIDE, at, at + STRIDE);
      kept++;
    }
    list.used = kept;
    list.sweptAt = this.removals;
    if (kept === 0) this.lists.delete(term);
  }

  private sweepAll(): void {
    for (const [term, list] of this.lists) this.sweep(term, list);
    this.removalsSinceFullSweep = 0;
  }

  private append(term: string, posting: [id: number, frequency: number, length: number]): void {
    let list = this.lists.get(term);
    if (!list) {
      list = { entries: new Uint32Array(STRIDE), used: 0, sweptAt: this.removals };
      this.lists.set(term, list);
    }
    if (list.used * STRIDE === list.entries.length) {
      const grown = new Uint32Array(list.entries.length * 2);
      grown.set(list.entries);
      list.entries = grown;
    }
    list.entries.set(posting, list.used * STRIDE);
    list.used++;
  }
}

/** FTS5's IDF: ln((N - n + 0.5) / (n + 0.5)), and 1e-6 where that is not positive. */
export function inverseDocumentFrequency(chunks: number, holding: number): number {
  const idf = Math.log((chunks - holding + 0.5) / (holding + 0.5));
  return idf > 0 ? idf : MINIMUM_IDF;
}
