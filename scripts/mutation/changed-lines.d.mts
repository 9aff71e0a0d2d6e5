/** Types of changed-lines.mjs, for its tests. */
export function addedLineRanges(diff: string): [number, number][];
export function joinNearRanges(ranges: readonly [number, number][], gap?: number): [number, number][];
export function changedSourceFiles(
  sourcePatterns: readonly string[],
  changedFiles: ReadonlySet<string>,
): string[];
export function changedPatterns(
  sourcePatterns: readonly string[],
  changedFiles: ReadonlySet<string>,
  diffOf: (file: string) => string | undefined,
): string[];
