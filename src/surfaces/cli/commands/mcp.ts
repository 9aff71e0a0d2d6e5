import type { MemoryHome } from "../../../index.js";
import type { ScopeStack } from "../../../scopes.js";
import { defineCommand } from "../cli-command.js";
import { printNote } from "../output.js";

export const mcp = defineCommand({
  name: "mcp",
  summary: "Serve the memory home to MCP clients over stdio (Claude Code, Claude Desktop, Cursor)",
  description:
    "Run an MCP server on stdin/stdout: the memory tools, the home's files as mnemo:// resources and the " +
    'session context as the prompt "session_context". Inside a repository with a .mnemo/ folder (and no --home), ' +
    "the repository's layer and the user's home as one stack (docs/scopes.md). stdout carries the protocol only; messages go to " +
    "stderr. The server stops when the client closes stdin, or on Ctrl+C.",
  examples: ["claude mcp add mnemo -- mnemo mcp", "mnemo mcp --home ./.mnemo"],
  // stdout carries the protocol: no --json.
  json: false,
  input: () => keepStdoutForProtocol(),
  run: (_input, { memory }) => serveOnStdio(memory),
  render: () => "",
  // Inside a repository with a .mnemo/ (and no --home): the project's layer and the user's home.
  scoped: { run: (_input, { scopes }) => serveOnStdio(scopes), render: () => "" },
});

async function serveOnStdio(memoryOrStack: MemoryHome | ScopeStack): Promise<undefined> {
  // Loaded here, so that no other command pays for the MCP SDK.
  const { createMcpServer, McpSessionLog } = await import("../../../mcp.js");
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const home = "sessionHome" in memoryOrStack ? memoryOrStack.sessionHome : memoryOrStack;
  // One client on stdio is one session: what it is given and what it writes go to .sessions/.
  const session = new McpSessionLog(home);
  const server = createMcpServer(memoryOrStack, { notifyChanges: true, session });
  server.server.onerror = (error) => printNote(`MCP: ${error.message}`);
  await server.connect(new StdioServerTransport());
  printNote(`MCP server on stdio for ${servedOf(memoryOrStack)}`);
  // Until stdin ends or a stop signal arrives; the runner then closes the home.
  const stop = () => void server.close();
  await new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    process.stdin.once("end", stop);
    process.once("SIGINT", stop).once("SIGTERM", stop);
  });
  process.off("SIGINT", stop).off("SIGTERM", stop);
  await session.end();
  return undefined;
}

function servedOf(memoryOrStack: MemoryHome | ScopeStack): string {
  if (!("sessionHome" in memoryOrStack)) return `the memory home ${memoryOrStack.home}`;
  const layers = memoryOrStack.layers.map((layer) => `${layer.scope} ${layer.memory.home}`);
  return `the stack of homes: ${layers.join(", ")}`;
}

/** Library code that logs with console.log (a model runtime, say) must not corrupt the protocol. */
function keepStdoutForProtocol(): void {
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
}
