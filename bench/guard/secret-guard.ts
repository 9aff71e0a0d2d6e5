/**
 * How well the write-time guard (src/engine/guard/) does its two jobs, offline:
 *  - recall: the share of the fake-secret corpus (src/testing/test-secret-corpus.ts: every covered
 *    shape, in sentences, code, JSON, .env, YAML and shell) that scanForSecrets finds, per kind, and
 *    whether redaction leaves any 8-character piece of a secret behind;
 *  - false positives: the share of LongMemEval_S user turns (what people really tell an assistant,
 *    read in place from the shared data folder) on which the secret scanner, and separately the
 *    instruction heuristic of `mnemo doctor`, fire, with which pattern and examples to judge by.
 *
 *   npx tsx bench/guard/secret-guard.ts [--turns PATH] [--examples 5] [--json]
 *
 * Prints one JSON object (with --json, only that), then tables.
 */
import { parseArgs } from "node:util";
import { findInstructionLikeText } from "../../src/engine/guard/instruction-like-text.js";
import { redactSecrets, scanForSecrets } from "../../src/engine/guard/scan-secrets.js";
import { longMemEvalTurnsPath, readLongMemEvalUserTurns } from "../../src/testing/test-longmemeval-turns.js";
import { secretCorpus } from "../../src/testing/test-secret-corpus.js";

const { values } = parseArgs({
  options: {
    turns: { type: "string", default: longMemEvalTurnsPath() },
    examples: { type: "string", default: "5" },
    json: { type: "boolean", default: false },
  },
});
const exampleCount = Number(values.examples);

interface KindRecall {
  total: number;
  caught: number;
  /** Caught, but the merged span was named after another kind (an Authorization header holding a JWT). */
  otherKind: number;
  /** Some 8-character piece of the secret was still in the redacted text. */
  leaked: number;
}

function measureRecall() {
  const corpus = secretCorpus();
  const byKind: Record<string, KindRecall> = {};
  const missed: string[] = [];
  for (const sample of corpus) {
    byKind[sample.kind] ??= { total: 0, caught: 0, otherKind: 0, leaked: 0 };
    const recall = byKind[sample.kind] as KindRecall;
    recall.total++;
    const at = sample.text.indexOf(sample.secret);
    const findings = scanForSecrets(sample.text);
    const cover = findings.find((each) => each.start <= at && each.end >= at + sample.secret.length);
    if (cover) recall.caught++;
    else missed.push(`${sample.kind} (${sample.context}): ${sample.text.slice(0, 120)}`);
    if (cover && cover.kind !== sample.kind) recall.otherKind++;
    const redacted = redactSecrets(sample.text).text;
    const around = sample.text.replace(sample.secret, "");
    if (pieces(sample.secret).some((piece) => redacted.includes(piece) && !around.includes(piece)))
      recall.leaked++;
  }
  const caught = Object.values(byKind).reduce((sum, each) => sum + each.caught, 0);
  return { corpusSize: corpus.length, caught, caughtShare: caught / corpus.length, byKind, missed };
}

function pieces(secret: string): string[] {
  if (secret.length <= 8) return [secret];
  return Array.from({ length: secret.length - 7 }, (_, index) => secret.slice(index, index + 8));
}

/** How often `find` fires on the turns, by pattern, with a few examples (cut to 160 characters). */
function measureFalsePositives(
  turns: string[],
  find: (text: string) => Array<{ kind: string; excerpt: string }>,
) {
  const started = performance.now();
  let fired = 0;
  const byPattern: Record<string, { turns: number; examples: string[] }> = {};
  for (const turn of turns) {
    const findings = find(turn);
    if (findings.length > 0) fired++;
    for (const kind of new Set(findings.map((finding) => finding.kind))) {
      byPattern[kind] ??= { turns: 0, examples: [] };
      const entry = byPattern[kind] as { turns: number; examples: string[] };
      entry.turns++;
      const excerpt = findings.find((finding) => finding.kind === kind)?.excerpt ?? "";
      if (entry.examples.length < exampleCount)
        entry.examples.push(excerpt.replace(/\s+/g, " ").slice(0, 160));
    }
  }
  const microsecondsPerTurn = ((performance.now() - started) * 1000) / Math.max(1, turns.length);
  return {
    turns: turns.length,
    fired,
    firedShare: fired / Math.max(1, turns.length),
    byPattern,
    microsecondsPerTurn,
  };
}

/** The secret's surroundings, with the secret itself shown as the scanner would store it. */
function secretExcerpts(text: string) {
  return scanForSecrets(text).map((finding) => ({
    kind: finding.kind,
    excerpt: `${text.slice(Math.max(0, finding.start - 60), finding.start)}⟦${text.slice(finding.start, finding.end)}⟧${text.slice(finding.end, finding.end + 30)}`,
  }));
}

const recall = measureRecall();
const turns = readLongMemEvalUserTurns(values.turns);
if (turns === undefined)
  console.error(
    `LongMemEval user turns not found at ${values.turns}: false positives not measured (pass --turns PATH).`,
  );
const secretsOnTurns = turns && measureFalsePositives(turns, secretExcerpts);
const instructionsOnTurns = turns && measureFalsePositives(turns, findInstructionLikeText);
const report = { recall, falsePositives: { secrets: secretsOnTurns, instructions: instructionsOnTurns } };

console.log(JSON.stringify(report, null, 2));
if (!values.json) printTables();

function printTables() {
  const percent = (share: number) => `${(100 * share).toFixed(3)}%`;
  console.log("\n| kind | caught | of | named otherwise | leaked after redaction |\n|---|---|---|---|---|");
  for (const [kind, each] of Object.entries(recall.byKind))
    console.log(`| ${kind} | ${each.caught} | ${each.total} | ${each.otherKind} | ${each.leaked} |`);
  console.log(`| **all** | ${recall.caught} | ${recall.corpusSize} | | |\n`);
  console.log(`Recall: ${percent(recall.caughtShare)} of ${recall.corpusSize} fake secrets.`);
  for (const [name, measured] of [
    ["secret scanner", secretsOnTurns],
    ["instruction heuristic", instructionsOnTurns],
  ] as const) {
    if (!measured) continue;
    console.log(
      `\n${name}: fired on ${measured.fired} of ${measured.turns} distinct user turns (${percent(measured.firedShare)}), ${measured.microsecondsPerTurn.toFixed(0)} µs a turn`,
    );
    for (const [pattern, entry] of Object.entries(measured.byPattern)) {
      console.log(`  ${pattern}: ${entry.turns} turns`);
      for (const example of entry.examples) console.log(`    ${JSON.stringify(example)}`);
    }
  }
}
