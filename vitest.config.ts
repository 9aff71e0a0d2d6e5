import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { CHROMIUM_PATH } from "./test/browser/chromium-path.js";
import { memoryTempFolderEnv } from "./test/projects/memory-temp-folder.js";
import { classifyTestFiles } from "./test/projects/test-projects.js";

/**
 * Four projects, each test file in one of them by what it imports (test/projects/test-projects.ts):
 * `unit` (no build, no process, no server: the inner loop, `npx vitest --project unit`), `process`
 * (starts the built `mnemo` or other processes: dist/ is built once, and only when the sources
 * changed), `postgres` (one throwaway PostgreSQL cluster for the run, a database per test file) and
 * `browser` (Debian's chromium). `npm test` runs them all, side by side as the machine allows.
 */
const projects = classifyTestFiles(fileURLToPath(new URL(".", import.meta.url)));
const chromiumMissing = !existsSync(CHROMIUM_PATH);
if (chromiumMissing && process.env.CI !== "true") {
  process.stderr.write(
    `mnemo: the browser tests are SKIPPED: Chromium is not installed at ${CHROMIUM_PATH} ` +
      "(sudo apt-get install -y chromium, or set CHROMIUM_PATH). Under CI=true they run and fail instead.\n",
  );
}
const runBrowser = !chromiumMissing || process.env.CI === "true";

const timeouts = { testTimeout: 60_000, hookTimeout: 60_000 };
// The in-process projects keep their temp homes in memory when the machine allows it: their saves'
// fsyncs were most of their time (test/projects/memory-temp-folder.ts).
const inMemoryTemp = { env: memoryTempFolderEnv() };

export default defineConfig({
  test: {
    // The JSON report is what .ci/run counts for its `N passed, N failed` line.
    reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one file at a time,
    // while most process tests wait on the processes they start. One worker per core (`--maxWorkers`
    // overrides).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // The engine is imported once per worker, not once per file: importing it was two thirds of
      // this project's time. Files that replace a module (vi.mock) keep a graph of their own.
      { test: { name: "unit", include: projects.unit, isolate: false, ...inMemoryTemp, ...timeouts } },
      { test: { name: "unit-isolated", include: projects["unit-isolated"], ...inMemoryTemp, ...timeouts } },
      {
        test: {
          name: "process",
          include: projects.process,
          globalSetup: ["test/setup/build-dist.ts"],
          ...timeouts,
        },
      },
      {
        test: {
          name: "postgres",
          include: projects.postgres,
          globalSetup: ["test/setup/build-dist.ts", "test/setup/postgres-cluster.ts"],
          ...timeouts,
        },
      },
      ...(runBrowser ? [{ test: { name: "browser", include: projects.browser, ...timeouts } }] : []),
    ],
  },
});
