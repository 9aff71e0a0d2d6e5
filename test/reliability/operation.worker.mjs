// One memory operation that moves text between files, run through the built package in its own
// process so that fault-injection.mjs can kill it at any step. Usage:
//   node [--import fault-injection.mjs] operation.worker.mjs <setup|run|open> <operation> <home>...
// `setup` prepares the home for the operation, `run` runs it, `open` only opens the home (which
// finishes an interrupted write) and closes it. `open` takes several homes and opens each in turn,
// one openMemory after the other's close: importing the package is most of a worker's time (about
// 0.5 s of CPU), so the homes a test killed are checked by one process, not one each. The clock is
// fixed, so two runs write the same bytes.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

const [phase, operation, ...homes] = process.argv.slice(2);
const root = new URL("../../", import.meta.url);
const { openMemory } = await import(new URL("dist/index.js", root).href);
if (homes.length !== 1 && phase !== "open") throw new Error(`${phase} takes one home, not ${homes.length}`);

const CONFIG = {
  search: { embedder: "none" },
  capacity: { maxLines: 30, targetLines: 20 },
  budgets: { user: 400 },
};
const open = (home) =>
  openMemory({
    home,
    env: {},
    config: CONFIG,
    now: () => new Date("2026-03-10T12:00:00Z"),
    onWarning: () => undefined,
  });

/** The operations on one open home: each prepares it (`setup`) and runs itself once (`run`). */
const operationsOn = (memory, home) => ({
  "journal-at-capacity": {
    setup: async () => {
      for (let i = 0; i < 14; i++) await memory.journal.add("user_pref", `preference number ${i} kept`);
    },
    run: () => memory.journal.add("user_pref", "the newest preference"),
  },
  "memory-journal-at-capacity": {
    setup: async () => {
      // Up to a few lines under capacity, so that the next entry crosses it.
      for (let i = 0; (await lineCount(home, "MEMORY.md")) < CONFIG.capacity.maxLines - 5; i++)
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
});

async function lineCount(home, path) {
  const text = await readFile(join(home, path), "utf8").catch(() => "");
  return text.split("\n").length;
}

if (phase === "open") {
  for (const home of homes) await (await open(home)).close();
} else {
  const [home] = homes;
  const memory = await open(home);
  const chosen = operationsOn(memory, home)[operation];
  if (!chosen) throw new Error(`unknown operation ${operation}`);
  await chosen[phase]();
  await memory.close();
}
process.stdout.write("done\n");
