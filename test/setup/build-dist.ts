import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildStamp } from "./build-stamp.js";

/**
 * Tests that run mnemo as a user does (the `mnemo` bin, worker processes, the packed tarball) use
 * the compiled package, its bin bundled as it ships: it is built before they run (emit only: `npm run typecheck` checks), and
 * only when a source file, the build's tsconfig or package.json changed since the last build
 * (`dist/.build-stamp`), so running one such file again does not wait for tsc.
 *
 * It is built into a folder of its own and then put in place of dist/: a file whose source was
 * moved or removed does not stay to be packed and tested, and a `mnemo` run from this checkout
 * meanwhile (an outside check, another terminal) finds the old build or the new one, never a
 * half-written or emptied dist/ (tsc writes for tens of seconds).
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const STAMP_FILE = ".build-stamp";

export default function buildDistWhenStale(): void {
  const dist = join(ROOT, "dist");
  const stamp = buildStamp(buildInputs());
  if (readStamp(dist) === stamp) return;
  const next = join(ROOT, `dist-next-${process.pid}`);
  rmSync(next, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [
      join(ROOT, "node_modules/typescript/bin/tsc"),
      "-p",
      "tsconfig.build.json",
      "--noCheck",
      "--outDir",
      next,
    ],
    { cwd: ROOT, stdio: "inherit" },
  );
  // The bin as it ships: the same files bundled into next/bundle/cli/ (npm run build does the same).
  execFileSync(process.execPath, [join(ROOT, "scripts/bundle-cli.mjs"), next], {
    cwd: ROOT,
    stdio: "inherit",
  });
  writeFileSync(join(next, STAMP_FILE), stamp);
  swapInto(next, dist);
}

/** Every file the build reads, with its size and modification time. */
function buildInputs(): { path: string; size: number; modified: number }[] {
  const files = [
    ...listFiles(join(ROOT, "src")),
    ...["tsconfig.json", "tsconfig.build.json", "package.json", "scripts/bundle-cli.mjs"].map((name) =>
      join(ROOT, name),
    ),
  ];
  return files
    .filter((path) => !path.endsWith(".test.ts"))
    .map((path) => {
      const { size, mtimeMs } = statSync(path);
      return { path, size, modified: mtimeMs };
    });
}

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

function readStamp(dist: string): string | undefined {
  try {
    return readFileSync(join(dist, STAMP_FILE), "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Puts `next` in place of `dist`. Another test run building at the same moment may put its own
 * build there between our two renames; then we move that one aside too and try again.
 */
function swapInto(next: string, dist: string): void {
  const previous = join(ROOT, `dist-previous-${process.pid}`);
  for (let attempt = 1; ; attempt++) {
    try {
      renameSync(dist, previous);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    rmSync(previous, { recursive: true, force: true });
    try {
      renameSync(next, dist);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt === 5 || (code !== "ENOTEMPTY" && code !== "EEXIST")) throw error;
    }
  }
}
