/**
 * The rescoring step of the vector search alone: dot products of a float query with the int8
 * copies of 400 candidates (512 dimensions, as USE lite), by the WebAssembly SIMD kernel and by
 * the JavaScript fallback. The two run in alternating rounds (A/B/A/B) so that a change in the
 * machine's load falls on both; the load average is printed beside each round. With --cold, the
 * caches are flushed before each call (a pass over 64 MB, twice this machine's L3), as in a recall,
 * where BM25 and the Hamming scan run between two rescorings.
 *
 *   npx tsx bench/vector-index/rescore-speed.ts [--vectors 10000] [--candidates 400]
 *       [--dimensions 512] [--rounds 4] [--calls 2000] [--cold]
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { type Int8Copies, JavaScriptInt8Copies } from "../../src/adapters/vector-index/int8-copies.js";
import { SimdInt8Copies } from "../../src/adapters/vector-index/simd-int8-copies.js";
import { unitVector, writeInt8Copy } from "../../src/adapters/vector-index/vector-quantization.js";
import { percentile } from "../../src/eval/retrieval-metrics.js";
import { seededRandom } from "../../src/testing/seeded-random.js";

const { values } = parseArgs({
  options: {
    vectors: { type: "string", default: "10000" },
    candidates: { type: "string", default: "400" },
    dimensions: { type: "string", default: "512" },
    rounds: { type: "string", default: "4" },
    calls: { type: "string", default: "2000" },
    cold: { type: "boolean", default: false },
  },
});
const vectorCount = Number(values.vectors);
const candidates = Number(values.candidates);
const dimensions = Number(values.dimensions);
const random = seededRandom(16);
const randomVector = () => Float32Array.from({ length: dimensions }, () => random() - 0.5);

function filled(copies: Int8Copies): Int8Copies {
  copies.reserve(vectorCount);
  for (let slot = 0; slot < vectorCount; slot++) writeInt8Copy(randomVector(), copies.copy(slot), 0);
  return copies;
}

const implementations: [string, Int8Copies][] = [
  ["JavaScript", filled(new JavaScriptInt8Copies(dimensions))],
  ["SIMD", filled(new SimdInt8Copies(dimensions))],
];
const queries = Array.from({ length: 50 }, () => unitVector(randomVector()) as Float32Array);
const slotLists = queries.map(() =>
  Array.from({ length: candidates }, () => Math.floor(random() * vectorCount)),
);

const flushed = new Int32Array(16 * 1024 * 1024);

/** Reads 64 MB, a value per 64-byte line, so the copies are no longer in any cache. */
function flushCaches(): number {
  let sum = 0;
  for (let position = 0; position < flushed.length; position += 16) sum += flushed[position] as number;
  return sum;
}

/** Microseconds per call, one sample per call; the first calls warm the JIT up and are not kept. */
function timeCalls(copies: Int8Copies, calls: number): number[] {
  const microseconds: number[] = [];
  let checksum = 0;
  for (let call = -200; call < calls; call++) {
    const which = (call + 200) % queries.length;
    if (values.cold) checksum += flushCaches();
    const begin = performance.now();
    checksum += copies.dotProducts(queries[which] as Float32Array, slotLists[which] as number[])[0] as number;
    if (call >= 0) microseconds.push((performance.now() - begin) * 1000);
  }
  if (Number.isNaN(checksum)) throw new Error("a dot product was NaN");
  return microseconds;
}

console.log(
  `${candidates} candidates × ${dimensions} dimensions, out of ${vectorCount.toLocaleString("en")} copies${values.cold ? ", caches flushed before each call" : ""}`,
);
for (let round = 1; round <= Number(values.rounds); round++) {
  for (const [name, copies] of implementations) {
    const microseconds = timeCalls(copies, Number(values.calls));
    console.log(
      `round ${round} ${name.padEnd(10)} p50 ${percentile(microseconds, 50).toFixed(1)} µs, p95 ${percentile(microseconds, 95).toFixed(1)} µs, load ${loadavg()
        .map((load) => load.toFixed(2))
        .join(" / ")}`,
    );
  }
}
