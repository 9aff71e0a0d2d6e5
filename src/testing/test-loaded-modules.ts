import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { REPOSITORY_ROOT } from "./test-home.js";

/**
 * What a Node process loads, recorded by a resolve hook: tests that keep an entry or a command
 * light (no database driver, model, MCP SDK or HTTP framework nobody asked for) run it with this.
 */
export interface LoadedModules {
  /** Package names, from bare specifiers. */
  packages: string[];
  /** The package's own files, relative to dist/. */
  files: string[];
  /** The process's exit code. */
  status: number | null;
}

const DIST = join(REPOSITORY_ROOT, "dist");

/** Runs `node <args>` with the hook and returns what it loaded; `env` replaces the environment, `input` is stdin. */
export function modulesLoadedBy(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string } = {},
): LoadedModules {
  const folder = mkdtempSync(join(tmpdir(), "mnemo-loaded-"));
  const log = join(folder, "loaded.txt");
  const files = join(folder, "files.txt");
  const hooks = join(folder, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  if (!/^(\\.|\\/|node:|file:|data:)/.test(specifier)) appendFileSync(${JSON.stringify(log)}, specifier + "\\n");
  const resolved = await next(specifier, context);
  appendFileSync(${JSON.stringify(files)}, resolved.url + "\\n");
  return resolved;
}`,
  );
  const register = join(folder, "register.mjs");
  writeFileSync(
    register,
    `import { appendFileSync } from "node:fs";
import Module, { register } from "node:module";
register(${JSON.stringify(pathToFileURL(hooks).href)});
// A package mnemo's own files require() (loaded on first use, as frontmatter.ts does yaml) counts too.
const load = Module._load;
Module._load = function (request, parent, ...rest) {
  if (parent?.filename?.startsWith(${JSON.stringify(DIST)}) && !/^(\\.|\\/|node:)/.test(request))
    appendFileSync(${JSON.stringify(log)}, request + "\\n");
  return load.call(this, request, parent, ...rest);
};
`,
  );
  try {
    const { status } = spawnSync(process.execPath, ["--import", pathToFileURL(register).href, ...args], {
      env: options.env ?? process.env,
      input: options.input,
      stdio: [options.input === undefined ? "ignore" : "pipe", "ignore", "ignore"],
    });
    const specifiers = existsSync(log) ? readFileSync(log, "utf8").split("\n") : [];
    const packages = specifiers
      .filter((specifier) => specifier !== "" && !builtinModules.includes(specifier))
      .map((specifier) =>
        specifier.startsWith("@")
          ? specifier.split("/").slice(0, 2).join("/")
          : (specifier.split("/")[0] ?? ""),
      );
    const ownFiles = readFileSync(files, "utf8")
      .split("\n")
      .filter((url) => url.startsWith("file:"))
      .map((url) => relative(DIST, fileURLToPath(url)))
      .filter((path) => !path.startsWith(".."));
    return { packages: [...new Set(packages)].sort(), files: [...new Set(ownFiles)].sort(), status };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** What importing one built entry (a file under dist/) loads. */
export function modulesLoadedByEntry(entry: string): LoadedModules {
  return modulesLoadedBy([
    "--input-type=module",
    "-e",
    `await import(${JSON.stringify(pathToFileURL(entry).href)});`,
  ]);
}
