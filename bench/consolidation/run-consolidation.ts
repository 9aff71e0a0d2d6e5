/**
 * The consolidation bench (issue 30, points 3 and 4): the written save sequences of
 * save-sequences.ts, scored by score-sequences.ts, without a model (the deterministic rules) and
 * through the scripted model path (an OpenAI-compatible fake server on 127.0.0.1).
 *
 *   npx tsx bench/consolidation/run-consolidation.ts [--json] [--wrong]
 *
 * Then the CPU time of a save at 2,000 memories, consolidated and not (save-cpu.ts).
 *
 * The scripted model answers as a model that judged every pair right would: for the judged save,
 * the expected decision on the expected memory when that memory is among the candidates it is
 * shown, else "added"; for an earlier save of a contradiction sequence, "updated" on the memory the
 * sequence is about when shown. Its figures measure what the model path adds or loses around the
 * model (finding the candidates, the prompt, reading the reply, applying it), not a real model's judgement.
 */
import { parseArgs } from "node:util";
import { type RecordedChatRequest, startFakeOpenAiServer } from "../../src/testing/fake-openai-server.js";
import { measureSaveCpu } from "./save-cpu.js";
import type { SaveSequence } from "./save-sequences.js";
import { figuresOf, runSequences, type SequenceResult } from "./score-sequences.js";

const { values } = parseArgs({
  options: { json: { type: "boolean", default: false }, wrong: { type: "boolean", default: false } },
});

const started = performance.now();
const rules = await runSequences();
const rulesSeconds = (performance.now() - started) / 1000;

let current: { sequence: SaveSequence; last: boolean } | undefined;
const server = await startFakeOpenAiServer({ reply: (request) => ({ content: scriptedAnswer(request) }) });
const modelStarted = performance.now();
const model = await runSequences({
  model: { baseUrl: server.baseURL, name: "scripted-judge" },
  onSave: (sequence, last) => {
    current = { sequence, last };
  },
});
const modelSeconds = (performance.now() - modelStarted) / 1000;
const calls = server.requests.length;
await server.close();

const cpu = await measureSaveCpu();

const report = {
  sequences: rules.length,
  cpuPerSave: cpu,
  rules: { figures: figuresOf(rules), seconds: rulesSeconds },
  model: { figures: figuresOf(model), seconds: modelSeconds, calls },
};
if (values.json) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`${rules.length} sequences\n`);
  for (const [label, results, seconds] of [
    ["rules (no model)", rules, rulesSeconds],
    [`scripted model (${calls} calls)`, model, modelSeconds],
  ] as const) {
    console.log(`${label}, ${seconds.toFixed(1)} s`);
    for (const [name, figure] of Object.entries(figuresOf(results)))
      console.log(
        `  ${name.padEnd(22)} ${String(figure.count).padStart(3)} / ${String(figure.of).padEnd(3)} ${(figure.share * 100).toFixed(1)}%`,
      );
    if (values.wrong) printWrong(results);
    console.log();
  }
  console.log(
    `CPU per save at ${cpu.memories} memories (${cpu.saves} saves): ${cpu.consolidatedMs.toFixed(2)} ms consolidated, ${cpu.plainMs.toFixed(2)} ms without`,
  );
}

function printWrong(results: readonly SequenceResult[]): void {
  for (const result of results) {
    const wrongAsOf = result.asOf.filter((check) => !check.correct);
    if (result.correct && wrongAsOf.length === 0) continue;
    const expected = `${result.expected.action}${result.expected.memory ? ` "${result.expected.memory}"` : ""}`;
    const got = `${result.action} "${result.memory}"`;
    const conflicts =
      result.possibleConflicts.length > 0 ? ` conflicts: ${result.possibleConflicts.join(", ")}` : "";
    if (!result.correct) console.log(`    ${result.id}: expected ${expected}, got ${got}${conflicts}`);
    for (const check of wrongAsOf)
      console.log(
        `    ${result.id} as of ${check.date}: expected "${check.holds}", found ${JSON.stringify(check.found)}`,
      );
  }
}

/** The answer of a model that judges every pair as the set says, given what it was shown. */
function scriptedAnswer(request: RecordedChatRequest): string {
  const messages = request.body.messages as Array<{ role: string; content: string }>;
  const shown = [...(messages.at(-1)?.content ?? "").matchAll(/^\[(\d+)\] (.*)$/gmu)].map((match) => ({
    number: Number(match[1]),
    name: match[2],
  }));
  const { sequence, last } = current as { sequence: SaveSequence; last: boolean };
  const target = shown.find((each) => each.name === sequence.expect.memory);
  const action = last ? sequence.expect.action : sequence.group === "contradiction" ? "updated" : "added";
  if (action === "added" || target === undefined)
    return JSON.stringify({ decision: "added", memory: null, conflicts: [] });
  return JSON.stringify({ decision: action, memory: target.number, conflicts: [] });
}
