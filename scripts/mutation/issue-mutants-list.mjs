/**
 * The bugs of issue 13 that passed every test, as source edits: `from` is replaced by `to` in
 * `file`, `tests` are run, and the test whose full name contains `killedBy` must fail.
 */
export const ISSUE_MUTANTS = [
  {
    name: "budget archival keeps only the last overflow chunk",
    file: "src/engine/profile/budget.ts",
    from: "overflow.push(sectionText(victim));",
    to: "overflow.splice(0, overflow.length, sectionText(victim));",
    tests: ["src/engine/profile/budget-archive.test.ts"],
    killedBy: "one edit that pushes three sections out of SOUL.md archives all three",
  },
  {
    name: "reconcile runs the near-duplicate check before supersede",
    file: "src/session/extraction/reconcile.ts",
    from: "const near = replaces.length === 0 ? findNear(candidate.body, pool, threshold) : undefined;",
    to: "const near = findNear(candidate.body, pool, threshold);",
    tests: ["src/session/extraction/reconcile.test.ts"],
    killedBy: "a correction whose words overlap above the near-duplicate threshold still supersedes",
  },
  {
    name: "reconcile near-duplicate before supersede, through extractSession and the real files",
    file: "src/session/extraction/reconcile.ts",
    from: "const near = replaces.length === 0 ? findNear(candidate.body, pool, threshold) : undefined;",
    to: "const near = findNear(candidate.body, pool, threshold);",
    tests: ["src/session/extraction/extract-session.test.ts"],
    killedBy:
      "a one-word correction (overlap over the duplicate threshold) supersedes, through the real files",
  },
  {
    name: "BM25 removed from recall's ranking",
    file: "src/engine/search/fusion.ts",
    from: "const textPart = textTop > 0 ? Math.max(0, candidate.textScore ?? 0) / textTop : 0;",
    to: "const textPart = 0;",
    tests: ["src/engine/search/ranking-order.integration.test.ts"],
    killedBy: "BM25: the memory that repeats the query's word in a short text beats one long text",
  },
  {
    name: "recency boost returns the score unchanged",
    file: "src/engine/search/fusion.ts",
    from: "return score * (1 + options.weight * 0.5 ** (Math.max(0, ageDays) / options.halfLifeDays));",
    to: "return score;",
    tests: ["src/engine/search/ranking-order.integration.test.ts"],
    killedBy: "recency: of two entries with the same words, the newer comes first, by the half-life formula",
  },
  {
    name: "topic files trimmed only to maxLines, not targetLines",
    file: "src/engine/journal/journal.ts",
    from: "const result = enforceCapacity(change(before), { maxLines, targetLines, lineCount: countLines });",
    to: "const result = enforceCapacity(change(before), { maxLines, targetLines: maxLines, lineCount: countLines });",
    tests: ["src/engine/journal/journal.test.ts"],
    killedBy: "a topic file that passes maxLines is brought down to targetLines, not just under maxLines",
  },
  {
    name: "capacity prunes to maxLines (the seed 000 property must reach the pruning)",
    file: "src/engine/journal/capacity.ts",
    from: "while (options.lineCount(serializeJournal(blocks)) > options.targetLines) {",
    to: "while (options.lineCount(serializeJournal(blocks)) > options.maxLines) {",
    tests: ["src/engine/journal/seed-000-properties.test.ts"],
    killedBy: "seed 000 correctness properties",
  },
  {
    name: "a failure while writing extraction results counts as success",
    file: "src/session/extraction/run-extraction.ts",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text to find, not a template
    from: "return `writing what was extracted failed: ${errorMessage(error)}`;",
    to: "return undefined;",
    tests: ["src/session/extraction/extract-session.test.ts"],
    killedBy: "the conversation is queued, kept while it still fails, written after",
  },
  {
    name: "the bearer token compared case-insensitively",
    file: "src/surfaces/http/access-check.ts",
    from: 'const expected = createHash("sha256").update(token).digest();',
    to: 'const expected = createHash("sha256").update(token).digest(); void expected;\n  if ((match?.[1] ?? "").toLowerCase() === token.toLowerCase() && match !== null) return true;',
    tests: ["src/surfaces/http/access-check.test.ts"],
    killedBy: "refuse a token one character away",
  },
  {
    name: "the bearer token compared case-insensitively, over HTTP",
    file: "src/surfaces/http/access-check.ts",
    from: 'const expected = createHash("sha256").update(token).digest();',
    to: 'const expected = createHash("sha256").update(token).digest(); void expected;\n  if ((match?.[1] ?? "").toLowerCase() === token.toLowerCase() && match !== null) return true;',
    tests: ["src/surfaces/http/http-refusals.test.ts"],
    killedBy: "bearer token",
  },
  {
    name: "the stale-lock breaker skips its re-check",
    file: "src/adapters/fs/home-lock.ts",
    from: "if (await isStillStale(claim, stale)) {",
    to: "if (true) {",
    tests: ["src/adapters/fs/home-lock.test.ts"],
    killedBy:
      "a stale lock replaced by a live one between the check and the break is left alone (forced race)",
  },
];
