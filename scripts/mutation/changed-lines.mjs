/**
 * What a submission changed, as Stryker `mutate` patterns: `file:first-last` for each run of lines
 * added or edited since the base commit (read from `git diff --unified=0`), the whole file when it is
 * new. CI mutates only those lines, so its time follows the size of the change, not of the modules.
 */
import { minimatch } from "minimatch";

/** Line ranges of the new side of a `git diff --unified=0` of one file: [first, last], 1-based. */
export function addedLineRanges(diff) {
  const ranges = [];
  for (const match of diff.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
    const first = Number(match[1]);
    const count = match[2] === undefined ? 1 : Number(match[2]);
    if (count > 0) ranges.push([first, first + count - 1]);
  }
  return ranges;
}

/** Ranges closer than `gap` lines joined into one, so a function edited in places is one pattern. */
export function joinNearRanges(ranges, gap = 3) {
  const joined = [];
  for (const [first, last] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const previous = joined.at(-1);
    if (previous !== undefined && first - previous[1] <= gap) previous[1] = Math.max(previous[1], last);
    else joined.push([first, last]);
  }
  return joined;
}

/**
 * The `mutate` patterns of one module for a change: for each of its source files that changed,
 * its changed line ranges; `diffOf(file)` gives the file's diff, or undefined when the file is new
 * (untracked or added since the base), which is mutated whole. A module's patterns may be globs
 * (`src/surfaces/claude-memory/*.ts`, with `!` patterns left out): they are matched against the
 * changed files, which are the only ones that matter here.
 */
export function changedPatterns(sourcePatterns, changedFiles, diffOf) {
  const patterns = [];
  for (const file of changedSourceFiles(sourcePatterns, changedFiles)) {
    const diff = diffOf(file);
    if (diff === undefined) {
      patterns.push(file);
      continue;
    }
    for (const [first, last] of joinNearRanges(addedLineRanges(diff)))
      patterns.push(`${file}:${first}-${last}`);
  }
  return patterns;
}

/**
 * The changed files a module's patterns take, in the order of its patterns then of the files.
 * Globs are read by minimatch, as Stryker reads the same `mutate` patterns.
 */
export function changedSourceFiles(sourcePatterns, changedFiles) {
  const excluded = sourcePatterns
    .filter((pattern) => pattern.startsWith("!"))
    .map((pattern) => pattern.slice(1));
  const taken = [];
  for (const pattern of sourcePatterns.filter((each) => !each.startsWith("!"))) {
    const matches = [...changedFiles].filter((file) => minimatch(file, pattern)).sort();
    for (const file of matches)
      if (!taken.includes(file) && !excluded.some((exclusion) => minimatch(file, exclusion)))
        taken.push(file);
  }
  return taken;
}
