/**
 * Writes large, self-checking contents in a tight loop until it is killed (see
 * crash.integration.test.ts). Usage: <home> <round> <config JSON> [hold-lock].
 *
 * Every content is `count` identical lines "<tag> <payload>" followed by "END <count> <tag>", so a
 * reader can tell a whole version from a torn one without knowing which version it is. It prints
 * "ready" once it has written every target once, so the parent's kill lands in the middle of work.
 * With "hold-lock" it instead stops inside a transaction, holding the home's lock, and prints
 * "holding". Plain JavaScript over the built package, as concurrent-recall.test-worker.mjs: under
 * tsx, over the sources, a worker took twice the CPU to be ready.
 */
const [home, round, configText, mode] = process.argv.slice(2);
if (home === undefined || round === undefined || configText === undefined) {
  throw new Error("usage: crash-writer.test-worker.mjs <home> <round> <config JSON>");
}
const { MnemoError, openMemory } = await import(new URL("../../dist/index.js", import.meta.url).href);
const config = JSON.parse(configText);
const PAYLOAD = "the quick brown fox jumps over the lazy dog 0123456789";

const memory = await openMemory({ home, env: {}, config, onWarning: () => undefined });

function selfCheckingContent(tag, approximateBytes) {
  const line = `${tag} ${PAYLOAD}`;
  const count = Math.max(1, Math.round(approximateBytes / (line.length + 1)));
  return `${`${line}\n`.repeat(count)}END ${count} ${tag}`;
}

function randomBetween(low, high) {
  return low + Math.floor(Math.random() * (high - low));
}

async function writeSection(section, content) {
  const current = await memory.profile.read("user", section).catch((error) => {
    if (MnemoError.isInstance(error) && error.code === "NOT_FOUND") return undefined;
    throw error;
  });
  if (current === undefined) await memory.profile.add("user", section, content);
  else await memory.profile.replace("user", { section, oldText: current.text, newText: content });
}

async function writeMemory(name, content) {
  // Two notes of the same self-checking shape, which consolidation would read as one: kept as given.
  await memory.memories.save({
    type: "project",
    name,
    description: "Crash test note",
    content,
    consolidate: false,
  });
}

const steps = [
  (tag) => writeSection("Crash A", selfCheckingContent(tag, randomBetween(50_000, 200_000))),
  (tag) => writeMemory("Crash note A", selfCheckingContent(tag, randomBetween(4_000, 18_000))),
  (tag) => writeSection("Crash B", selfCheckingContent(tag, randomBetween(50_000, 200_000))),
  (tag) => writeMemory("Crash note B", selfCheckingContent(tag, randomBetween(4_000, 18_000))),
];

if (mode === "hold-lock") {
  setInterval(() => undefined, 1_000); // keeps the process alive while the transaction never ends
  await memory.store.transaction(async () => {
    process.stdout.write("holding\n");
    await new Promise(() => undefined);
  });
}

for (let iteration = 0; ; iteration++) {
  const step = steps[iteration % steps.length];
  await step(`r${round}-i${iteration}`);
  if (iteration === steps.length - 1) process.stdout.write("ready\n");
}
