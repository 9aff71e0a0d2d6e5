/**
 * The ranking lab: ranks LongMemEval questions under many settings from the same FTS5 scores and
 * USE vectors as recall uses, and prints R_all@5 / R_all@10 overall and per question type.
 *
 *   npx tsx bench/longmemeval/ranking-lab.ts --granularity turn [--limit N] [--only name,name]
 *
 * Run run-longmemeval.ts first: it converts the data and fills the embedding cache. Questions whose
 * texts are not all in the cache yet are left out (the count is printed).
 */
import { parseArgs } from "node:util";
import { type LabQuestion, labSet } from "./lab-data.js";
import { ISSUE16_RANKINGS } from "./lab-issue16.js";
import { LAB_RANKINGS } from "./lab-rankings.js";

const { values } = parseArgs({
  options: {
    granularity: { type: "string", default: "turn" },
    limit: { type: "string" },
    only: { type: "string" },
    categories: { type: "boolean", default: false },
    sentences: { type: "boolean", default: false },
    category: { type: "string" },
  },
});
const started = performance.now();
const questions = labSet(values.granularity, {
  limit: values.limit === undefined ? undefined : Number(values.limit),
  sentences: values.sentences,
}).filter((question) => !values.category || question.category === values.category);
process.stderr.write(
  `${questions.length} questions loaded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
);

const only = values.only?.split(",");
const categories = [...new Set(questions.map((question) => question.category))].sort();
const counted = (category: string) => questions.filter((question) => question.category === category).length;
const short = (category: string) =>
  `${category.replace("single-session-", "ss-").replace("-reasoning", "")} (${counted(category)})`;
console.log(
  `| ranking | R_all@5 | R_all@10 | ${values.categories ? categories.map(short).join(" | ") : ""} |`,
);
for (const [name, rank] of Object.entries({ ...LAB_RANKINGS, ...ISSUE16_RANKINGS })) {
  if (only && !only.some((wanted) => name.startsWith(wanted))) continue;
  const at5: number[] = [];
  const at10: number[] = [];
  const byCategory = new Map<string, number[]>();
  for (const question of questions) {
    const ranked = rank(question);
    const all = (k: number) => (allGold(question, ranked.slice(0, k)) ? 1 : 0);
    at5.push(all(5));
    at10.push(all(10));
    byCategory.set(question.category, [...(byCategory.get(question.category) ?? []), all(5)]);
  }
  const cells = values.categories
    ? categories.map((category) => mean(byCategory.get(category) ?? []).toFixed(3))
    : [];
  console.log(`| ${name} | ${mean(at5).toFixed(3)} | ${mean(at10).toFixed(3)} | ${cells.join(" | ")} |`);
}

function allGold(question: LabQuestion, ranked: number[]): boolean {
  const top = new Set(ranked.map((index) => question.documents[index]?.id));
  return [...question.gold].every((id) => top.has(id));
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
