/**
 * The full kill -9 figures of issue 11: `--kills` SIGKILLs at random moments of a writer that moves
 * text around a memory home (capacity, budgets, re-saves, forgets, section removals), on `--homes`
 * homes side by side; after each kill the home is opened again and every acknowledged marker must
 * be in some Markdown file. Then the fault-at-every-step test's figures are summed up by the test
 * itself (test/reliability/fault-at-every-step.test.ts). Prints a table and one JSON line.
 *
 *   npm run build && npx tsx bench/reliability/kill-nine.ts [--kills 1000] [--homes 2] [--max-delay-ms 400]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { killRounds } from "../../test/reliability/kill-rounds.js";

const { values } = parseArgs({
  options: {
    kills: { type: "string", default: "1000" },
    homes: { type: "string", default: "2" },
    "max-delay-ms": { type: "string", default: "400" },
  },
});
const kills = Number(values.kills);
const homeCount = Number(values.homes);
const maxDelayMs = Number(values["max-delay-ms"]);

const started = Date.now();
const homes = await Promise.all(
  Array.from({ length: homeCount }, () => mkdtemp(join(tmpdir(), "mnemo-kill-nine-bench-"))),
);
try {
  const perHome = Math.ceil(kills / homeCount);
  const results = await Promise.all(
    homes.map((home, index) => killRounds({ home, rounds: perHome, maxDelayMs, tag: `h${index}` })),
  );
  const sum = (pick: (result: (typeof results)[number]) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  const figures = {
    kills: sum((result) => result.kills),
    acknowledgedItems: sum((result) => result.acknowledged),
    lostItems: sum((result) => result.lost.length),
    tornFiles: sum((result) => result.tornFiles.length),
    visibleTemporaryFiles: sum((result) => result.visibleTemporaryFiles.length),
    workerErrors: sum((result) => result.workerErrors.length),
    seconds: Math.round((Date.now() - started) / 1000),
  };
  console.log(
    "| kills | acknowledged items | lost | torn files | visible temporary files | worker errors | seconds |",
  );
  console.log("|---|---|---|---|---|---|---|");
  console.log(
    `| ${figures.kills} | ${figures.acknowledgedItems} | ${figures.lostItems} | ${figures.tornFiles} | ${figures.visibleTemporaryFiles} | ${figures.workerErrors} | ${figures.seconds} |`,
  );
  console.log(JSON.stringify(figures));
  for (const result of results) for (const error of result.workerErrors.slice(0, 3)) console.error(error);
  process.exitCode = figures.lostItems + figures.tornFiles + figures.visibleTemporaryFiles === 0 ? 0 : 1;
} finally {
  for (const home of homes) await rm(home, { recursive: true, force: true });
}
