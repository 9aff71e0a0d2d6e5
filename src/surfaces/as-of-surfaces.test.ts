import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMnemo, startMnemoServe } from "../testing/test-cli.js";
import { makeTempDir, removeDir } from "../testing/test-home.js";
import { connectOverStdio } from "../testing/test-mcp-connections.js";

/**
 * "As of" recall on every surface (issue 30, point 4): a home where "Lives in Porto" was replaced
 * by "Now lives in Lisbon", asked as things stood between the two saves, answers with the Porto
 * version read from archive/ and says until when it held; asked now, with Lisbon. Through the
 * built CLI, `mnemo mcp` with the SDK client after listTools, and `mnemo serve`'s /v1/search.
 */
let home: string;
let between: string;
const mnemo = (...args: string[]) => runMnemo([...args, "--home", home]);
const QUESTION = "where does the user live";

beforeAll(async () => {
  home = await makeTempDir("mnemo-as-of-surfaces-");
  // Every surface searches by keyword, the same way (`mnemo mcp` gets no environment from the client).
  await writeFile(join(home, "config.json"), JSON.stringify({ search: { embedder: "none" } }));
  expect(mnemo("remember", "Lives in Porto.", "--type", "user", "--name", "Home city").status).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 50));
  between = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const moved = mnemo("remember", "Now lives in Lisbon.", "--type", "user", "--name", "City", "--json");
  expect(JSON.parse(moved.stdout)).toMatchObject({ action: "updated", name: "Home city" });
});

afterAll(async () => {
  await removeDir(home);
});

describe("recall as of a date", () => {
  it("mnemo recall --as-of shows the version that held then, and until when", () => {
    const then = mnemo("recall", QUESTION, "--kind", "memory", "--as-of", between);
    expect(then.status).toBe(0);
    expect(then.stdout).toContain("archive/memories/user_home-city.md");
    expect(then.stdout).toMatch(/held until \d{4}-\d{2}-\d{2}, replaced by memories\/user_home-city\.md/);
    expect(then.stdout).toContain("Lives in Porto.");
    expect(then.stdout).not.toContain("Lisbon");

    const now = mnemo("recall", QUESTION, "--kind", "memory");
    expect(now.stdout).toContain("Now lives in Lisbon.");
    expect(now.stdout).not.toContain("held until");
  });

  it("mnemo recall --as-of refuses a date it cannot read, naming asOf", () => {
    const refused = mnemo("recall", QUESTION, "--as-of", "last May");
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("asOf must be a date");
  });

  it("memory_search with as_of over MCP returns the older version with its validity", async () => {
    const connection = await connectOverStdio(home);
    try {
      const { tools } = await connection.client.listTools();
      const search = tools.find((tool) => tool.name === "memory_search");
      expect(search?.inputSchema.properties).toHaveProperty("as_of");
      const result = await connection.client.callTool({
        name: "memory_search",
        arguments: { query: QUESTION, kind: "memory", as_of: between },
      });
      expect(result.isError).toBeFalsy();
      const hits = (result.structuredContent as { hits: Array<Record<string, unknown>> }).hits;
      expect(hits[0]).toMatchObject({
        path: "archive/memories/user_home-city.md",
        snippet: expect.stringContaining("Lives in Porto."),
        validity: expect.objectContaining({ archived: true, supersededBy: "memories/user_home-city.md" }),
      });
      const now = await connection.client.callTool({
        name: "memory_search",
        arguments: { query: QUESTION, kind: "memory" },
      });
      const nowHits = (now.structuredContent as { hits: Array<Record<string, unknown>> }).hits;
      expect(nowHits[0]).toMatchObject({ path: "memories/user_home-city.md" });
      expect(nowHits[0]).not.toHaveProperty("validity");
    } finally {
      await connection.close();
    }
  });

  it("GET /v1/search?asOf= returns the older version, and a bad date is a 400 naming asOf", async () => {
    const served = await startMnemoServe(home);
    try {
      const search = (asOf: string) =>
        fetch(
          `${served.endpoints.api}/search?${new URLSearchParams({ query: QUESTION, kind: "memory", asOf })}`,
          {
            headers: { authorization: `Bearer ${served.endpoints.token}` },
          },
        );
      const response = await search(between);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { hits: Array<Record<string, unknown>> };
      expect(body.hits[0]).toMatchObject({
        path: "archive/memories/user_home-city.md",
        text: expect.stringContaining("Lives in Porto."),
        validity: expect.objectContaining({ archived: true }),
      });
      const refused = await search("last May");
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain("asOf");
    } finally {
      await served.stop();
    }
  });
});
