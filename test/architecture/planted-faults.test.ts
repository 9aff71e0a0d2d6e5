import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { importCycles } from "./import-cycles.js";
import { filesImporting, layerViolations, sourceImports, webImports } from "./import-graph.js";

/**
 * The checks of import-graph.test.ts must fail on the faults they forbid: each is planted here,
 * in a small tree written to a temporary folder and read by the same graph reader, or as edges.
 */
const root = mkdtempSync(join(tmpdir(), "mnemo-import-graph-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function plant(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

plant({
  "src/engine/search/rank.ts":
    'import { boost } from "./boost.js";\nexport interface Hit { score: number }\n',
  "src/engine/search/boost.ts":
    'import type { Hit } from "./rank.js";\nexport const boost = (hit: Hit) => hit;\n',
  "src/engine/search/fusion.ts": 'import { boost } from "./boost.js";\nexport const fuse = boost;\n',
  "src/engine/search/rank.test.ts": 'import { fuse } from "./fusion.js";\n',
  "src/rules/home-layout.ts": 'export const MEMORIES_DIR = "memories";\n',
  "src/rules/home-id.ts":
    'import { MnemoError } from "../errors.js";\nimport type { MemoryHomes } from "../engine/tenancy/memory-homes.js";\n',
  "src/errors.ts": "export class MnemoError extends Error {}\n",
  "src/adapters/fs/tree-folder.ts":
    'import { MEMORIES_DIR } from "../../rules/home-layout.js";\nimport { fuse } from "../../engine/search/fusion.js";\n',
  "src/adapters/memory/search-index.ts": 'import type { Hit } from "../../engine/search/rank.js";\n',
  "web/app.js": 'import { renderMemory } from "./views/memory.js";\nexport function refresh() {}\n',
  "web/views/memory.js": 'import { refresh } from "../app.js";\nexport function renderMemory() {}\n',
});

describe("the import checks catch planted faults", () => {
  test("a cycle held by a type-only import", () => {
    const graph = sourceImports(root);
    expect(graph.edges).toContainEqual({
      from: "src/engine/search/boost.ts",
      to: "src/engine/search/rank.ts",
      typeOnly: true,
    });
    expect(importCycles(graph.edges)).toEqual([["src/engine/search/boost.ts", "src/engine/search/rank.ts"]]);
  });

  test("an adapter importing the engine, a value or a type", () => {
    const graph = sourceImports(root);
    expect(filesImporting(graph.edges, "adapters", "engine")).toEqual([
      "src/adapters/fs/tree-folder.ts",
      "src/adapters/memory/search-index.ts",
    ]);
    expect(layerViolations(graph.edges)).toContain(
      "src/adapters/memory/search-index.ts → src/engine/search/rank.ts (adapters may not import engine)",
    );
    expect(layerViolations(graph.edges)).toContain(
      "src/adapters/fs/tree-folder.ts → src/engine/search/fusion.ts (adapters may not import engine)",
    );
  });

  test("the leaf importing the engine (the error type of the contracts stays allowed)", () => {
    const violations = layerViolations(sourceImports(root).edges);
    expect(violations).toContain(
      "src/rules/home-id.ts → src/engine/tenancy/memory-homes.ts (rules may not import engine)",
    );
    expect(violations.filter((violation) => violation.startsWith("src/rules/"))).toHaveLength(1);
    expect(violations).toHaveLength(3);
  });

  test("a runtime cycle between the browser's modules", () => {
    expect(importCycles(webImports(root).edges)).toEqual([["web/app.js", "web/views/memory.js"]]);
  });

  test("longer loops, a file importing itself, and none in a tree that only branches", () => {
    const edge = (from: string, to: string) => ({ from, to });
    expect(importCycles([edge("a", "b"), edge("b", "c"), edge("c", "a"), edge("c", "d")])).toEqual([
      ["a", "b", "c"],
    ]);
    expect(importCycles([edge("a", "a"), edge("a", "b")])).toEqual([["a"]]);
    expect(importCycles([edge("a", "b"), edge("a", "c"), edge("b", "d"), edge("c", "d")])).toEqual([]);
    expect(
      importCycles([edge("x", "y"), edge("y", "x"), edge("p", "q"), edge("q", "r"), edge("r", "p")]),
    ).toEqual([
      ["p", "q", "r"],
      ["x", "y"],
    ]);
  });
});
