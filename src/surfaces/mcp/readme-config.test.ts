import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMORY_TOOLS } from "../../index.js";
import { CLI_PATH, makeTempDir, REPOSITORY_ROOT, removeDir } from "../../testing/test-home.js";

/**
 * The README's MCP configuration, taken from the README itself and run as a client would run it:
 * no shell (so "~" reaches mnemo as written), "/path/to/mnemo" being this clone, and HOME a temp
 * folder, so "~/.mnemo" is a fresh home there.
 */
interface ServerEntry {
  command: string;
  args: string[];
}

let readme: string;
let fakeHome: string;

beforeAll(async () => {
  readme = await readFile(join(REPOSITORY_ROOT, "README.md"), "utf8");
  fakeHome = await makeTempDir("mnemo-readme-home-");
});
afterAll(async () => removeDir(fakeHome));

function readmeJsonConfig(): ServerEntry {
  const block = [...readme.matchAll(/```json\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? "")
    .find((text) => text.includes('"mcpServers"'));
  if (block === undefined) throw new Error('README.md has no ```json block with "mcpServers"');
  const entry = (JSON.parse(block) as { mcpServers: { mnemo: ServerEntry } }).mcpServers.mnemo;
  return { command: entry.command, args: entry.args.map(inThisClone) };
}

/** The words after `--` of the README's `claude mcp add` line. */
function readmeClaudeCodeCommand(): string[] {
  const line = readme.split("\n").find((each) => each.startsWith("claude mcp add"));
  if (line === undefined) throw new Error("README.md has no `claude mcp add` line");
  return line
    .slice(line.indexOf(" -- ") + 4)
    .trim()
    .split(/\s+/)
    .map(inThisClone);
}

const inThisClone = (arg: string) => arg.replace("/path/to/mnemo", REPOSITORY_ROOT);

describe("the README's MCP configuration", () => {
  it("gives Claude Code the same command as Claude Desktop and Cursor", () => {
    const { command, args } = readmeJsonConfig();
    expect(readmeClaudeCodeCommand()).toEqual([command, ...args]);
    expect(args).toContain(CLI_PATH);
  });

  it("starts a server the MCP SDK's client can use, with its home at ~/.mnemo", async () => {
    const { command, args } = readmeJsonConfig();
    const transport = new StdioClientTransport({
      command,
      args,
      env: { HOME: fakeHome },
      // Outside any repository with a .mnemo/: the user's home alone.
      cwd: fakeHome,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const client = new Client({ name: "mnemo-readme-test", version: "1.0.0" });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(MEMORY_TOOLS.map((tool) => tool.name));
      const added = (await client.callTool({
        name: "memory_add",
        arguments: { file: "user", section: "Name", content: "The user is Grace." },
      })) as CallToolResult;
      expect(added.isError, stderr).toBeFalsy();
      const { contents } = await client.readResource({ uri: "mnemo://profile/user" });
      expect(contents[0]).toMatchObject({ text: expect.stringContaining("The user is Grace.") });
    } finally {
      await client.close();
    }
    expect(await readFile(join(fakeHome, ".mnemo", "USER.md"), "utf8")).toContain("The user is Grace.");
    expect(stderr).toContain(`memory home ${join(fakeHome, ".mnemo")}`);
  });
});
