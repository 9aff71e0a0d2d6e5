import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { REPOSITORY_ROOT } from "../src/testing/test-home.js";

/**
 * Importing the package root must load no native or heavy dependency (better-sqlite3, pg, model
 * runtimes, the MCP SDK): a child process imports the built entry with a resolve hook that records
 * every bare specifier it loads.
 */
const ALLOWED_PACKAGES = ["yaml", "zod"];

function packagesLoadedBy(entry: string): string[] {
  const folder = mkdtempSync(join(tmpdir(), "mnemo-entry-"));
  const log = join(folder, "loaded.txt");
  const hooks = join(folder, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  if (!/^(\\.|\\/|node:|file:|data:)/.test(specifier)) appendFileSync(${JSON.stringify(log)}, specifier + "\\n");
  return next(specifier, context);
}`,
  );
  const register = join(folder, "register.mjs");
  writeFileSync(
    register,
    `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  try {
    execFileSync(process.execPath, [
      "--import",
      pathToFileURL(register).href,
      "--input-type=module",
      "-e",
      `await import(${JSON.stringify(pathToFileURL(entry).href)});`,
    ]);
    const specifiers = existsSync(log) ? readFileSync(log, "utf8").split("\n") : [];
    const packages = specifiers
      .filter((specifier) => specifier !== "" && !builtinModules.includes(specifier))
      .map((specifier) =>
        specifier.startsWith("@")
          ? specifier.split("/").slice(0, 2).join("/")
          : (specifier.split("/")[0] ?? ""),
      );
    return [...new Set(packages)].sort();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe("package root", () => {
  test("loads only small pure-JavaScript dependencies", () => {
    const loaded = packagesLoadedBy(join(REPOSITORY_ROOT, "dist", "index.js"));
    expect(loaded).toEqual(ALLOWED_PACKAGES);
  });
});
