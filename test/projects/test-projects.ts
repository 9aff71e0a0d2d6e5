import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/**
 * Which vitest project each test file belongs to, read from what it imports, so a new test lands in
 * the right one without anyone listing it:
 *
 * - `browser`: under test/browser/ (drives Debian's chromium);
 * - `postgres`: reaches the test database helpers (`src/testing/test-postgres.ts`,
 *   `postgres-cluster.ts`): they run on the one throwaway cluster of the run;
 * - `process`: starts a process or a worker (`node:child_process`, `node:worker_threads`, the MCP
 *   SDK's stdio client), or loads the built package (`dist/`): needs `dist/` built once;
 * - `unit-isolated`: would be unit, but replaces a module with `vi.mock`: it needs a module graph of
 *   its own, which the shared `unit` project does not give;
 * - `unit`: everything else: no build, no process, no server. Its files share one module graph per
 *   worker (`isolate: false`), so the engine is imported once, not 240 times.
 *
 * The test file is followed through its relative imports into the test helpers (`src/testing/`
 * and the non-test files under `test/`); production modules are not followed, since a test that
 * imports, say, the PostgreSQL adapter without a server needs none.
 */
export type TestProject = "unit" | "unit-isolated" | "process" | "postgres" | "browser";

// Imports are matched at the start of a line, so a test that quotes one in a string is not moved.
const PROCESS_MARKERS = [
  /^import\s[^;]*from\s+["']node:(child_process|worker_threads)["']/m,
  /^import\s[^;]*from\s+["']@modelcontextprotocol\/sdk\/client\/stdio(\.js)?["']/m,
  /\bdist\/index\.js\b/,
];
// A module replaced by `vi.mock` would leak into, or miss, files that share the module graph.
const REPLACES_MODULES = /^vi\.(mock|doMock)\(/m;
const POSTGRES_HELPERS = ["src/testing/test-postgres.ts", "src/testing/postgres-cluster.ts"];
const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g;

/** Every test file of the repository (`src/**` and `test/**`, `*.test.ts`), relative to `root`. */
export function listTestFiles(root: string): string[] {
  return ["src", "test"].flatMap((folder) =>
    walk(join(root, folder))
      .map((path) => relative(root, path))
      .filter((path) => path.endsWith(".test.ts")),
  );
}

/** The project of each test file under `root`. */
export function classifyTestFiles(root: string): Record<TestProject, string[]> {
  const projects: Record<TestProject, string[]> = {
    unit: [],
    "unit-isolated": [],
    process: [],
    postgres: [],
    browser: [],
  };
  const reader = cachedReader(root);
  for (const file of listTestFiles(root).sort()) projects[projectOf(file, reader)].push(file);
  return projects;
}

/** The project of one test file; `read` gives a repository file's text, or undefined when absent. */
export function projectOf(file: string, read: (path: string) => string | undefined): TestProject {
  if (file.startsWith("test/browser/")) return "browser";
  const reached = helperClosure(file, read);
  if (reached.some((path) => POSTGRES_HELPERS.includes(path))) return "postgres";
  const startsProcesses = reached.some((path) => {
    const text = read(path) ?? "";
    return PROCESS_MARKERS.some((marker) => marker.test(text));
  });
  if (startsProcesses) return "process";
  return reached.some((path) => REPLACES_MODULES.test(read(path) ?? "")) ? "unit-isolated" : "unit";
}

/** The test file and every test helper it reaches through relative imports. */
function helperClosure(file: string, read: (path: string) => string | undefined): string[] {
  const seen = new Set<string>([file]);
  const queue = [file];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    const text = read(path);
    if (text === undefined) continue;
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveImport(path, (match[1] ?? match[2]) as string);
      if (!isTestHelper(target) || seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return [...seen];
}

function isTestHelper(path: string): boolean {
  return path.startsWith("src/testing/") || path.startsWith("test/");
}

function resolveImport(from: string, specifier: string): string {
  return normalize(join(dirname(from), specifier)).replace(/\.js$/, ".ts");
}

function cachedReader(root: string): (path: string) => string | undefined {
  const texts = new Map<string, string | undefined>();
  return (path) => {
    if (!texts.has(path)) {
      try {
        texts.set(path, readFileSync(join(root, path), "utf8"));
      } catch {
        texts.set(path, undefined);
      }
    }
    return texts.get(path);
  };
}

function walk(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : walk(path);
    return [path];
  });
}
