#!/usr/bin/env node
/**
 * Mutation testing of mnemo's core with StrykerJS and its vitest runner, one Stryker run per module
 * (scripts/mutation/modules.mjs) so that each module's mutants face only the tests written for it.
 *
 *   node scripts/mutation/run-mutation.mjs                  every module, from scratch (bench mode)
 *   node scripts/mutation/run-mutation.mjs --changed [base] the modules whose sources or tests differ
 *                                                           from base (default: where this branch left
 *                                                           main, or HEAD~1 on main), incremental
 *   node scripts/mutation/run-mutation.mjs --ci [base]      what CI runs: in each module whose sources
 *                                                           changed since base (default: the commit in
 *                                                           .ci/mutation-base), only the changed lines,
 *                                                           within MUTATION_CI_MINUTES (default 8)
 *   node scripts/mutation/run-mutation.mjs --ci BASE ranking  the changed lines of the modules named
 *   node scripts/mutation/run-mutation.mjs budgets ranking  the modules named
 *   --incremental                                           reuse .mutation/incremental/ results of
 *                                                           mutants whose code and tests are unchanged
 *   --survivors                                             re-test only the lines where the last report
 *                                                           left mutants alive (survivor-lines.mjs)
 *
 * Reports go to .mutation/ (git-ignored): reports/<module>.html and .json, summary.md and
 * summary.json (score per module and every surviving mutant). MUTATION_CONCURRENCY sets Stryker's
 * worker count (default 2: the machine has 2 cores). Exits 1 when a module is under --threshold.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { changedPatterns } from "./changed-lines.mjs";
import { MODULES } from "./modules.mjs";
import { recordScore } from "./scores.mjs";
import { renderSummary, summarizeModule } from "./summarize.mjs";
import { mergeReports, survivorPatterns } from "./survivor-lines.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const OUT = join(ROOT, ".mutation");

function parseArguments(argv) {
  const options = {
    mode: "full",
    base: undefined,
    names: [],
    threshold: undefined,
    incremental: false,
    survivors: false,
  };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === "--changed") {
      options.mode = "changed";
      if (argv[index + 1] && !argv[index + 1].startsWith("-")) options.base = argv[++index];
    } else if (argument === "--ci") {
      options.mode = "ci";
      if (argv[index + 1] && !argv[index + 1].startsWith("-")) options.base = argv[++index];
    } else if (argument === "--incremental") options.incremental = true;
    else if (argument === "--survivors") options.survivors = true;
    else if (argument === "--threshold") options.threshold = Number(argv[++index]);
    else if (argument.startsWith("-")) throw new Error(`unknown option ${argument}`);
    else options.names.push(argument);
  }
  return options;
}

function git(...args) {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
}

/** Where this branch left main; on main itself (or without one), the commit before HEAD. */
function defaultBase() {
  try {
    const forkPoint = git("merge-base", "HEAD", "main");
    if (forkPoint !== git("rev-parse", "HEAD")) return forkPoint;
  } catch {
    // no main branch here (a CI clone of another branch): fall through
  }
  return "HEAD~1";
}

/** Files that differ between base and the working tree, untracked ones included. */
function changedFiles(base) {
  const tracked = git("diff", "--name-only", base).split("\n");
  const untracked = git("ls-files", "--others", "--exclude-standard").split("\n");
  return new Set([...tracked, ...untracked].filter(Boolean));
}

function touches(module, files) {
  const patterns = [...module.mutate, ...module.tests].filter((pattern) => !pattern.startsWith("!"));
  return [...files].some((file) =>
    patterns.some((pattern) =>
      pattern.includes("*")
        ? file.startsWith(pattern.slice(0, pattern.indexOf("*"))) && file.endsWith(".ts")
        : file === pattern,
    ),
  );
}

function selectModules(options) {
  // `--ci BASE ranking`: the changed lines of the modules named only (to re-check one CI found short).
  if (options.mode === "ci" && options.names.length > 0)
    return changedLineModules(options.base ?? submissionBase()).filter((module) =>
      options.names.includes(module.name),
    );
  if (options.names.length > 0) {
    const unknown = options.names.filter((name) => !MODULES.some((module) => module.name === name));
    if (unknown.length > 0)
      throw new Error(`unknown module ${unknown.join(", ")}; use ${MODULES.map((m) => m.name).join(", ")}`);
    return MODULES.filter((module) => options.names.includes(module.name));
  }
  if (options.mode === "ci") return changedLineModules(options.base ?? submissionBase());
  if (options.mode === "changed") {
    const base = options.base ?? defaultBase();
    const files = changedFiles(base);
    console.log(`mutation: ${files.size} files changed since ${base}`);
    return MODULES.filter((module) => touches(module, files));
  }
  return MODULES;
}

