import { afterEach, describe, expect, test } from "vitest";
import { makeTempDir, removeDir } from "../../src/testing/test-home.js";
import { runFuzz } from "./fuzz/run-fuzz.js";

/**
 * The bounded form of the fuzz suite (bench/reliability/fuzz.ts runs 100,000 inputs and more):
 * hostile names, paths, texts and ill-typed JSON through the library, the CLI, the HTTP API and the
 * MCP server, on a clean home and on one whose folders and files are linked outside it.
 */
const parents: string[] = [];
afterEach(async () => {
  for (const parent of parents.splice(0)) await removeDir(parent);
});

describe("fuzzed input through every surface", () => {
  test("gets a result or a clear refusal, never an unexpected exception, and writes nothing outside the home", {
    timeout: 240_000,
  }, async () => {
    const parent = await makeTempDir("mnemo-fuzz-");
    parents.push(parent);
    // A new seed each run widens what CI covers over time; a failure names its input for replay.
    const seed = Date.now() % 100_000;
    const result = await runFuzz({ parent, perSurface: 600, seed });
    expect(result.inputs).toEqual({ library: 600, cli: 600, http: 600, mcp: 600 });
    expect(result.failures.slice(0, 5), `seed ${seed}`).toEqual([]);
    expect(result.outsideChanged).toBe(false);
  });
});
