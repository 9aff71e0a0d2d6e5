/**
 * One of several processes writing to the same memory home at once (see
 * concurrent-writers.integration.test.ts). Usage: <home> <worker number> <rounds> <config JSON>.
 * It opens the home, prints "ready", waits for "go" on stdin so every worker starts together, then
 * runs two chains of writes side by side (so this process's own queue is exercised as well as the
 * lock between processes) and prints one JSON line with every write the API acknowledged (its
 * shape: concurrent-writer-report.ts). Plain JavaScript over the built package, as
 * concurrent-recall.test-worker.mjs: under tsx, over the sources, the two writer tests took 41 s
 * of CPU, 30 s this way (load 14 to 17).
 */
import { once } from "node:events";

const { openMemory } = await import(new URL("../../dist/index.js", import.meta.url).href);

const [home, workerText, roundsText, configText] = process.argv.slice(2);
if (home === undefined || workerText === undefined || roundsText === undefined || configText === undefined) {
  throw new Error("usage: concurrent-writer.test-worker.mjs <home> <worker> <rounds> <config JSON>");
}
const worker = Number(workerText);
const rounds = Number(roundsText);
const config = JSON.parse(configText);

const memory = await openMemory({
  home,
  env: {},
  config,
  onWarning: (message) => process.stderr.write(`mnemo warning: ${message}\n`),
});
process.stdout.write("ready\n");
process.stdin.setEncoding("utf8");
let received = "";
while (!received.includes("go")) {
  const [chunk] = await once(process.stdin, "data");
  received += chunk;
}
process.stdin.pause();

const report = {
  memories: [],
  generalEntries: [],
  userPrefEntries: [],
  profileSection: `Worker ${worker}`,
  profileFacts: [],
};

async function memoriesAndMemoryJournal() {
  for (let round = 0; round < rounds; round++) {
    const name = `Worker ${worker} note ${round}`;
    const content = `Note ${round} of worker ${worker}.\nSecond line [w${worker}-n${round}].`;
    const saved = await memory.memories.save({ type: "project", name, content });
    report.memories.push({ name, path: saved.path, content });
    const entry = `General entry [w${worker}-g${round}] from worker ${worker}.`;
    await memory.journal.add("general", entry);
    report.generalEntries.push(entry);
  }
}

async function topicJournalAndProfile() {
  for (let round = 0; round < rounds; round++) {
    const entry = `Preference entry [w${worker}-p${round}] from worker ${worker}.`;
    await memory.journal.add("user_pref", entry);
    report.userPrefEntries.push(entry);
    const fact = `fact ${round} [w${worker}-f${round}]`;
    await memory.profile.add("user", report.profileSection, fact);
    report.profileFacts.push(fact);
  }
}

await Promise.all([memoriesAndMemoryJournal(), topicJournalAndProfile()]);
process.stdout.write(`${JSON.stringify(report)}\n`);