/**
 * Where the submission CI checks began: the commit in .ci/mutation-base (each session sets it to
 * main as it found it), or the commit before HEAD when that commit is unknown here.
 */
function submissionBase() {
  const recorded = readTextOrUndefined(join(ROOT, ".ci", "mutation-base"))
    ?.split("\n")[0]
    ?.trim();
  if (recorded) {
    try {
      git("cat-file", "-e", `${recorded}^{commit}`);
      return recorded;
    } catch {
      console.log(`mutation: the base ${recorded} of .ci/mutation-base is not in this clone; using HEAD~1`);
    }
  }
  return "HEAD~1";
}

/** The modules whose sources changed since `base`, each mutating only its changed lines. */
function changedLineModules(base) {
  const files = changedFiles(base);
  const added = new Set(git("diff", "--name-only", "--diff-filter=A", base).split("\n").filter(Boolean));
  const untracked = new Set(git("ls-files", "--others", "--exclude-standard").split("\n").filter(Boolean));
  const diffOf = (file) =>
    added.has(file) || untracked.has(file) ? undefined : git("diff", "--unified=0", base, "--", file);
  console.log(
    `mutation: ${files.size} files changed since ${base}; mutating the changed lines of each module`,
  );
  return MODULES.flatMap((module) => {
    const mutate = changedPatterns(module.mutate, files, diffOf);
    return mutate.length === 0 ? [] : [{ ...module, mutate }];
  });
}

function strykerOptions(module, incremental) {
  return {
    testRunner: "vitest",
    vitest: { configFile: "vitest.mutation.config.ts", related: false },
    plugins: ["@stryker-mutator/vitest-runner"],
    mutate: module.mutate,
    testFiles: module.tests,
    coverageAnalysis: "perTest",
    // With testFiles, 9.6 activates static mutants too late and reports them as survivors (#6144).
    ignoreStatic: true,
    concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
    incremental,
    force: !incremental,
    incrementalFile: `.mutation/incremental/${module.name}.json`,
    tempDirName: `.mutation/sandbox/${module.name}`,
    ignorePatterns: [".mutation", ".test-results", ".bench-data", ".scratch", "coverage", "dist-check"],
    reporters: ["html", "json", "progress"],
    htmlReporter: { fileName: `.mutation/reports/${module.name}.html` },
    jsonReporter: { fileName: `.mutation/reports/${module.name}.json` },
    // The machine is shared: a busy moment must not pass for an endless loop.
    timeoutMS: 20_000,
    dryRunTimeoutMinutes: 15,
    cleanTempDir: "always",
  };
}

async function readReport(module) {
  return JSON.parse(await readFile(join(OUT, "reports", `${module.name}.json`), "utf8"));
}

/** The Stryker options of a --survivors re-check; the last report is needed (a full run first). */
async function survivorsOptions(module, options) {
  const previous = await readReport(module).catch(() => {
    throw new Error(`no .mutation/reports/${module.name}.json to re-check; run the module in full first`);
  });
  const mutate = survivorPatterns(previous, (file) => readTextOrUndefined(join(ROOT, file)));
  const report = `.mutation/recheck/${module.name}`;
  return {
    previous,
    options: {
      ...options,
      mutate,
      htmlReporter: { fileName: `${report}.html` },
      jsonReporter: { fileName: `${report}.json` },
    },
  };
}

