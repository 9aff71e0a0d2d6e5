/**
 * Sentence vectors for the ranking lab: each turn of several sentences is also embedded sentence by
 * sentence, so a turn whose evidence is an aside ("By the way, I usually take Zumba classes on
 * Tuesdays") can be found by that sentence rather than by the turn's main topic.
 *
 *   npx tsx bench/longmemeval/lab-sentences.ts [--category multi-session] [--reverse] [--limit N]
 *
 * Fills the same embedding cache as run-longmemeval.ts (keyed by text), question by question.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

const SHORTEST_SENTENCE = 25;

/** A text's sentences (ICU's sentence breaks); pieces shorter than 25 characters join the next. */
export function sentencesOf(text: string): string[] {
  const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
  const sentences: string[] = [];
  let pending = "";
  for (const { segment } of segmenter.segment(text)) {
    pending += segment;
    if (pending.trim().length >= SHORTEST_SENTENCE) {
      sentences.push(pending.trim());
      pending = "";
    }
  }
  if (pending.trim() !== "") {
    if (sentences.length > 0) sentences[sentences.length - 1] += ` ${pending.trim()}`;
    else sentences.push(pending.trim());
  }
  return sentences;
}

async function fill(): Promise<void> {
  const { values } = parseArgs({
    options: {
      category: { type: "string" },
      reverse: { type: "boolean", default: false },
      limit: { type: "string" },
    },
  });
  const { UseLiteEmbeddingModel } = await import(
    "../../src/adapters/models/local/use-lite-embedding-model.js"
  );
  const { withEmbeddingCacheFile } = await import("../../src/eval/caching-embedding-model.js");
  const folder = join(import.meta.dirname, "..", "..", ".bench-data");
  const model = await withEmbeddingCacheFile(
    new UseLiteEmbeddingModel(),
    join(folder, "embeddings-local_use-lite_0.2.0.sqlite"),
  );
  await model.open();
  let lines = readFileSync(join(folder, "longmemeval-s-turn.jsonl"), "utf8").split("\n").filter(Boolean);
  if (values.reverse) lines = lines.reverse();
  let done = 0;
  const started = performance.now();
  for (const line of lines) {
    const evalCase = JSON.parse(line) as {
      id: string;
      documents: Array<{ text: string }>;
      queries: Array<{ category: string }>;
    };
    if (values.category && evalCase.queries[0]?.category !== values.category) continue;
    const sentences = evalCase.documents.flatMap((document) => {
      const split = sentencesOf(document.text);
      return split.length > 1 ? split : [];
    });
    await model.embed(sentences, { purpose: "document" });
    done++;
    console.log(
      `${evalCase.id} ${done} ${sentences.length} sentences, ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    if (values.limit && done >= Number(values.limit)) break;
  }
  await model.close();
}

if (process.argv[1]?.endsWith("lab-sentences.ts")) await fill();
