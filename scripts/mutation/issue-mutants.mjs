#!/usr/bin/env node
/**
 * The bugs issue 13 found passing every test, planted again one at a time in a copy of the working
 * tree: each must now fail the test named for it. Stryker's own mutators do not produce most of
 * these (moving a check before another, dropping a list's earlier chunks), so they are written out.
 *
 *   node scripts/mutation/issue-mutants.mjs            every bug
 *   node scripts/mutation/issue-mutants.mjs recency    the bugs whose name contains "recency"
 *
 * Exits 1 when a bug passes its tests or its code is no longer found (the source changed: update
 * the bug here). Runs the vitest mutation config (no build; one fast-check seed).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ISSUE_MUTANTS } from "./issue-mutants-list.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Tracked and untracked (not ignored) files: the working tree as it is, uncommitted edits too. */
function copyWorkingTree() {
  const copy = mkdtempSync(join(tmpdir(), "mnemo-issue-mutants-"));
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  for (const file of files.split("\n").filter(Boolean)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
  return copy;
}

function plant(copy, mutant) {
  const path = join(copy, mutant.file);
  const source = readFileSync(path, "utf8");
  if (!source.includes(mutant.from)) return undefined;
  writeFileSync(path, source.replace(mutant.from, mutant.to));
  return () => writeFileSync(path, source);
}

/** Names of the tests that failed, from vitest's JSON report. */
function failedTests(copy, testFiles) {
  const report = join(copy, ".issue-mutant.json");
  rmSync(report, { force: true });
  spawnSync(
    process.execPath,
    [
      join(ROOT, "node_modules/vitest/vitest.mjs"),
      "run",
      "--config",
      "vitest.mutation.config.ts",
      "--reporter=json",
      `--outputFile=${report}`,
      ...testFiles,
    ],
    { cwd: copy, stdio: "ignore", timeout: 600_000 },
  );
  const result = JSON.parse(readFileSync(report, "utf8"));
  return result.testResults.flatMap((file) =>
    file.assertionResults.filter((test) => test.status === "failed").map((test) => test.fullName),
  );
}

function main() {
  const filter = process.argv[2] ?? "";
  const mutants = ISSUE_MUTANTS.filter((mutant) => mutant.name.includes(filter));
  const copy = copyWorkingTree();
  let alive = 0;
  try {
    for (const mutant of mutants) {
      const restore = plant(copy, mutant);
      if (!restore) {
        console.log(`MISSING  ${mutant.name}: "${mutant.from}" is no longer in ${mutant.file}`);
        alive++;
        continue;
      }
      const failed = failedTests(copy, mutant.tests);
      restore();
      const caught = failed.some((name) => name.includes(mutant.killedBy));
      if (!caught) alive++;
      console.log(`${caught ? "KILLED  " : "SURVIVED"} ${mutant.name}`);
      console.log(
        `         by: ${caught ? mutant.killedBy : "(not the named test)"}; ${failed.length} failed`,
      );
      for (const name of failed) console.log(`         - ${name}`);
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  process.exitCode = alive > 0 ? 1 : 0;
}

main();
