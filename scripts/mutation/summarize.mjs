/**
 * Turns Stryker's JSON report (mutation-testing-report-schema) of one module into its score and
 * its surviving mutants, and renders the summary of several modules as Markdown.
 *
 * Score as Stryker computes it: detected (killed or timed out) over detected plus undetected
 * (survived or not covered by any test); mutants that do not compile or crash are left out.
 */
const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);

export function summarizeModule(module, report, seconds) {
  let detected = 0;
  const undetected = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const lines = source.split("\n");
    for (const mutant of mutants) {
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
      });
    }
  }
  const total = detected + undetected.length;
  const score = total === 0 ? 100 : (detected / total) * 100;
  return { module, score, detected, undetected: undetected.length, seconds, survivors: undetected };
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
      `| ${summary.module} | ${summary.score.toFixed(1)}% | ${summary.detected} | ${summary.undetected} | ${Math.round(summary.seconds)} s |`,
  );
  const detected = summaries.reduce((sum, summary) => sum + summary.detected, 0);
  const undetected = summaries.reduce((sum, summary) => sum + summary.undetected, 0);
  const total = detected + undetected === 0 ? 100 : (detected / (detected + undetected)) * 100;
  const survivors = summaries.flatMap((summary) =>
    summary.survivors.map(
      (mutant) =>
        `| ${summary.module} | ${mutant.file}:${mutant.line} | ${mutant.status} | ${mutant.mutator} | \`${oneLine(mutant.original).replaceAll("|", "\\|")}\` → \`${oneLine(mutant.replacement).replaceAll("|", "\\|")}\` |`,
    ),
  );
  return [
    "| module | score | detected | undetected | time |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    `| all | ${total.toFixed(1)}% | ${detected} | ${undetected} | ${Math.round(summaries.reduce((sum, summary) => sum + summary.seconds, 0))} s |`,
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
