/**
 * Issue 15's leak test at full size: random saves, searches, lists, profile edits, reads of other
 * homes' memories, requests naming a home the token may not use, home ids smuggled into a body or a
 * query string, and MCP tool calls (the SDK's client), with tokens of random homes, through built
 * `mnemo serve --homes` processes on loopback (several, on one root, when --servers > 1). Every
 * answer is scanned for another home's marker word, then every file of every home (its search
 * index's database too); every acknowledged save must be in its home. Prints a table and a JSON line.
 *
 *   npm run build && npx tsx bench/tenants/leak.ts [--operations 10000] [--homes 12] [--servers 2]
 *       [--concurrency 8] [--max-open-homes 4] [--embedder none|local] [--seed 15]
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { checkTenantFiles } from "../../src/testing/tenant-files-check.js";
import { createTenantFixture } from "../../src/testing/tenant-fixture.js";
import { runTenantTraffic } from "../../src/testing/tenant-traffic.js";
import { startMnemoServeHomes } from "../../src/testing/test-cli.js";
import { CLI_PATH } from "../../src/testing/test-home.js";

const { values } = parseArgs({
  options: {
    operations: { type: "string", default: "10000" },
    homes: { type: "string", default: "12" },
    servers: { type: "string", default: "2" },
    concurrency: { type: "string", default: "8" },
    "max-open-homes": { type: "string", default: "4" },
    embedder: { type: "string", default: "none" },
    seed: { type: "string", default: "15" },
  },
});
const operations = wholeNumber("--operations", values.operations);
const homeCount = wholeNumber("--homes", values.homes);
const serverCount = wholeNumber("--servers", values.servers);
const concurrency = wholeNumber("--concurrency", values.concurrency);
const maxOpenHomes = wholeNumber("--max-open-homes", values["max-open-homes"]);
const seed = wholeNumber("--seed", values.seed);
const embedder = values.embedder;
if (embedder !== "none" && embedder !== "local") fail(`--embedder must be none or local, not "${embedder}".`);
if (!existsSync(CLI_PATH)) fail(`${CLI_PATH} does not exist: run \`npm run build\` first.`);

const fixture = await createTenantFixture({
  homes: homeCount,
  twoHomeTokens: Math.ceil(homeCount / 3),
  seed,
});
const env = { MNEMO_EMBEDDER: embedder };
const args = ["--max-open-homes", String(maxOpenHomes)];
const servers = await Promise.all(
  Array.from({ length: serverCount }, () => startMnemoServeHomes(fixture.root, args, env)),
);
try {
  const traffic = await runTenantTraffic({
    fixture,
    servers: servers.map((server) => server.endpoints.url),
    operations,
    concurrency,
    seed,
    mcp: true,
  });
  for (const server of servers) {
    const code = await server.stop();
    if (code !== 0) fail(`mnemo serve exited with ${code}: ${server.stderr()}`);
  }
  const files = await checkTenantFiles(fixture, traffic.saved);
  const saves = [...traffic.saved.values()].reduce((sum, names) => sum + names.size, 0);
  const report = {
    operations: traffic.operations,
    homes: homeCount,
    tokens: fixture.tokens.length,
    servers: serverCount,
    concurrency,
    maxOpenHomes,
    embedder,
    seconds: Math.round(traffic.ms / 100) / 10,
    operationsPerSecond: Math.round(traffic.operations / (traffic.ms / 1000)),
    byKind: traffic.byKind,
    leakedAnswers: traffic.leaks.length,
    unexpectedAnswers: traffic.failures.length,
    acknowledgedSaves: saves,
    filesScanned: files.files,
    leakedFiles: files.leaks.length,
    lostSaves: files.missing.length,
  };
  console.log(
    `${report.operations} operations, ${homeCount} homes, ${report.tokens} tokens, ${serverCount} servers on one root, ` +
      `embedder ${embedder}, ${report.seconds} s (${report.operationsPerSecond}/s)\n`,
  );
  console.log("| operation | count |\n| --- | ---: |");
  for (const [kind, count] of Object.entries(traffic.byKind).sort()) console.log(`| ${kind} | ${count} |`);
  console.log(
    `\nanswers holding another home's marker: ${report.leakedAnswers}; unexpected answers: ${report.unexpectedAnswers}\n` +
      `files scanned: ${files.files}, holding another home's marker: ${report.leakedFiles}; ` +
      `acknowledged saves: ${saves}, missing: ${report.lostSaves}`,
  );
  for (const line of [...traffic.leaks, ...traffic.failures, ...files.leaks, ...files.missing].slice(0, 20))
    console.log(`  ${line}`);
  console.log(JSON.stringify(report));
  if (report.leakedAnswers + report.unexpectedAnswers + report.leakedFiles + report.lostSaves > 0)
    process.exitCode = 1;
} finally {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGKILL");
  await rm(dirname(fixture.root), { recursive: true, force: true });
}

function wholeNumber(option: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1)
    fail(`${option} must be a whole number of at least 1, not "${value}".`);
  return number;
}

function fail(message: string): never {
  console.error(`leak: ${message}`);
  process.exit(2);
}
