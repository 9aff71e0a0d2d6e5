/**
 * How well long-term memory's findNews tells news from what it already knows (seed 004, issue 12),
 * on the hand-written pairs of src/testing/test-news-pairs.ts: for each group, how many pairs are
 * classified correctly (update and wording: news; paraphrase and exact: known).
 *
 * Rules compared, with the default local model (USE-lite, offline) and with no model (findNews has no
 * lexical fallback: without a model it only recognises exact duplicates):
 *  - before: the rule until issue 12 (same content, whitespace aside, or cosine of the raw texts >= 0.95);
 *  - after, similarity only: canonical text and its embedding, without the fact signature;
 *  - after: the rule as shipped (canonical text, then cosine >= threshold AND the same facts);
 *  and the shipped rule at other thresholds.
 *
 *   npx tsx bench/long-term/news-pairs.ts [--json] [--examples 10]
 *
 * Prints one JSON object (with --json, only that), then tables.
 */
import { parseArgs } from "node:util";
import { createLocalEmbeddingModel } from "../../src/adapters/models/local/index.js";
import type { EmbeddingModel } from "../../src/contracts/embedding-model.js";
import { DEFAULT_SIMILARITY_THRESHOLD } from "../../src/rules/similarity.js";
import {
  isNewsByEarlierRule,
  isNewsThroughLibrary,
  MemoisingEmbeddingModel,
  type NewsRuleOptions,
} from "../../src/testing/test-news-classifier.js";
import { type NewsPair, type NewsPairGroup, newsPairs } from "../../src/testing/test-news-pairs.js";

const { values } = parseArgs({
  options: { json: { type: "boolean", default: false }, examples: { type: "string", default: "10" } },
});

const GROUPS: NewsPairGroup[] = ["update", "paraphrase", "exact", "wording"];
const SWEEP = [0.85, 0.88, 0.9, 0.92, 0.95, 0.97];
type Classify = (pair: NewsPair) => Promise<boolean>;

interface Score {
  rule: string;
  model: string;
  threshold?: number;
  /** Per group: pairs classified correctly, of how many. */
  groups: Record<string, { correct: number; total: number }>;
  /** Per kind (number, date, … synonym). */
  kinds: Record<string, { correct: number; total: number }>;
  wrong: string[];
}

const expectsNews = (pair: NewsPair) => pair.group === "update" || pair.group === "wording";

async function score(label: Omit<Score, "groups" | "kinds" | "wrong">, classify: Classify): Promise<Score> {
  const result: Score = { ...label, groups: {}, kinds: {}, wrong: [] };
  for (const pair of newsPairs()) {
    const correct = (await classify(pair)) === expectsNews(pair);
    for (const [table, key] of [
      [result.groups, pair.group],
      [result.kinds, pair.kind],
    ] as const) {
      table[key] ??= { correct: 0, total: 0 };
      const entry = table[key] as { correct: number; total: number };
      entry.total++;
      if (correct) entry.correct++;
    }
    if (!correct)
      result.wrong.push(`${pair.kind}: ${JSON.stringify(pair.stored)} → ${JSON.stringify(pair.observed)}`);
  }
  return result;
}

const started = performance.now();
const useLite = new MemoisingEmbeddingModel(createLocalEmbeddingModel("use-lite"));
await useLite.open();
await useLite.warm({ raw: newsPairs(), comparable: newsPairs() });
const embeddedSeconds = (performance.now() - started) / 1000;

const models: Array<[string, EmbeddingModel | undefined]> = [
  [useLite.id, useLite],
  ["none (exact duplicates only)", undefined],
];
const scores: Score[] = [];
for (const [name, model] of models) {
  const shipped: NewsRuleOptions = { model };
  scores.push(await score({ rule: "before", model: name }, (pair) => isNewsByEarlierRule(pair, model)));
  if (model) {
    const similarityOnly = { model, requireSameFacts: false };
    scores.push(
      await score({ rule: "after, similarity only", model: name }, (pair) =>
        isNewsThroughLibrary(pair, similarityOnly),
      ),
    );
  }
  scores.push(await score({ rule: "after", model: name }, (pair) => isNewsThroughLibrary(pair, shipped)));
}
const sweep: Score[] = [];
for (const threshold of SWEEP) {
  const options = { model: useLite, similarityThreshold: threshold };
  sweep.push(
    await score({ rule: "after", model: useLite.id, threshold }, (pair) =>
      isNewsThroughLibrary(pair, options),
    ),
  );
}
await useLite.close();

const report = {
  pairs: newsPairs().length,
  embeddedSeconds,
  defaultThreshold: DEFAULT_SIMILARITY_THRESHOLD,
  scores,
  sweep,
};
console.log(JSON.stringify(report, null, 2));
if (!values.json) printTables();

function printTables() {
  const cell = (entry: { correct: number; total: number } | undefined) =>
    entry ? `${entry.correct}/${entry.total} (${Math.round((100 * entry.correct) / entry.total)}%)` : "";
  console.log("\nCorrect per group (update, wording: news; paraphrase, exact: known)\n");
  console.log(`| model | rule | ${GROUPS.join(" | ")} |\n|---|---|${GROUPS.map(() => "---|").join("")}`);
  for (const each of scores)
    console.log(
      `| ${each.model} | ${each.rule} | ${GROUPS.map((group) => cell(each.groups[group])).join(" | ")} |`,
    );
  console.log(`\nThe shipped rule with ${useLite.id} at other thresholds\n`);
  console.log(`| threshold | ${GROUPS.join(" | ")} |\n|---|${GROUPS.map(() => "---|").join("")}`);
  for (const each of sweep)
    console.log(`| ${each.threshold} | ${GROUPS.map((group) => cell(each.groups[group])).join(" | ")} |`);
  const kinds = Object.keys(scores[0]?.kinds ?? {});
  console.log(
    `\nCorrect per kind\n\n| model | rule | ${kinds.join(" | ")} |\n|---|---|${kinds.map(() => "---|").join("")}`,
  );
  for (const each of scores)
    console.log(
      `| ${each.model} | ${each.rule} | ${kinds.map((kind) => cell(each.kinds[kind])).join(" | ")} |`,
    );
  const shipped = scores.find((each) => each.rule === "after" && each.model === useLite.id);
  console.log(`\nWrong with the shipped rule and ${useLite.id} (first ${values.examples}):`);
  for (const line of shipped?.wrong.slice(0, Number(values.examples)) ?? []) console.log(`  ${line}`);
}