function readTextOrUndefined(path) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** The run's summary, or undefined when the deadline comes first (its Stryker is left to the exit). */
function beforeDeadline(run, deadline) {
  let timer;
  const timeUp = new Promise((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([run, timeUp]).finally(() => clearTimeout(timer));
}

async function runModule(module, { incremental, survivors }) {
  const { Stryker } = await import("@stryker-mutator/core");
  const started = Date.now();
  let options = strykerOptions(module, incremental);
  let previous;
  if (survivors) ({ previous, options } = await survivorsOptions(module, options));
  console.log(`\n== mutation: ${module.name} (${options.mutate.join(", ")})`);
  await new Stryker(options).runMutationTest();
  let report = JSON.parse(await readFile(join(ROOT, options.jsonReporter.fileName), "utf8"));
  if (previous !== undefined) {
    report = mergeReports(previous, report);
    await writeFile(join(OUT, "reports", `${module.name}.json`), JSON.stringify(report));
  }
  return summarizeModule(module.name, report, (Date.now() - started) / 1000);
}

async function recordMeasurement(summary, loadAtStart) {
  await recordScore({
    module: summary.module,
    score: Number(summary.score.toFixed(1)),
    mutants: summary.detected + summary.undetected,
    when: `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC at ${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain") === "" ? "" : " with changes"} (${Math.round(summary.seconds / 60)} min)`,
    load: `${loadAtStart}-${loadavg()[0].toFixed(1)}`,
    workers: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  });
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const modules = selectModules(options);
  if (modules.length === 0) {
    console.log("mutation: no core module touched; nothing to run");
    return;
  }
  // Tests that spawn the `mnemo` bin need dist/ and the bin's bundle (dist/bundle/, what the bin
  // runs); built once, unmutated, before Stryker copies the project. Only then: the build is a
  // minute of a CI run that needs a few.
  if (modules.some((module) => module.needsDist)) {
    execFileSync(
      process.execPath,
      [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json", "--noCheck"],
      { cwd: ROOT, stdio: "inherit" },
    );
    execFileSync(process.execPath, [join(ROOT, "scripts/bundle-cli.mjs")], { cwd: ROOT, stdio: "inherit" });
  }
  process.chdir(ROOT);
  const incremental = options.incremental || options.mode === "changed";
  if (options.mode === "ci")
    console.log(`mutation: ${modules.map((module) => module.mutate.join(" ")).join(" ")}`);
  const summaries = [];
  const skipped = [];
  const stopped = [];
  const budgetMs = Number(process.env.MUTATION_CI_MINUTES ?? 8) * 60_000;
  const deadline = Date.now() + budgetMs;
  // CI takes the smallest changes first, so the time box covers as many modules as it can.
  const ordered =
    options.mode === "ci" ? [...modules].sort((a, b) => a.mutate.length - b.mutate.length) : modules;
  for (const module of ordered) {
    // CI's run is time-boxed: a module not started, or not finished, within the budget is named,
    // not silently dropped, and not scored.
    if (options.mode === "ci" && Date.now() >= deadline) {
      skipped.push(module.name);
      continue;
    }
    const load = loadavg()[0].toFixed(1);
    const run = runModule(module, { incremental, survivors: options.survivors });
    const summary = options.mode === "ci" ? await beforeDeadline(run, deadline) : await run;
    if (summary === undefined) {
      stopped.push(module.name);
      continue;
    }
    summaries.push(summary);
    // A whole module's score is the score of record (docs/mutation.md); CI's changed lines are not.
    if (options.mode !== "ci") await recordMeasurement(summary, load);
  }
  if (stopped.length > 0)
    console.log(
      `mutation: stopped at the ${budgetMs / 60_000}-minute budget, not scored: ${stopped.join(", ")}`,
    );
  if (skipped.length > 0)
    console.log(`mutation: not run, out of the ${budgetMs / 60_000}-minute budget: ${skipped.join(", ")}`);
  await mkdir(OUT, { recursive: true });
  const markdown = renderSummary(summaries);
  await writeFile(join(OUT, "summary.md"), markdown);
  await writeFile(join(OUT, "summary.json"), `${JSON.stringify(summaries, null, 2)}\n`);
  console.log(`\n${markdown}`);
  const under = summaries.filter(
    (summary) => options.threshold !== undefined && summary.score < options.threshold,
  );
  // A module whose shortfall is recorded in modules.mjs (its score then, and why) is named but does
  // not fail the run, unless it falls below that score: the gate ratchets instead of letting go.
  const known = under.filter((summary) => summary.score >= (knownShortfall(summary.module)?.score ?? 101));
  for (const summary of known) {
    const shortfall = knownShortfall(summary.module);
    console.error(
      `mutation: ${summary.module} ${summary.score.toFixed(1)}% is under ${options.threshold}%, a known shortfall recorded at ${shortfall.score}% (${shortfall.reason}); it fails the run if it falls below that`,
    );
  }
  const failing = under.filter((summary) => !known.includes(summary));
  if (failing.length > 0) {
    console.error(
      `mutation: under ${options.threshold}%: ${failing.map((summary) => `${summary.module} ${summary.score.toFixed(1)}%`).join(", ")}`,
    );
    process.exitCode = 1;
  }
}

function knownShortfall(name) {
  return MODULES.find((module) => module.name === name)?.knownShortfall;
}

await main();
// A module stopped at CI's time box leaves Stryker's workers running: end them with the run.
process.exit();
