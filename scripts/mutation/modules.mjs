/**
 * The core modules under mutation testing (issue 13): for each, the source files Stryker mutates
 * and the test files that may kill its mutants. Only these tests run, so a mutant is judged by the
 * tests written for that part of mnemo, not by the whole suite; tests that spawn the `mnemo` bin
 * are left out (the bin runs the compiled package, which never contains the mutant).
 */
export const MODULES = [
  {
    name: "budgets",
    mutate: ["src/profile/budget.ts", "src/profile/profile.ts"],
    tests: [
      "src/profile/budget.test.ts",
      "src/profile/profile.test.ts",
      "src/profile/budget-archive.test.ts",
      "src/profile/profile-edits.test.ts",
    ],
  },
  {
    name: "capacity",
    mutate: ["src/journal/capacity.ts", "src/journal/journal.ts"],
    tests: [
      "src/journal/capacity.test.ts",
      "src/journal/journal.test.ts",
      "src/journal/journal-details.test.ts",
      "src/journal/seed-000-properties.test.ts",
    ],
  },
  {
    name: "reconcile",
    mutate: ["src/extraction/reconcile.ts", "src/extraction/text-similarity.ts"],
    tests: [
      "src/extraction/reconcile.test.ts",
      "src/extraction/text-similarity.test.ts",
      "src/extraction/extract-session.test.ts",
    ],
  },
  {
    name: "ranking",
    mutate: ["src/search/fusion.ts", "src/search/rank-chunks.ts", "src/search/vector-feedback.ts"],
    tests: [
      "src/search/fusion.test.ts",
      "src/search/vector-feedback.test.ts",
      "src/search/ranking-order.integration.test.ts",
      "src/search/vector-feedback.integration.test.ts",
      "src/search/memory-search.integration.test.ts",
    ],
  },
  {
    name: "query-terms",
    mutate: ["src/search/query-terms.ts"],
    tests: ["src/search/query-terms.test.ts", "src/search/ranking-order.integration.test.ts"],
  },
  {
    name: "safe-paths",
    mutate: ["src/stores/fs/safe-path.ts"],
    tests: ["src/stores/fs/safe-path.test.ts", "src/stores/fs/fs-document-store.test.ts"],
  },
  {
    name: "atomic-write-and-lock",
    mutate: [
      "src/stores/fs/atomic-write.ts",
      "src/stores/fs/home-lock.ts",
      "src/stores/fs/write-ahead-log.ts",
      "src/stores/fs/staged-writer.ts",
    ],
    tests: [
      "src/stores/fs/atomic-write.test.ts",
      "src/stores/fs/home-lock.test.ts",
      "src/stores/fs/write-ahead-log.test.ts",
      "src/stores/fs/staged-writer.test.ts",
      "src/stores/fs/fs-document-store.test.ts",
    ],
  },
  {
    name: "access-check",
    mutate: ["src/http/access-check.ts"],
    tests: ["src/http/access-check.test.ts", "src/http/http-refusals.test.ts"],
  },
  {
    name: "extraction-queueing",
    mutate: [
      "src/extraction/pending-queue.ts",
      "src/extraction/pending-extractions.ts",
      "src/extraction/run-extraction.ts",
    ],
    tests: [
      "src/extraction/extract-session.test.ts",
      "src/extraction/extraction-redaction.test.ts",
      "src/extraction/pending-queue.test.ts",
    ],
  },
  {
    name: "working-memory",
    mutate: ["src/working-memory/*.ts", "!src/working-memory/*.test.ts"],
    tests: ["src/working-memory/*.test.ts"],
  },
];

/**
 * A small fixed set for CI: the modules whose bugs lose or leak data (budgets' archive, the lock,
 * the token check, the extraction queue), chosen to finish within a few minutes on 2 cores.
 */
export const CI_MODULES = ["budgets", "access-check", "extraction-queueing"];
