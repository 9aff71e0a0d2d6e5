import { defineConfig } from "vitest/config";

/**
 * The vitest setup Stryker runs (scripts/mutation/run-mutation.mjs): the suite's settings without
 * the global setup that builds dist/ (the mutation runner builds it once, before Stryker copies the
 * project) and without the JSON report that .ci/run counts; fast-check stops at the first failure.
 */
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ["test/mutation-setup.ts"],
  },
});
