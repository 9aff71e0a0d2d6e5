import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, removeDir } from "../../testing/test-home.js";
import { connectOverStdio, type McpConnection } from "../../testing/test-mcp-connections.js";

/** The MCP client's name (clientInfo.name) is the agent its saves record; memory_list and memory_search filter by it. */
let home: string;
let connection: McpConnection | undefined;
afterEach(async () => {
  await connection?.close();
  await removeDir(home);
});

describe("the MCP client as the agent", () => {
  it("saves through the built mnemo mcp record clientInfo.name; memory_list filters by agent", async () => {
    home = await makeTempDir("mnemo-mcp-agent-");
    connection = await connectOverStdio(home);
    const { client } = connection;
    const tools = await client.listTools();
    const list = tools.tools.find((tool) => tool.name === "memory_list");
    expect(Object.keys(list?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(["agent", "run"]));
    const saved = await client.callTool({
      name: "memory_save",
      arguments: { type: "project", name: "Deploy day", content: "We deploy on Fridays." },
    });
    expect(saved.isError).not.toBe(true);
    expect(await readFile(join(home, "memories", "project_deploy-day.md"), "utf8")).toMatch(
      /^agent: mnemo-test$/m,
    );
    const mine = await client.callTool({ name: "memory_list", arguments: { agent: "mnemo-test" } });
    expect(JSON.stringify(mine.structuredContent)).toContain("Deploy day");
    const others = await client.callTool({ name: "memory_list", arguments: { agent: "someone-else" } });
    expect(others.structuredContent).toMatchObject({ total: 0 });
  });
});
