import type { ScoredChunkId } from "../../contracts/search-index.js";

/**
 * The `limit` best of these scores, best first, ties by the smaller id. A query's terms match
 * about a thousand chunks of 10,000 and fifty are wanted: a bounded heap of the best so far
 * keeps the work near one pass instead of sorting them all.
 */
export function bestScored(scores: ReadonlyMap<number, number>, limit: number): ScoredChunkId[] {
  if (limit <= 0) return [];
  const heap: ScoredChunkId[] = []; // the worst kept at the root
  for (const [id, score] of scores) {
    const hit = { id, score };
    if (heap.length < limit) {
      heap.push(hit);
      siftUp(heap, heap.length - 1);
    } else if (better(hit, heap[0] as ScoredChunkId)) {
      heap[0] = hit;
      siftDown(heap, 0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : 1));
}

function better(a: ScoredChunkId, b: ScoredChunkId): boolean {
  return a.score > b.score || (a.score === b.score && a.id < b.id);
}

function siftUp(heap: ScoredChunkId[], start: number): void {
  let child = start;
  while (child > 0) {
    const parent = (child - 1) >> 1;
    if (!better(heap[parent] as ScoredChunkId, heap[child] as ScoredChunkId)) return;
    swap(heap, parent, child);
    child = parent;
  }
}

function siftDown(heap: ScoredChunkId[], start: number): void {
  let parent = start;
  for (;;) {
    let worst = parent;
    for (const child of [2 * parent + 1, 2 * parent + 2])
      if (child < heap.length && better(heap[worst] as ScoredChunkId, heap[child] as ScoredChunkId))
        worst = child;
    if (worst === parent) return;
    swap(heap, parent, worst);
    parent = worst;
  }
}

function swap(heap: ScoredChunkId[], a: number, b: number): void {
  const kept = heap[a] as ScoredChunkId;
  heap[a] = heap[b] as ScoredChunkId;
  heap[b] = kept;
}
