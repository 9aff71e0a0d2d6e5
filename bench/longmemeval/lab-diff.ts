/**
 * The questions one ranking answers at R_all@5 and another does not, each with both rankings' best
 * 7 (`*` marks evidence, `#` a text holding a number, the length in brackets):
 *
 *   npx tsx bench/longmemeval/lab-diff.ts --granularity turn --before "i16 now + aspects 0.5" --after "i16 now + aspects + typed 0.3"
 */
import { parseArgs } from "node:util";
import { type LabQuestion, labSet } from "./lab-data.js";
import { ISSUE16_RANKINGS } from "./lab-issue16.js";
import { LAB_RANKINGS } from "./lab-rankings.js";

const { values } = parseArgs({
  options: {
    granularity: { type: "string", default: "turn" },
    before: { type: "string", default: "i16 now + aspects 0.5" },
    after: { type: "string", default: "i16 now + aspects + typed 0.3" },
  },
});
const rankings = { ...LAB_RANKINGS, ...ISSUE16_RANKINGS };
const before = rankings[values.before];
const after = rankings[values.after];
if (!before || !after) throw new Error(`unknown ranking: ${before ? values.after : values.before}`);
const questions = labSet(values.granularity);

const answered = (question: LabQuestion, order: number[]) =>
  [...question.gold].every((id) => order.slice(0, 5).some((i) => question.documents[i]?.id === id));
const NUMBER = /\b\d/;

function best(question: LabQuestion, order: number[]): string {
  return order
    .slice(0, 7)
    .map((i) => {
      const document = question.documents[i];
      if (!document) return "";
      const mark = question.gold.has(document.id) ? "*" : "";
      return `${mark}${document.id}${NUMBER.test(document.text) ? "#" : ""}(${document.text.length})`;
    })
    .join(" ");
}

for (const question of questions) {
  const first = before(question);
  const second = after(question);
  if (answered(question, first) === answered(question, second)) continue;
  console.log(
    `\n${answered(question, second) ? "WON " : "LOST"} ${question.id} (${question.category}) ${question.question}`,
  );
  console.log(`  before: ${best(question, first)}`);
  console.log(`  after:  ${best(question, second)}`);
}
