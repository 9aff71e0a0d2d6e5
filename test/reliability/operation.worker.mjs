// One memory operation that moves text between files, run through the built package in its own
// process so that fault-injection.mjs can kill it at any step. Usage:
//   node [--import fault-injection.mjs] operation.worker.mjs <home> <setup|run|open> <operation>
// `setup` prepares the home for the operation, `run` runs it, `open` only opens the home (which
// finishes an interrupted write). The clock is fixed, so two runs write the same bytes.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

const [home, phase, operation] = process.argv.slice(2);
const root = new URL("../../", import.meta.url);
const { openMemory } = await import(new URL("dist/index.js", root).href);

const CONFIG = {
  search: { embedder: "none" },
  capacity: { maxLines: 30, targetLines: 20 },
  budgets: { user: 400 },
};
const memory = await openMemory({
  home,
  env: {},
  config: CONFIG,
  now: () => new Date("2026-03-10T12:00:00Z"),
  onWarning: () => undefined,
});

async function lineCount(path) {
  const text = await readFile(join(home, path), "utf8").catch(() => "");
  return text.split("\n").length;
}

const operations = {
  "journal-at-capacity": {
    setup: async () => {
      for (let i = 0; i < 14; i++) await memory.journal.add("user_pref", `preference number ${i} kept`);
    },
    run: () => memory.journal.add("user_pref", "the newest preference"),
  },
  "memory-journal-at-capacity": {
    setup: async () => {
      // Up to a few lines under capacity, so that the next entry crosses it.
      for (let i = 0; (await lineCount("MEMORY.md")) < CONFIG.capacity.maxLines - 5; i++)
        await memory.journal.add("general", `general note ${i} kept`);
    },
    run: () => memory.journal.add("general", "the newest general note"),
  },
  "profile-over-budget": {
    setup: async () => {
      await memory.profile.add("user", "Name", "The user is Grace Hopper, section one kept.");
      await memory.profile.add("user", "Work", `Works on compilers. ${"detail ".repeat(30)}kept`);
    },
    // The first section grows, so the budget pushes the last one out to archive/.
    run: () => memory.profile.add("user", "Name", `Also called Amazing Grace. ${"more ".repeat(20)}kept`),
  },
  "memory-resave": {
    setup: () =>
      memory.memories.save({ type: "project", name: "Deploy steps", content: "Version one kept." }),
    run: () => memory.memories.save({ type: "project", name: "Deploy steps", content: "Version two kept." }),
  },
  forget: {
    setup: async () => {
      await memory.memories.save({
        type: "user",
        name: "Pet",
        content: "The user has a cat named Ada, kept.",
      });
      await memory.memories.save({ type: "user", name: "City", content: "The user lives in Lyon, kept." });
    },
    run: () => memory.memories.delete("Pet"),
  },
  "doctor-fix-over-budget": {
    setup: () =>
      writeFile(
        join(home, "USER.md"),
        `# User\n\n## One\n${"first section kept ".repeat(15)}\n\n## Two\n${"second section kept ".repeat(15)}\n`,
      ),
    run: () => memory.doctor({ fix: true }),
  },
};

const chosen = operations[operation];
if (phase !== "open") {
  if (!chosen) throw new Error(`unknown operation ${operation}`);
  await chosen[phase]();
}
await memory.close();
process.stdout.write("done\n");
