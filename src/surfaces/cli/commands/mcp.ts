import { defineCommand } from "../cli-command.js";
import { printNote } from "../output.js";

export const mcp = defineCommand({
  name: "mcp",
  summary: "Serve the memory home to MCP clients over stdio (Claude Code, Claude Desktop, Cursor)",
  description:
    "Run an MCP server on stdin/stdout: the memory tools, the home's files as mnemo:// resources and the " +
    'session context as the prompt "session_context". stdout carries the protocol only; messages go to ' +
    "stderr. The server stops when the client closes stdin, or on Ctrl+C.",
  examples: ["claude mcp add mnemo -- mnemo mcp --home ~/.mnemo", "mnemo mcp --home ./.mnemo"],
  // stdout carries the protocol: no --json.
  json: false,
  input: () => keepStdoutForProtocol(),
  async run(_input, { memory }) {
    // Loaded here, so that no other command pays for the MCP SDK.
    const { createMcpServer, McpSessionLog } = await import("../../../mcp.js");
    const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
    // One client on stdio is one session: what it is given and what it writes go to .sessions/.
    const session = new McpSessionLog(memory);
    const server = createMcpServer(memory, { notifyChanges: true, session });
    server.server.onerror = (error) => printNote(`MCP: ${error.message}`);
    await server.connect(new StdioServerTransport());
    printNote(`MCP server on stdio for the memory home ${memory.home}`);
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
  },
  render: () => "",
});

/** Library code that logs with console.log (a model runtime, say) must not corrupt the protocol. */
function keepStdoutForProtocol(): void {
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
}
