/**
 * The first recall of a fresh process, as a user's first `mnemo recall` or an agent's first
 * search meets it: open the home, recall once, print the timings as JSON. recall-speed.ts runs
 * this in a child process after its reindex, because in its own process the reindex has already
 * loaded the vector index and the embedding model, so nothing of that first load would be timed.
 *
 *   npx tsx bench/speed/first-recall.ts <home> <none|local>
 */
import { openMemory } from "../../src/open-memory.js";

const [home, embedder] = process.argv.slice(2);
if (home === undefined || (embedder !== "none" && embedder !== "local")) {
  console.error("usage: first-recall.ts <home> <none|local>");
  process.exit(2);
}
const openStarted = performance.now();
const memory = await openMemory({ home, env: {}, config: { search: { embedder } } });
const openMs = performance.now() - openStarted;
const recallStarted = performance.now();
const result = await memory.recall("warm up", { limit: 10 });
const firstRecallMs = performance.now() - recallStarted;
await memory.close();
console.log(JSON.stringify({ openMs, firstRecallMs, mode: result.mode, ...result.timings }));
