import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { openMemory } from "../../../src/open-memory.js";
import { createMcpServer } from "../../../src/surfaces/mcp/create-mcp-server.js";
import { seededRandom } from "../../../src/testing/seeded-random.js";
import { describeFailure, type FuzzResult } from "./fuzz-homes.js";
import { encodePathPart, HostileValues } from "./hostile-values.js";

/**
 * Fuzzes the MCP server through the SDK's own client: tool calls with hostile or ill-typed
 * arguments, resource reads of hostile URIs, prompt requests. Each must answer with a result, an
 * `isError` result or a JSON-RPC error that blames the request; an internal error (-32603) or an
 * exception of another kind is a failure.
 */
export async function fuzzMcp(options: { home: string; count: number; seed: number }): Promise<FuzzResult> {
  const values = new HostileValues(seededRandom(options.seed));
  const memory = await openMemory({ home: options.home, env: {}, onWarning: () => undefined });
  const server = createMcpServer(memory);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "mnemo-fuzz", version: "1.0.0" });
  await client.connect(clientSide);
  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  const result: FuzzResult = { inputs: 0, failures: [] };
  try {
    for (let index = 0; index < options.count; index++) {
      const [label, call] = randomRequest(values, client, tools);
      result.inputs += 1;
      try {
        await call();
      } catch (error) {
        const blamesRequest = error instanceof McpError && error.code !== ErrorCode.InternalError;
        if (!blamesRequest)
          result.failures.push({ surface: "mcp", input: label, error: describeFailure(error) });
      }
    }
  } finally {
    await client.close();
    await server.close();
    await memory.close();
  }
  return result;
}

function randomArguments(values: HostileValues): Record<string, unknown> {
  const plausible = {
    file: values.pick(["soul", "user", "memory", "daily", values.name()]),
    section: values.name(),
    content: values.text(),
    text: values.text(),
    old_text: values.text(),
    new_text: values.text(),
    type: values.pick(["user", "feedback", "project", "reference", values.name()]),
    name: values.name(),
    description: values.text(),
    topic: values.name(),
    query: values.text(),
    limit: values.pick([1, 5, 0, -1, 1.5, "3"]),
  };
  if (values.chance(0.8))
    return Object.fromEntries(Object.entries(plausible).filter(() => values.chance(0.6)));
  return Object.fromEntries(Object.keys(plausible).map((key) => [key, values.json()]));
}

function randomRequest(
  values: HostileValues,
  client: Client,
  tools: string[],
): [string, () => Promise<unknown>] {
  return values.pick([
    (): [string, () => Promise<unknown>] => {
      const name = values.chance(0.9) ? values.pick(tools) : values.name();
      const args = randomArguments(values);
      return [`callTool ${name} ${JSON.stringify(args)}`, () => client.callTool({ name, arguments: args })];
    },
    (): [string, () => Promise<unknown>] => {
      const uri = values.pick([
        `mnemo://profile/${values.pick(["soul", "user", "memory", encodePathPart(values.name())])}`,
        `mnemo://memories/${values.pick(["user", "feedback", values.name()])}/${encodePathPart(values.name())}`,
        `mnemo://topics/${encodePathPart(values.name())}`,
        `mnemo://daily/${encodePathPart(values.name())}`,
        `mnemo://${values.name()}`,
        values.name(),
      ]);
      return [`readResource ${uri}`, () => client.readResource({ uri })];
    },
    (): [string, () => Promise<unknown>] => {
      const name = values.chance(0.8) ? "session_context" : values.name();
      const args = values.chance(0.5) ? { basePrompt: values.text() } : { [values.name()]: values.text() };
      return [`getPrompt ${name} ${JSON.stringify(args)}`, () => client.getPrompt({ name, arguments: args })];
    },
  ])();
}
