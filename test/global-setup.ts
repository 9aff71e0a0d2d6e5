import { execFileSync } from "node:child_process";
import { renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Tests that run mnemo as a user does (the `mnemo` bin, worker processes, the packed tarball) use
 * the compiled package, so it is built once, fresh, before any test runs (emit only: `npm run
 * typecheck` checks). It is built into a folder of its own and then put in place of dist/: a file
 * whose source was moved or removed does not stay to be packed and tested, and a `mnemo` run from
 * this checkout meanwhile (an outside check, another terminal) finds the old build or the new one,
 * never a half-written or emptied dist/ (tsc writes for tens of seconds).
 */
export default function buildOnce(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const dist = join(root, "dist");
  const next = join(root, `dist-next-${process.pid}`);
  const previous = join(root, `dist-previous-${process.pid}`);
  rmSync(next, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [
      join(root, "node_modules/typescript/bin/tsc"),
      "-p",
      "tsconfig.build.json",
      "--noCheck",
      "--outDir",
      next,
    ],
    { cwd: root, stdio: "inherit" },
  );
  try {
    renameSync(dist, previous);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  renameSync(next, dist);
  rmSync(previous, { recursive: true, force: true });
}
