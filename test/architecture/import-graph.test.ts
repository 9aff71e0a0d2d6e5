import { describe, expect, test } from "vitest";
import { REPOSITORY_ROOT } from "../../src/testing/test-home.js";
import { importCycles } from "./import-cycles.js";
import {
  adapterPackageViolations,
  filesImporting,
  layerOf,
  layerViolations,
  sourceImports,
  webImports,
} from "./import-graph.js";

/**
 * The layers of issue 14, finished in issue 27: contracts ← rules ← engine ← session ← surfaces,
 * adapters beside the engine on contracts and rules only, and one composition root that wires them. A new import that crosses a layer the wrong way fails
 * here with the file and the import named.
 */
describe("the import graph of src/", () => {
  const graph = sourceImports(REPOSITORY_ROOT);

  test("reads the whole tree: every folder of src/ is a layer, and the edges were found", () => {
    expect(graph.files.length).toBeGreaterThan(200);
    expect(graph.edges.length).toBeGreaterThan(500);
    for (const file of graph.files) expect(() => layerOf(file)).not.toThrow();
  });

  test("no import cycle, type-only imports included", () => {
    expect(importCycles(graph.edges)).toEqual([]);
    // Type-only imports are read as edges: a cycle of types alone would be found.
    const typeOnly = graph.edges.filter((edge) => edge.typeOnly);
    expect(typeOnly.length).toBeGreaterThan(100);
    expect(typeOnly).toContainEqual({
      from: "src/engine/search/boosted-hits.ts",
      to: "src/engine/search/ranked-hit.ts",
      typeOnly: true,
    });
  });

  test("no import cycle between the memory browser's modules", () => {
    const web = webImports(REPOSITORY_ROOT);
    expect(web.edges).toContainEqual({ from: "web/views/memory.js", to: "web/router.js" });
    expect(importCycles(web.edges)).toEqual([]);
  });

  test("no import crosses a layer the wrong way", () => {
    expect(layerViolations(graph.edges)).toEqual([]);
  });

  test("no adapter imports the engine: the rules backends share are in the leaf src/rules/", () => {
    expect(filesImporting(graph.edges, "adapters", "engine")).toEqual([]);
    // The adapters do use the leaf (home ids, token hashing, tree layout, stemmer, tokenizer, similarity).
    expect(filesImporting(graph.edges, "adapters", "rules").length).toBeGreaterThanOrEqual(14);
  });

  test("src/rules/ is a leaf: it imports itself and the contracts only, which import nothing, and no package", () => {
    const leaving = (layers: readonly string[]) =>
      graph.edges.filter(({ from, to }) => layers.includes(layerOf(from)) && !layers.includes(layerOf(to)));
    expect(leaving(["rules", "contracts"])).toEqual([]);
    expect(leaving(["contracts"])).toEqual([]);
    expect(graph.packages.filter(({ from }) => layerOf(from) === "rules")).toEqual([]);
    expect(graph.files.filter((file) => layerOf(file) === "rules").length).toBeGreaterThanOrEqual(10);
  });

  test("only the adapters and the composition root load a database, model or network package; the core never the file system", () => {
    expect(adapterPackageViolations(graph.packages)).toEqual([]);
    expect(graph.packages.some(({ to }) => to === "node:fs/promises")).toBe(true);
    // The wiring does load them: the rule is not vacuous.
    expect(
      graph.packages.some(({ from, to }) => from.startsWith("src/adapters/") && to === "better-sqlite3"),
    ).toBe(true);
  });

  test("the rules catch the imports they forbid", () => {
    expect(
      layerViolations([
        { from: "src/engine/memory-home.ts", to: "src/adapters/fs/fs-document-store.ts" },
        { from: "src/contracts/search-index.ts", to: "src/engine/search/fusion.ts" },
        { from: "src/session/tools/memory-save.ts", to: "src/surfaces/http/http-error.ts" },
        { from: "src/surfaces/cli/program.ts", to: "src/adapters/sqlite/sqlite-search-index.ts" },
        { from: "src/engine/search/rank-chunks.ts", to: "src/testing/test-home.ts" },
        { from: "src/adapters/sqlite/chunk-rows.ts", to: "src/engine/search/home-chunks.ts" },
        { from: "src/rules/home-id.ts", to: "src/engine/tenancy/memory-homes.ts" },
        { from: "src/rules/tree-layout.ts", to: "src/adapters/fs/tree-folder.ts" },
      ]),
    ).toHaveLength(8);
    expect(
      layerViolations([
        { from: "src/engine/memory-home.ts", to: "src/contracts/document-store.ts" },
        { from: "src/adapters/fs/tree-folder.ts", to: "src/rules/tree-layout.ts" },
        { from: "src/rules/token-secrets.ts", to: "src/contracts/token-registry.ts" },
        { from: "src/engine/search/rank-chunks.ts", to: "src/rules/query-terms.ts" },
        { from: "src/open-memory.ts", to: "src/adapters/fs/fs-document-store.ts" },
      ]),
    ).toEqual([]);
    expect(
      adapterPackageViolations([
        { from: "src/engine/search/memory-search.ts", to: "better-sqlite3" },
        { from: "src/engine/config/load-config.ts", to: "node:fs/promises" },
        { from: "src/session/agent/agent-session.ts", to: "node:fs" },
      ]),
    ).toHaveLength(3);
    expect(
      adapterPackageViolations([
        { from: "src/adapters/fs/fs-document-store.ts", to: "node:fs/promises" },
        { from: "src/surfaces/cli/read-input.ts", to: "node:fs" },
        { from: "src/load-config.ts", to: "node:fs/promises" },
      ]),
    ).toEqual([]);
  });
});
