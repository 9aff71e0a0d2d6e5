/**
 * Other query vectors for the ranking lab: the question's content words alone (the terms BM25
 * searches, joined), and the question without its interrogative frame ("How many ... do I" →
 * the rest, no question mark). Embedded once with USE lite into .bench-data/query-variants.json.
 *
 *   npx tsx bench/longmemeval/lab-query-variants.ts
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createLocalEmbeddingModel } from "../../src/adapters/models/local/index.js";
import { queryTerms } from "../../src/rules/query-terms.js";

const folder = join(import.meta.dirname, "..", "..", ".bench-data");
export const VARIANTS_FILE = join(folder, "query-variants.json");

export type QueryVariant = "content" | "unframed";

export function variantText(question: string, variant: QueryVariant): string {
  if (variant === "content") return queryTerms(question).join(" ");
  return question
    .replace(/\?+\s*$/, "")
    .replace(
      /^(how (many|much|long|often|old)|what|which|when|where|who|whom|whose|why|how)\b(\s+(is|are|was|were|do|does|did|have|has|had|can|could|would|should|will)\b)?\s*/i,
      "",
    )
    .trim();
}

export function loadVariantVectors(): Map<string, Record<QueryVariant, Float32Array>> {
  const result = new Map<string, Record<QueryVariant, Float32Array>>();
  if (!existsSync(VARIANTS_FILE)) return result;
  const stored = JSON.parse(readFileSync(VARIANTS_FILE, "utf8")) as Record<
    string,
    Record<QueryVariant, number[]>
  >;
  for (const [id, vectors] of Object.entries(stored))
    result.set(id, {
      content: Float32Array.from(vectors.content),
      unframed: Float32Array.from(vectors.unframed),
    });
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cases = readFileSync(join(folder, "longmemeval-s-turn.jsonl"), "utf8").split("\n").filter(Boolean);
  const questions = cases.map((line) => {
    const parsed = JSON.parse(line) as { id: string; queries: Array<{ text: string }> };
    return { id: parsed.id, text: parsed.queries[0]?.text ?? "" };
  });
  const model = createLocalEmbeddingModel("use-lite");
  await model.open?.();
  const out: Record<string, Record<QueryVariant, number[]>> = {};
  const content = await model.embed(
    questions.map((q) => variantText(q.text, "content")),
    { purpose: "query" },
  );
  const unframed = await model.embed(
    questions.map((q) => variantText(q.text, "unframed")),
    { purpose: "query" },
  );
  questions.forEach((q, i) => {
    out[q.id] = { content: [...(content[i] as Float32Array)], unframed: [...(unframed[i] as Float32Array)] };
  });
  writeFileSync(VARIANTS_FILE, JSON.stringify(out));
  for (const q of questions.slice(0, 5))
    console.log(variantText(q.text, "unframed"), "|", variantText(q.text, "content"));
  await model.close?.();
}
