/**
 * One of many processes on one memory home (see concurrent-recall.integration.test.ts). Usage:
 * node concurrent-recall.test-worker.mjs <home> <reader|writer> <rounds> <tag>. Plain JavaScript
 * over the built package, so it starts as fast as the CLI (under tsx a process cost twice the CPU).
 * It prints "ready", waits for "go" on stdin so every process starts together, then each round
 * opens the home afresh and recalls (a reader) or saves a memory (a writer), and prints one JSON
 * line: { rounds, warnings }, each round the number of hits, "saved", or the failure as
 * "CODE: message".
 */
import { once } from "node:events";

const [home, role, roundsText, tag] = process.argv.slice(2);
if (!home || (role !== "reader" && role !== "writer") || !roundsText || !tag) {
  throw new Error("usage: concurrent-recall.test-worker.mjs <home> <reader|writer> <rounds> <tag>");
}
const { openMemory } = await import(new URL("../../dist/index.js", import.meta.url).href);

process.stdout.write("ready\n");
process.stdin.setEncoding("utf8");
let received = "";
while (!received.includes("go")) {
  const [chunk] = await once(process.stdin, "data");
  received += chunk;
}
process.stdin.pause();

const report = { rounds: [], warnings: [] };
for (let round = 0; round < Number(roundsText); round++) {
  const memory = await openMemory({ home, env: {}, onWarning: (message) => report.warnings.push(message) });
  try {
    if (role === "reader") {
      report.rounds.push((await memory.recall("zebra", { limit: 3 })).hits.length);
    } else {
      const name = `${tag} round ${round}`;
      await memory.memories.save({ type: "project", name, content: `zebra seen by ${name}` });
      report.rounds.push("saved");
    }
  } catch (error) {
    report.rounds.push(
      `${error?.code ?? "no code"}: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await memory.close();
  }
}
process.stdout.write(`${JSON.stringify(report)}\n`);
