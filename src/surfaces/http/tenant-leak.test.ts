import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkTenantFiles } from "../../testing/tenant-files-check.js";
import { createTenantFixture, type TenantFixture } from "../../testing/tenant-fixture.js";
import { runTenantTraffic } from "../../testing/tenant-traffic.js";
import { type RunningMnemoServe, startMnemoServeHomes } from "../../testing/test-cli.js";
import { removeDir } from "../../testing/test-home.js";

/**
 * Issue 15's leak test, small: random saves, searches, lists, reads of other homes' memories,
 * requests naming a home the token may not use, smuggled home ids, and MCP tool calls, with tokens
 * of random homes, through the built `mnemo serve --homes` on loopback. No answer and no file may
 * hold another home's marker word, and every acknowledged save is in its home.
 * (bench/tenants/leak.ts runs 10,000.)
 */
describe("mnemo serve --homes: no home sees another's memory", () => {
  let fixture: TenantFixture;
  let server: RunningMnemoServe;
  beforeAll(async () => {
    fixture = await createTenantFixture({ homes: 6, twoHomeTokens: 3, seed: 15 });
    server = await startMnemoServeHomes(fixture.root, ["--max-open-homes", "3"], { MNEMO_EMBEDDER: "none" });
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
    await removeDir(fixture.root);
  });

  test("600 random operations over HTTP and MCP: 0 leaks, every refusal the expected one, nothing lost", async () => {
    const report = await runTenantTraffic({
      fixture,
      servers: [server.endpoints.url],
      operations: 600,
      concurrency: 6,
      seed: 1,
      mcp: true,
    });
    expect(report.leaks).toEqual([]);
    expect(report.failures).toEqual([]);
    expect(Object.keys(report.byKind).sort()).toHaveLength(11);
    const saves = [...report.saved.values()].reduce((sum, names) => sum + names.size, 0);
    expect(saves).toBeGreaterThan(50);
    const files = await checkTenantFiles(fixture, report.saved);
    expect(files.leaks).toEqual([]);
    expect(files.missing).toEqual([]);
    expect(files.files).toBeGreaterThan(saves);
  });
});
