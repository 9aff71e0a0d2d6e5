import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMnemo, startMnemoServe } from "../../testing/test-cli.js";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { connectOverStdio } from "../../testing/test-mcp-connections.js";
import { writeFactMemories } from "../../testing/test-memory-files.js";

/**
 * A grown home's first search builds the whole index, which can take minutes: every surface says
 * what is happening. 120 memory files written by hand stand for the grown home (BM25 only, so the
 * test does not wait on a model).
 */
const DOCUMENTS = 120;
let home: string;

beforeEach(async () => {
  home = await makeTempDir("mnemo-first-search-");
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
  await writeFactMemories(home, DOCUMENTS, new Date());
});
afterEach(async () => {
  await removeDir(home);
});

describe("the first search on a grown home", { timeout: 180_000 }, () => {
  it("mnemo recall says on stderr that it is indexing, with progress, and how long it took", () => {
    const first = runMnemo(["recall", "fact 7", "--home", home]);
    expect(first.status).toBe(0);
    expect(first.stderr).toContain(
      `mnemo: indexing ${DOCUMENTS} documents for search (first search on this home)…`,
    );
    expect(first.stderr).toContain(`indexed: ${DOCUMENTS}/${DOCUMENTS}`); // the progress bar's last line
    expect(first.stderr).toMatch(
      new RegExp(`mnemo: indexed ${DOCUMENTS} documents in \\d+\\.\\d s \\(first search on this home\\)`),
    );
    const json = runMnemo(["recall", "fact 7", "--json", "--home", home]);
    expect(JSON.parse(json.stdout)).not.toHaveProperty("indexed"); // built: nothing to take in
    expect(json.stderr).not.toContain("indexing");
  });

  it("MCP: progress notifications for a client that asked, and a note in the result", async () => {
    const { client, close } = await connectOverStdio(home);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("memory_search");
      const progress: Progress[] = [];
      const result = (await client.callTool(
        { name: "memory_search", arguments: { query: "fact 7" } },
        undefined,
        { onprogress: (each) => progress.push(each) },
      )) as CallToolResult;
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.at(-1)).toMatchObject({
        progress: DOCUMENTS,
        total: DOCUMENTS,
        message: `indexing ${DOCUMENTS} documents for search (first search on this home)`,
      });
      const text = result.content[0]?.type === "text" ? result.content[0].text : "";
      expect(text).toMatch(
        new RegExp(
          `built the search index first \\(the first search on this home\\): ${DOCUMENTS} documents in`,
        ),
      );
      expect(result.structuredContent).toMatchObject({ indexed: { documents: DOCUMENTS, firstBuild: true } });
    } finally {
      await close();
    }
  });

  it("HTTP: /v1/search says the index was built, of how many documents, and how long it took", async () => {
    const served = await startMnemoServe(home);
    try {
      const search = async () =>
        (await (await fetch(`${served.endpoints.api}/search?query=fact`)).json()) as Record<string, unknown>;
      const first = await search();
      expect(first.indexed).toEqual({ documents: DOCUMENTS, firstBuild: true, ms: expect.any(Number) });
      expect((await search()).indexed).toBeUndefined();
    } finally {
      await served.stop();
    }
  });
});
