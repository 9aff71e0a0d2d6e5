/**
 * Turns Stryker's JSON report (mutation-testing-report-schema) of one module into its score and
 * its surviving mutants, and renders the summary of several modules as Markdown.
 *
 * Score as Stryker computes it: detected (killed or timed out) over detected plus undetected
 * (survived or not covered by any test); mutants that do not compile or crash are left out.
 * Static mutants (evaluated once, when a module loads) are left out too and counted apart: with
 * `testFiles`, Stryker 9.6 activates them after the module has loaded, so they "survive" tests
 * that kill them (stryker-js issue #6144); the runner ignores them (ignoreStatic).
 *
 *   node scripts/mutation/summarize.mjs .mutation/reports   re-renders the summary of saved reports
 */
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";

const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);

export function summarizeModule(module, report, seconds) {
  let detected = 0;
  let staticMutants = 0;
  const undetected = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const lines = source.split("\n");
    for (const mutant of mutants) {
      if (mutant.static) {
        staticMutants++;
        continue;
      }
      if (DETECTED.has(mutant.status)) detected++;
      if (!UNDETECTED.has(mutant.status)) continue;
      const { start, end } = mutant.location;
      undetected.push({
        file,
        line: start.line,
        status: mutant.status,
        mutator: mutant.mutatorName,
        original: originalText(lines, start, end),
        replacement: mutant.replacement ?? "",
        testsCompleted: mutant.testsCompleted,
      });
    }
  }
  const total = detected + undetected.length;
  const score = total === 0 ? 100 : (detected / total) * 100;
  return {
    module,
    score,
    detected,
    undetected: undetected.length,
    staticMutants,
    seconds,
    survivors: undetected,
  };
}

/** The mutated source text; locations are 1-based lines and 0-based columns. */
function originalText(lines, start, end) {
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  const first = lines[start.line - 1].slice(start.column - 1);
  return `${first} … (${end.line - start.line + 1} lines)`;
}

function oneLine(text, max = 70) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function renderSummary(summaries) {
  const rows = summaries.map(
    (summary) =>
      `| ${summary.module} | ${summary.score.toFixed(1)}% | ${summary.detected} | ${summary.undetected} | ${summary.staticMutants} | ${Math.round(summary.seconds)} s |`,
  );
  const detected = summaries.reduce((sum, summary) => sum + summary.detected, 0);
  const undetected = summaries.reduce((sum, summary) => sum + summary.undetected, 0);
  const total = detected + undetected === 0 ? 100 : (detected / (detected + undetected)) * 100;
  const survivors = summaries.flatMap((summary) =>
    summary.survivors.map(
      (mutant) =>
        `| ${summary.module} | ${mutant.file}:${mutant.line} | ${mutant.status}${mutant.status === "Survived" && mutant.testsCompleted === 0 ? " (0 tests ran)" : ""} | ${mutant.mutator} | \`${oneLine(mutant.original).replaceAll("|", "\\|")}\` → \`${oneLine(mutant.replacement).replaceAll("|", "\\|")}\` |`,
    ),
  );
  return [
    "| module | score | detected | undetected | static (not measured) | time |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
    `| all | ${total.toFixed(1)}% | ${detected} | ${undetected} | ${summaries.reduce((sum, summary) => sum + summary.staticMutants, 0)} | ${Math.round(summaries.reduce((sum, summary) => sum + summary.seconds, 0))} s |`,
    "",
    survivors.length === 0 ? "No surviving mutant." : "Surviving mutants:",
    "",
    ...(survivors.length === 0
      ? []
      : [
          "| module | where | status | mutator | original → mutant |",
          "| --- | --- | --- | --- | --- |",
          ...survivors,
        ]),
    "",
  ].join("\n");
}

/** Re-renders the summary of the JSON reports in a folder (time unknown: 0 s). */
async function main(folder) {
  const names = (await readdir(folder)).filter((name) => name.endsWith(".json")).sort();
  const summaries = [];
  for (const name of names) {
    const report = JSON.parse(await readFile(join(folder, name), "utf8"));
    summaries.push(summarizeModule(basename(name, ".json"), report, 0));
  }
  console.log(renderSummary(summaries));
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv[2] ?? ".mutation/reports");
