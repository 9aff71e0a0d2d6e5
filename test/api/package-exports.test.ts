import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { REPOSITORY_ROOT } from "../../src/testing/test-home.js";

/**
 * The public API is what the package's entries export, types included. Any name added to or taken
 * from an entry changes the snapshot below, so the change is made on purpose and reviewed (update
 * with `npx vitest run test/api -u`). The root entry stays a curated list a user can read through.
 */
interface PackageJson {
  exports: Record<string, string | { types: string; import: string }>;
}

function entrySources(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(REPOSITORY_ROOT, "package.json"), "utf8")) as PackageJson;
  const entries = new Map<string, string>();
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target === "string") continue; // ./package.json
    const source = target.import.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts");
    entries.set(subpath === "." ? "mnemo" : `mnemo/${subpath.slice(2)}`, join(REPOSITORY_ROOT, source));
  }
  return entries;
}

/** Every name each entry exports, values and types, sorted; types marked "type ". */
function exportedNames(entries: Map<string, string>): Record<string, string[]> {
  const program = ts.createProgram([...entries.values()], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const result: Record<string, string[]> = {};
  for (const [entry, path] of entries) {
    const source = program.getSourceFile(path);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${path}: the entry's source file was not found`);
    result[entry] = checker
      .getExportsOfModule(module)
      .map((symbol) => {
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        return target.flags & ts.SymbolFlags.Value ? symbol.name : `type ${symbol.name}`;
      })
      .sort();
  }
  return result;
}

describe("the package's public API", () => {
  const entries = entrySources();
  const names = exportedNames(entries);

  test("every entry's exports match the reviewed snapshot", async () => {
    await expect(`${JSON.stringify(names, null, 2)}\n`).toMatchFileSnapshot(
      "./package-exports.snapshot.json",
    );
  });

  test("the root entry is a curated list (about 40 names), the rest on named subpaths", () => {
    expect(names.mnemo?.length).toBeGreaterThanOrEqual(30);
    expect(names.mnemo?.length).toBeLessThanOrEqual(50);
    expect(entries.size).toBeGreaterThan(10);
    for (const entry of ["mnemo/tools", "mnemo/contracts", "mnemo/eval", "mnemo/markdown"]) {
      expect(names[entry]?.length, entry).toBeGreaterThan(0);
    }
  });
});
