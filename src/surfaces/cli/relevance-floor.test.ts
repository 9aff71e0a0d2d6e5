import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMnemo, startMnemoServe } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { connectOverStdio } from "../../testing/test-mcp-connections.js";

/**
 * Issue 26's home: an identity and a journal about deploys, nothing about pets. "What pet does the
 * user have" used to answer SOUL.md at 0.500 (the vector search's best, whatever it is); under the
 * relevance floor every surface says nothing relevant, and the floor can be lowered per call, by
 * MNEMO_MIN_RELEVANCE or in config.json. The real local model ranks, as a user's recall does.
 */
let home: string;
const QUESTION = "what pet does the user have";

beforeAll(async () => {
  home = await makeTempDir("mnemo-floor-");
  runMnemo(["init", "--yes", "--name", "Ada", "--home", home]);
  runMnemo(["journal", "add", "general", "Deploys run on Tuesdays after the stand-up.", "--home", home]);
  runMnemo(["remember", "Indent with tabs.", "--type", "feedback", "--name", "Tabs", "--home", home]);
}, 180_000);
afterAll(async () => {
  await removeDir(home);
});

describe("the relevance floor", { timeout: 240_000 }, () => {
  it("mnemo recall: nothing relevant, said clearly; --min-relevance 0 and MNEMO_MIN_RELEVANCE=0 show the hits", () => {
    const floored = runMnemo(["recall", QUESTION, "--home", home]);
    expect(floored.status).toBe(0);
    expect(floored.stdout).toBe("");
    expect(floored.stderr).toMatch(
      /mnemo: nothing relevant: \d+ hits were less relevant than the floor 0\.\d+/,
    );
    const json = JSON.parse(runMnemo(["recall", QUESTION, "--json", "--home", home]).stdout);
    expect(json.hits).toEqual([]);
    expect(json.relevanceFloor.below).toBeGreaterThan(0);
    for (const run of [
      runMnemo(["recall", QUESTION, "--min-relevance", "0", "--home", home]),
      runMnemo(["recall", QUESTION, "--home", home], { env: { MNEMO_MIN_RELEVANCE: "0" } }),
    ]) {
      expect(run.stdout).toContain("SOUL.md");
      expect(run.stdout).toMatch(/· relevance 0\.\d\d/);
    }
    const relevant = runMnemo(["recall", "indent with tabs", "--home", home]);
    expect(relevant.stdout).toMatch(/^\d\.\d{3} {2}memories\/feedback_tabs\.md/);
    expect(runMnemo(["recall", QUESTION, "--min-relevance", "2", "--home", home]).status).toBe(2);
  });

  it("config.json's search.minRelevance sets the floor", async () => {
    const configured = await makeTempDir("mnemo-floor-config-");
    try {
      runMnemo(["init", "--yes", "--home", configured]);
      await writeFile(join(configured, "config.json"), JSON.stringify({ search: { minRelevance: 0 } }));
      expect(runMnemo(["recall", QUESTION, "--home", configured]).stdout).toContain("SOUL.md");
    } finally {
      await removeDir(configured);
    }
  });

  it("MCP memory_search: says nothing in memory is relevant; min_relevance 0 returns the matches", async () => {
    const { client, close } = await connectOverStdio(home);
    try {
      await client.listTools();
      const call = async (args: Record<string, unknown>) =>
        (await client.callTool({
          name: "memory_search",
          arguments: { query: QUESTION, ...args },
        })) as CallToolResult;
      const floored = await call({});
      const text = floored.content[0]?.type === "text" ? floored.content[0].text : "";
      expect(text).toMatch(
        /^Nothing in memory is relevant to "what pet does the user have": \d+ match\(es\) scored under the relevance floor/,
      );
      expect(floored.structuredContent).toMatchObject({
        hits: [],
        relevanceFloor: { below: expect.any(Number) },
      });
      const all = await call({ min_relevance: 0 });
      expect((all.structuredContent as { hits: unknown[] }).hits.length).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });

  it("HTTP /v1/search: no hits and a note that says nothing relevant; minRelevance=0 returns them", async () => {
    const served = await startMnemoServe(home);
    try {
      const search = async (extra: string) =>
        (await (
          await fetch(`${served.endpoints.api}/search?query=${encodeURIComponent(QUESTION)}${extra}`)
        ).json()) as {
          hits: Array<{ relevance: number }>;
          note?: string;
        };
      const floored = await search("");
      expect(floored.hits).toEqual([]);
      expect(floored.note).toMatch(/^nothing relevant: \d+ hit\(s\) scored under the relevance floor/);
      const all = await search("&minRelevance=0");
      expect(all.hits.length).toBeGreaterThan(0);
      expect(all.hits[0]?.relevance).toBeLessThan(0.2);
    } finally {
      await served.stop();
    }
  });
});
