import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { REPOSITORY_ROOT } from "../../src/testing/test-home.js";
import { ALLOWED_IMPORTS, type Layer } from "./import-graph.js";

/**
 * docs/architecture.md against the code: the layer table against the rules import-graph.test.ts
 * enforces, the conformance table against the adapters' tests that run each suite, the root entry's
 * name count and the subpaths against the API snapshot and package.json.
 */
const doc = readFileSync(join(REPOSITORY_ROOT, "docs/architecture.md"), "utf8");
const read = (path: string) => readFileSync(join(REPOSITORY_ROOT, path), "utf8");

/** The rows of the Markdown table whose header row starts with `| first`, as trimmed cells. */
function tableRows(first: string): string[][] {
  const lines = doc.split("\n");
  const header = lines.findIndex((line) => new RegExp(`^\\|\\s*${first}\\s*\\|`).test(line));
  expect(header, `a table starting with "| ${first}" in docs/architecture.md`).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const words = (cell: string) =>
  cell
    .split(",")
    .map((word) => word.trim())
    .sort();

describe("docs/architecture.md matches the code", () => {
  test("the layer table says what each layer may import, as the import-graph test enforces", () => {
    const rows = tableRows("layer");
    const layers = Object.keys(ALLOWED_IMPORTS) as Layer[];
    const documented = rows.map(([name]) => (name === "composition root" ? "root" : name));
    expect(documented.sort()).toEqual(layers.filter((layer) => layer !== "testing").sort());
    for (const [name, folder, , mayImport] of rows) {
      const layer = (name === "composition root" ? "root" : name) as Layer;
      const allowed =
        mayImport === "nothing else"
          ? []
          : mayImport === "everything"
            ? layers.filter((l) => l !== layer)
            : words(mayImport as string);
      expect(allowed.sort(), `the "may import" of ${layer}`).toEqual([...ALLOWED_IMPORTS[layer]].sort());
      for (const path of (folder as string).match(/src\/[a-z-]+\/(?=`)/g) ?? []) {
        expect(() => readdirSync(join(REPOSITORY_ROOT, path)), path).not.toThrow();
      }
    }
    const count =
      ["four", "five", "six", "seven", "eight"].indexOf(
        /in (\w+) layers and one composition root/.exec(doc)?.[1] ?? "",
      ) + 4;
    expect(count).toBe(rows.length - 1);
  });

  test("the conformance table names every suite and the backends whose tests run it", () => {
    const backendOf: Record<string, string> = {
      fs: "files",
      memory: "in memory",
      sqlite: "SQLite",
      postgres: "PostgreSQL",
    };
    const testFiles = Object.keys(backendOf).flatMap((folder) =>
      readdirSync(join(REPOSITORY_ROOT, "src/adapters", folder))
        .filter((name) => name.endsWith(".test.ts"))
        .map((name) => ({
          backend: backendOf[folder] as string,
          text: read(`src/adapters/${folder}/${name}`),
        })),
    );
    const suites = readdirSync(join(REPOSITORY_ROOT, "src/testing")).filter((name) =>
      name.endsWith("-conformance.ts"),
    );
    const rows = tableRows("contract");
    expect(rows.map(([, suite]) => suite?.replaceAll("`", "")).sort()).toEqual(suites.sort());
    for (const [, suiteCell, implementations] of rows) {
      const suite = (suiteCell as string).replaceAll("`", "").replace(/\.ts$/, ".js");
      const running = new Set(
        testFiles.filter(({ text }) => text.includes(`/${suite}"`)).map(({ backend }) => backend),
      );
      expect(words(implementations as string), suite).toEqual([...running].sort());
    }
  });

  test("the root entry's name count and the subpaths are those of the package", () => {
    const snapshot = JSON.parse(read("test/api/package-exports.snapshot.json")) as Record<string, string[]>;
    const paragraph = doc.slice(doc.indexOf("## The public API"));
    expect(Number(/curated list of (\d+) names/.exec(paragraph)?.[1])).toBe(snapshot.mnemo?.length);
    const manifest = JSON.parse(read("package.json")) as { exports: Record<string, unknown> };
    const subpaths = Object.keys(manifest.exports)
      .filter((path) => path !== "." && path !== "./package.json")
      .map((path) => `mnemo/${path.slice(2)}`);
    const named = [...new Set(paragraph.match(/`mnemo\/[a-z-]+`/g) ?? [])].map((name) =>
      name.replaceAll("`", ""),
    );
    expect(named.sort()).toEqual(subpaths.sort());
  });
});
