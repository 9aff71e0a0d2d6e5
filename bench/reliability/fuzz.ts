/**
 * The full fuzz figures of issue 11: `--per-surface` hostile inputs through each of the library,
 * the CLI (in process), the HTTP API and the MCP server, half on a clean home and half on a home
 * whose folders and files are linked outside it; then a check that nothing outside changed.
 * Prints a table and one JSON line; the first failures of each kind are printed in full.
 *
 *   npx tsx bench/reliability/fuzz.ts [--per-surface 25000] [--seed 1]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runFuzz } from "../../test/reliability/fuzz/run-fuzz.js";

const { values } = parseArgs({
  options: { "per-surface": { type: "string", default: "25000" }, seed: { type: "string", default: "1" } },
});
const parent = await mkdtemp(join(tmpdir(), "mnemo-fuzz-bench-"));
const started = Date.now();
try {
  const result = await runFuzz({
    parent,
    perSurface: Number(values["per-surface"]),
    seed: Number(values.seed),
  });
  const total = Object.values(result.inputs).reduce((sum, count) => sum + count, 0);
  console.log("| surface | inputs | failures |");
  console.log("|---|---|---|");
  for (const [surface, count] of Object.entries(result.inputs)) {
    const failures = result.failures.filter((failure) => failure.surface === surface).length;
    console.log(`| ${surface} | ${count} | ${failures} |`);
  }
  console.log(`| all | ${total} | ${result.failures.length} |`);
  const seen = new Set<string>();
  for (const failure of result.failures) {
    const kind = failure.error.split("\n")[0]?.slice(0, 120) ?? "";
    if (seen.has(kind)) continue;
    seen.add(kind);
    console.error(`--- ${failure.surface}: ${failure.input.slice(0, 400)}\n${failure.error.slice(0, 1200)}`);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    JSON.stringify({
      inputs: result.inputs,
      total,
      failures: result.failures.length,
      outsideChanged: result.outsideChanged,
      seconds,
    }),
  );
  process.exitCode = result.failures.length === 0 && !result.outsideChanged ? 0 : 1;
} finally {
  await rm(parent, { recursive: true, force: true });
}
