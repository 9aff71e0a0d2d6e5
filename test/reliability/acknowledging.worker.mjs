// Moves text around a memory home as fast as it can until it is killed, printing "ack <marker>"
// after each operation has returned: those markers were acknowledged and must never be lost.
// Usage: node acknowledging.worker.mjs <home> <tag>. Prints "ready" once the home is open.
// Every operation either stores a new marker or moves stored text (capacity, budget, re-save,
// forget, section removal), so a kill can land in the middle of any of them.
const [home, tag] = process.argv.slice(2);
const root = new URL("../../", import.meta.url);
const { openMemory } = await import(new URL("dist/index.js", root).href);

const KILL_TEST_CONFIG = {
  search: { embedder: "none" },
  capacity: { maxLines: 30, targetLines: 20 },
  budgets: { user: 400, memory: 600 },
};
const memory = await openMemory({ home, env: {}, config: KILL_TEST_CONFIG, onWarning: () => undefined });
process.stdout.write("ready\n");

let count = 0;
const marker = () => `mark-${tag}-${count++}-end`;
const pick = (items) => items[Math.floor(Math.random() * items.length)];

const operations = [
  async () => memory.journal.add("user_pref", `prefers ${marker()}`),
  async () => memory.journal.add("general", `noted ${marker()}`),
  async () => memory.profile.add("user", pick(["Name", "Work", "Hobbies", "Family"]), `fact ${marker()}`),
  async () => memory.profile.add("memory", pick(["Notes", "Plans"]), `note ${marker()}`),
  async () => {
    const name = `Note ${pick(["a", "b", "c", "d", "e"])}`;
    await memory.memories.save({ type: "project", name, content: `content ${marker()}` });
  },
  async () => {
    const { memories } = await memory.memories.list();
    if (memories.length > 2) await memory.memories.delete(pick(memories).name);
  },
  async () => {
    const { sections } = await memory.profile.read("user");
    if (sections.length > 2) await memory.profile.remove("user", pick(sections));
  },
];

for (;;) {
  const before = count;
  try {
    await pick(operations)();
  } catch (error) {
    // A refusal (an entry that cannot fit beside MEMORY.md's notes) stored nothing: nothing to acknowledge.
    if (error?.code !== "TOO_LARGE") throw error;
    continue;
  }
  for (let n = before; n < count; n++) process.stdout.write(`ack mark-${tag}-${n}-end\n`);
}
