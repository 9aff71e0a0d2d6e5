import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Tests that run mnemo as a user does (the `mnemo` bin, worker processes, the packed tarball) use
 * the compiled package, so it is built once, fresh, before any test runs (emit only: `npm run
 * typecheck` checks). dist/ is emptied first: a file whose source was moved or removed would
 * otherwise stay, be packed and be tested.
 */
export default function buildOnce(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  rmSync(join(root, "dist"), { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json", "--noCheck"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
}
