import { text } from "node:stream/consumers";
import { createCandidate } from "./candidates.js";

/**
 * Load time, memory and throughput of one embedder, in a process of its own so that the figures
 * are not mixed with another model's: `npx tsx bench/embedders/measure-embedder.ts <name> < sentences.json`
 * (a JSON list of sentences, embedded as one batch). Prints one JSON object. Run with node's
 * --expose-gc, it also reports the memory held once garbage left by loading is collected.
 */
/** The batch is embedded again and again, at least this often and this long, after a first run. */
const MIN_RUNS = 3;
const MIN_MS = 2000;

async function main(): Promise<void> {
  const name = process.argv[2] ?? "";
  const sentences = JSON.parse(await text(process.stdin)) as string[];
  const model = createCandidate(name);
  const rssBeforeMB = process.memoryUsage().rss / 1e6;
  const loadStarted = performance.now();
  const { dimensions } = await model.open();
  const loadMs = performance.now() - loadStarted;
  const rssAfterLoadMB = process.memoryUsage().rss / 1e6;
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const rssAfterLoadAndGcMB = collect ? Math.round(process.memoryUsage().rss / 1e6) : undefined;
  const firstStarted = performance.now();
  await model.embed(sentences);
  const firstBatchMs = performance.now() - firstStarted;
  let runs = 0;
  const started = performance.now();
  while (runs < MIN_RUNS || performance.now() - started < MIN_MS) {
    await model.embed(sentences);
    runs++;
  }
  const elapsedMs = performance.now() - started;
  const result = {
    name,
    id: model.id,
    dimensions,
    loadMs: Math.round(loadMs),
    rssBeforeMB: Math.round(rssBeforeMB),
    rssAfterLoadMB: Math.round(rssAfterLoadMB),
    rssAfterLoadAndGcMB,
    rssAfterEmbedMB: Math.round(process.memoryUsage().rss / 1e6),
    batchSize: sentences.length,
    firstBatchMs: Math.round(firstBatchMs),
    textsPerSecond: Math.round(((runs * sentences.length) / elapsedMs) * 1000),
  };
  await model.close();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
