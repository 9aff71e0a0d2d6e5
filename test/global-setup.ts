import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Tests that run mnemo as a user does (the `mnemo` bin, worker processes) use the compiled
 * package, so it is built once, fresh, before any test runs (emit only: `npm run typecheck` checks).
 */
export default function buildOnce(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  execFileSync(
    process.execPath,
    [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json", "--noCheck"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
}
