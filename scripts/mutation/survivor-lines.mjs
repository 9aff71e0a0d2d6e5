/**
 * The `--survivors` re-check: instead of every mutant of a module, Stryker mutates only the lines
 * where the module's last report left mutants alive, plus every line of a source file that changed
 * since that report; the last report's results stand for the rest. This is sound while tests are only
 * added (a mutant a test killed stays killed), which is how survivors are worked on; a full run
 * (`npm run mutation`) remains the measure of record.
 */

const UNDETECTED = new Set(["Survived", "NoCoverage"]);

/**
 * Stryker `mutate` patterns for the re-check: `file:first-last` line ranges around each surviving
 * mutant of an unchanged file (one line of margin: Stryker's range lines and Babel's differ by one),
 * the whole file when its source changed. `currentSource(file)` reads the file as it is now.
 */
export function survivorPatterns(report, currentSource) {
  const patterns = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    if (currentSource(file) !== source) {
      patterns.push(file);
      continue;
    }
    for (const mutant of mutants) {
      if (mutant.static || !UNDETECTED.has(mutant.status)) continue;
      patterns.push(`${file}:${mutant.location.start.line}-${mutant.location.end.line + 1}`);
    }
  }
  return [...new Set(patterns)];
}

function mutantKey(file, mutant) {
  const { start, end } = mutant.location;
  return `${file}|${mutant.mutatorName}|${mutant.replacement}|${start.line}:${start.column}-${end.line}:${end.column}`;
}

/**
 * The last report with the re-check's results laid over it: a re-tested mutant takes its new status;
 * a file the re-check mutated whole (its source changed) is taken from the re-check entirely.
 */
export function mergeReports(previous, recheck) {
  const files = {};
  for (const [file, previousFile] of Object.entries(previous.files)) {
    const recheckFile = recheck.files[file];
    if (recheckFile === undefined) {
      files[file] = previousFile;
      continue;
    }
    if (recheckFile.source !== previousFile.source) {
      files[file] = recheckFile;
      continue;
    }
    const retested = new Map(recheckFile.mutants.map((mutant) => [mutantKey(file, mutant), mutant]));
    files[file] = {
      ...previousFile,
      mutants: previousFile.mutants.map((mutant) => retested.get(mutantKey(file, mutant)) ?? mutant),
    };
  }
  return { ...recheck, files };
}
