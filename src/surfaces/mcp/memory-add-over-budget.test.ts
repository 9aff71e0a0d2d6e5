import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { connectOverStdio, type McpConnection } from "../../testing/test-mcp-connections.js";

/**
 * Issue 26, defect 4, as an MCP client's model meets it: `memory_add` over USER.md's budget keeps
 * the new text and moves only the oldest text of the same section, saying so; a text that cannot
 * fit is an error result that says why, and nothing changes.
 */
let home: string;
let connection: McpConnection;
const read = (path: string) => readFile(join(home, path), "utf8").catch(() => "");

async function add(section: string, content: string): Promise<CallToolResult> {
  return (await connection.client.callTool({
    name: "memory_add",
    arguments: { file: "user", section, content },
  })) as CallToolResult;
}
const text = (result: CallToolResult) => (result.content[0]?.type === "text" ? result.content[0].text : "");

beforeEach(async () => {
  home = await makeTempDir("mnemo-mcp-budget-");
  await writeFile(
    join(home, "config.json"),
    JSON.stringify({ budgets: { user: 200 }, search: { embedder: "none" } }),
  );
  connection = await connectOverStdio(home);
  await connection.client.listTools();
  await add("Likes", "Drinks green tea every morning at seven.");
  await add("Likes", "Likes rye bread with butter.");
  await add("Job", "Compiler engineer.");
  await add("Family", "Two cats, Miso and Tofu.");
});
afterEach(async () => {
  await connection.close();
  await removeDir(home);
});

describe("memory_add over the budget (MCP, stdio)", () => {
  it("keeps the new text and archives only the oldest line of the section, naming it", async () => {
    const result = await add("Likes", "Now prefers black coffee, two cups before noon, no sugar.");
    expect(result.isError).toBeFalsy();
    expect(text(result)).toContain(
      "Moved to archive/USER.md (over budget (200 characters): the oldest line of ## Likes): 1 piece,",
    );
    expect(text(result)).toContain("The new text is in USER.md");
    expect(result.structuredContent).toMatchObject({ editedSectionTrimmed: true, archived: [{}] });
    const user = await read("USER.md");
    expect(user).toContain("## Likes\nLikes rye bread with butter.\nNow prefers black coffee");
    expect(user).toContain("## Job\nCompiler engineer.");
    expect(user).toContain("## Family\nTwo cats, Miso and Tofu.");
    expect(user).not.toContain("green tea");
    const archive = await read("archive/USER.md");
    expect(archive).toContain("## Likes\nDrinks green tea every morning at seven.\n");
    expect(archive).not.toMatch(/coffee|Compiler|Miso/);
  });

  it("a text that cannot fit is an error result saying so, and the files are unchanged", async () => {
    const before = await read("USER.md");
    const result = await add("Likes", "Long story. ".repeat(20));
    expect(result.isError).toBe(true);
    expect(text(result)).toContain("does not fit in USER.md, whose budget is 200 characters");
    expect(text(result)).toContain("Nothing was changed.");
    expect(await read("USER.md")).toBe(before);
    expect(await read("archive/USER.md")).toBe("");
  });
});
