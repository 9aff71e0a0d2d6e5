/**
 * Profiles recall alone (not the opening nor the reindex) on a home that recall-speed.ts kept with
 * --keep-home: runs the queries once to warm up, then again under the V8 CPU profiler, writes the
 * profile (open it in Chrome's DevTools) and prints the functions that cost most, by self time and
 * by time including what they call.
 *
 *   npx tsx bench/speed/recall-speed.ts --memories 10000 --embedder local --keep-home .scratch/home-10k
 *   npx tsx bench/speed/profile-recall.ts .scratch/home-10k [--embedder local] [--queries 200] [--out FILE]
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openMemory } from "../../src/open-memory.js";
import { readLongMemEvalCorpus } from "./longmemeval-corpus.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    embedder: { type: "string", default: "local" },
    queries: { type: "string", default: "200" },
    out: { type: "string", default: "recall.cpuprofile" },
    data: {
      type: "string",
      default: join(import.meta.dirname, "..", "..", "..", "shared", "data", "longmemeval"),
    },
  },
});
const home = positionals[0];
if (home === undefined) {
  console.error(
    "usage: profile-recall.ts <home kept by recall-speed.ts --keep-home> [--embedder local|none]",
  );
  process.exit(2);
}
const corpus = await readLongMemEvalCorpus(
  join(values.data, "longmemeval_s_cleaned.498q.user_turns.jsonl.gz"),
);
const queries = (corpus?.queries ?? ["what did I say about the garden"]).slice(0, Number(values.queries));
const embedder = values.embedder === "none" ? "none" : "local";
const memory = await openMemory({ home, env: {}, config: { search: { embedder } } });
for (const query of queries) await memory.recall(query, { limit: 10 }); // warm up: index loaded, queries embedded

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 100 });
await session.post("Profiler.start");
const withoutEmbedding: number[] = [];
for (const query of queries) {
  const begin = performance.now();
  const result = await memory.recall(query, { limit: 10 });
  withoutEmbedding.push(performance.now() - begin - result.timings.queryEmbeddingMs);
}
const { profile } = await session.post("Profiler.stop");
session.disconnect();
await memory.close();
writeFileSync(values.out, JSON.stringify(profile));

withoutEmbedding.sort((a, b) => a - b);
console.log(
  `recall without embedding (repeated queries) p50 ${withoutEmbedding[Math.floor(withoutEmbedding.length / 2)]?.toFixed(2)} ms, load ${loadavg()
    .map((load) => load.toFixed(2))
    .join(" / ")}; profile in ${values.out}`,
);
printTop(profile);

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};

function printTop(cpu: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }): void {
  const parentOf = new Map<number, number>();
  for (const node of cpu.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const byId = new Map(cpu.nodes.map((node) => [node.id, node]));
  const name = (node: ProfileNode) =>
    `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.split("/").slice(-2).join("/")}:${node.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  (cpu.samples ?? []).forEach((sample, position) => {
    const micros = cpu.timeDeltas?.[position] ?? 0;
    const leaf = byId.get(sample) as ProfileNode;
    self.set(name(leaf), (self.get(name(leaf)) ?? 0) + micros);
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parentOf.get(id)) {
      const key = name(byId.get(id) as ProfileNode);
      if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + micros);
      seen.add(key);
    }
  });
  const show = (title: string, table: Map<string, number>) => {
    console.log(`\n${title} (ms over ${queries.length} recalls)`);
    for (const [key, micros] of [...table].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`${(micros / 1000).toFixed(1).padStart(9)}  ${key}`);
  };
  show("self time", self);
  show("including callees", total);
}
