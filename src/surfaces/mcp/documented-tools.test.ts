import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, REPOSITORY_ROOT, removeDir } from "../../testing/test-home.js";
import { connectOverStdio, type McpConnection } from "../../testing/test-mcp-connections.js";

/**
 * What README.md and docs/mcp.md say about the memory tools, held against what the built
 * `mnemo mcp` serves to the SDK's client: the count in words, the tables' tool names, the README's
 * arguments (a "?" on exactly the optional ones) and mcp.md's reads-or-writes column.
 */
const DOCUMENTS = ["README.md", "docs/mcp.md"];
const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
].concat(["eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen"]);

let home: string;
let connection: McpConnection;
let tools: Tool[];
const texts = new Map<string, string>();

beforeAll(async () => {
  for (const document of DOCUMENTS)
    texts.set(document, await readFile(join(REPOSITORY_ROOT, document), "utf8"));
  home = await makeTempDir("mnemo-documented-");
  connection = await connectOverStdio(home);
  ({ tools } = await connection.client.listTools());
});
afterAll(async () => {
  await connection?.close();
  await removeDir(home);
});

/** The table rows of a document that start with a tool's name: the cells after it. */
function toolRows(text: string): Map<string, string[]> {
  const rows = text.split("\n").filter((line) => /^\| `memory_\w+` +\|/.test(line));
  return new Map(
    rows.map((line) => {
      const [name = "", ...cells] = line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
      return [name.replaceAll("`", ""), cells];
    }),
  );
}

describe.each(DOCUMENTS)("%s", (document) => {
  it("says how many memory tools there are, as many as are served", () => {
    const counts = [...(texts.get(document) ?? "").matchAll(/\b(\w+) (?:memory )?tools\b/gi)]
      .map((match) => (match[1] ?? "").toLowerCase())
      .filter((word) => NUMBER_WORDS.includes(word) || /^\d+$/.test(word));
    expect(counts.length).toBeGreaterThan(0);
    for (const word of counts)
      expect(/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word), word).toBe(tools.length);
  });

  it("has a table row for every served tool, and none for a tool not served", () => {
    const documented = [...toolRows(texts.get(document) ?? "").keys()];
    expect(documented.sort()).toEqual(tools.map((tool) => tool.name).sort());
  });
});

describe("the tables agree with the served schemas", () => {
  it("README.md: each argument named is one of the tool's, with '?' exactly on the optional ones", () => {
    for (const [name, [argumentsCell = ""]] of toolRows(texts.get("README.md") ?? "")) {
      const tool = tools.find((each) => each.name === name);
      const required = new Set(tool?.inputSchema.required ?? []);
      for (const [, argument = "", optional] of argumentsCell.matchAll(/`(\w+)(\?)?`/g)) {
        expect(Object.keys(tool?.inputSchema.properties ?? {}), name).toContain(argument);
        expect(optional === undefined, `${name}: ${argument}`).toBe(required.has(argument));
      }
    }
  });

  it("docs/mcp.md: 'reads' exactly on the read-only tools", () => {
    for (const [name, [access = ""]] of toolRows(texts.get("docs/mcp.md") ?? "")) {
      const tool = tools.find((each) => each.name === name);
      expect(access, name).toBe(tool?.annotations?.readOnlyHint ? "reads" : "writes");
    }
  });
});
