import { describe, expect, test } from "vitest";
import { REPOSITORY_ROOT } from "../../src/testing/test-home.js";
import { classifyTestFiles, listTestFiles, projectOf } from "./test-projects.js";

/** A repository of a few files, as `projectOf` reads one. */
function files(texts: Record<string, string>): (path: string) => string | undefined {
  return (path) => texts[path];
}

describe("which vitest project a test file runs in", () => {
  test("a file that starts the CLI through a helper, even two helpers away, runs in process", () => {
    const read = files({
      "src/a.test.ts": 'import { runTwice } from "./testing/twice.js";',
      "src/testing/twice.ts": 'import { runMnemo } from "./test-cli.js";',
      "src/testing/test-cli.ts": 'import { spawnSync } from "node:child_process";',
    });
    expect(projectOf("src/a.test.ts", read)).toBe("process");
  });

  test("workers, the MCP stdio client and the built package count as processes too", () => {
    for (const line of [
      'import { Worker } from "node:worker_threads";',
      'import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";',
      // Split so that this file itself does not read as loading the build.
      'const entry = new URL("../../dist/' + 'index.js", import.meta.url);',
    ])
      expect(projectOf("test/x.test.ts", files({ "test/x.test.ts": line }))).toBe("process");
  });

  test("a file reaching the test database helpers runs in postgres, before process", () => {
    const read = files({
      "src/p.test.ts": 'import { startTestPostgres } from "./testing/test-postgres.js";',
      "src/testing/test-postgres.ts": 'import { x } from "./postgres-cluster.js";',
      "src/testing/postgres-cluster.ts": 'import { execFile } from "node:child_process";',
    });
    expect(projectOf("src/p.test.ts", read)).toBe("postgres");
  });

  test("production modules are not followed: importing an adapter or a surface keeps a file in unit", () => {
    const read = files({
      "src/u.test.ts":
        'import { x } from "./adapters/postgres/pg-pool-client.js";\nimport { y } from "./testing/test-home.js";',
      "src/adapters/postgres/pg-pool-client.ts": 'import { execFile } from "node:child_process";',
      "src/testing/test-home.ts": 'import { openMemory } from "../open-memory.js";',
    });
    expect(projectOf("src/u.test.ts", read)).toBe("unit");
  });

  test("a file that replaces a module with vi.mock runs in unit-isolated, unless it starts processes", () => {
    const mocks = 'vi.mock("node:fs/promises", async () => ({}));';
    expect(projectOf("src/m.test.ts", files({ "src/m.test.ts": mocks }))).toBe("unit-isolated");
    const spawns = `import { spawn } from "node:child_process";\n${mocks}`;
    expect(projectOf("src/m.test.ts", files({ "src/m.test.ts": spawns }))).toBe("process");
    // Only a call at the start of a line counts: a file quoting one in a string stays in unit.
    const quotes = `const text = '${mocks}';`;
    expect(projectOf("src/m.test.ts", files({ "src/m.test.ts": quotes }))).toBe("unit");
  });

  test("the browser folder is the browser project", () => {
    expect(projectOf("test/browser/any.test.ts", files({}))).toBe("browser");
  });

  test("every test file of the repository is in exactly one project, and each project has files", () => {
    const projects = classifyTestFiles(REPOSITORY_ROOT);
    const all = Object.values(projects).flat();
    expect(all.sort()).toEqual(listTestFiles(REPOSITORY_ROOT).sort());
    expect(new Set(all).size).toBe(all.length);
    for (const [name, list] of Object.entries(projects)) expect(list.length, name).toBeGreaterThan(0);
    expect(projects.unit).toContain("test/projects/test-projects.test.ts");
    expect(projects.process).toContain("src/surfaces/cli/cli.test.ts");
    expect(projects.postgres).toContain("src/recall-postgres.integration.test.ts");
    expect(projects["unit-isolated"]).toContain("src/adapters/fs/write-ahead-log-commit.test.ts");
  });
});
