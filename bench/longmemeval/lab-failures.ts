/** Prints, for the questions a ranking misses at R_all@5, where each gold document ranked and its text. */
import { parseArgs } from "node:util";
import { labSet } from "./lab-data.js";
import { ISSUE16_RANKINGS } from "./lab-issue16.js";
import { LAB_RANKINGS } from "./lab-rankings.js";

const { values } = parseArgs({
  options: {
    granularity: { type: "string", default: "turn" },
    ranking: { type: "string" },
    category: { type: "string" },
  },
});
// With the dates the questions were asked, so time windows rank as in recall.
const questions = labSet(values.granularity);
const rank = { ...LAB_RANKINGS, ...ISSUE16_RANKINGS }[values.ranking ?? "i16 now + aspects + typed 0.3"];
if (!rank) throw new Error("unknown ranking");
for (const question of questions) {
  if (values.category && question.category !== values.category) continue;
  const ranked = rank(question);
  const positions = [...question.gold].map(
    (id) => ranked.findIndex((i) => question.documents[i]?.id === id) + 1,
  );
  if (positions.every((position) => position <= 5)) continue;
  console.log(
    `\n## ${question.id} (${question.category}) ${question.question}\n   gold ranks: ${positions.join(", ")}`,
  );
  for (const id of question.gold) {
    const index = question.documents.findIndex((document) => document.id === id);
    console.log(
      `   - ${id} @${ranked.indexOf(index) + 1}: ${question.documents[index]?.text.slice(0, 160).replace(/\s+/g, " ")}`,
    );
  }
  for (const i of ranked.slice(0, 3))
    console.log(
      `   top: ${question.documents[i]?.id}: ${question.documents[i]?.text.slice(0, 120).replace(/\s+/g, " ")}`,
    );
}
