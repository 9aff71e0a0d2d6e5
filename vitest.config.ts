import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The JSON report is what .ci/run counts for its `N passed, N failed` line.
    reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
  },
});
