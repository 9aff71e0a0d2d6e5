/**
 * Each query aspect's vector for the ranking lab (query-aspects.ts): the aspect's words embedded
 * with USE lite, once, into .bench-data/aspect-vectors.json.
 *
 *   npx tsx bench/longmemeval/lab-aspect-vectors.ts
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createLocalEmbeddingModel } from "../../src/adapters/models/local/index.js";
import { queryAspects } from "../../src/engine/search/query-aspects.js";

const file = join(import.meta.dirname, "..", "..", ".bench-data", "aspect-vectors.json");

/** Aspect words → vector. */
export function loadAspectVectors(): Map<string, Float32Array> {
  if (!existsSync(file)) return new Map();
  const stored = JSON.parse(readFileSync(file, "utf8")) as Record<string, number[]>;
  return new Map(Object.entries(stored).map(([text, vector]) => [text, Float32Array.from(vector)]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cases = readFileSync(
    join(import.meta.dirname, "..", "..", ".bench-data", "longmemeval-s-turn.jsonl"),
    "utf8",
  )
    .split("\n")
    .filter(Boolean);
  const texts = new Set<string>();
  for (const line of cases) {
    const question = (JSON.parse(line) as { queries: Array<{ text: string }> }).queries[0]?.text ?? "";
    for (const terms of queryAspects(question)) texts.add(terms.join(" "));
  }
  const model = createLocalEmbeddingModel("use-lite");
  await model.open();
  const list = [...texts];
  const vectors = await model.embed(list, { purpose: "query" });
  writeFileSync(
    file,
    JSON.stringify(Object.fromEntries(list.map((text, i) => [text, [...(vectors[i] as Float32Array)]]))),
  );
  console.log(`${list.length} aspects embedded`);
  await model.close();
}
