import type { Command } from "commander";
import type { MemoryHome } from "../../index.js";
import type { McpServer } from "../../mcp.js";
import { type CommonOptions, commandAction, openHome } from "../command-action.js";
import { EXIT_CODES, printNote } from "../output.js";

export function registerMcp(program: Command): void {
  program
    .command("mcp")
    .summary("Serve the memory home to MCP clients over stdio (Claude Code, Claude Desktop, Cursor)")
    .description(
      "Run an MCP server on stdin/stdout: the memory tools, the home's files as mnemo:// resources and the " +
        'session context as the prompt "session_context". stdout carries the protocol only; messages go to ' +
        "stderr. The server stops when the client closes stdin, or on Ctrl+C.",
    )
    .option("--home <dir>", "the memory home (default: $MNEMO_HOME, else ~/.mnemo)")
    .addHelpText(
      "after",
      "\nExamples:\n  $ claude mcp add mnemo -- mnemo mcp --home ~/.mnemo\n  $ mnemo mcp --home ./.mnemo\n",
    )
    .action(
      commandAction<[], CommonOptions>(async (_args, options) => {
        keepStdoutForProtocol();
        // Loaded here, so that no other command pays for the MCP SDK.
        const { createMcpServer } = await import("../../mcp.js");
        const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
        const memory = await openHome(options);
        const server = createMcpServer(memory);
        server.server.onerror = (error) => printNote(`MCP: ${error.message}`);
        await server.connect(new StdioServerTransport());
        printNote(`MCP server on stdio for the memory home ${memory.home}`);
        await untilClosed(server, memory);
        return EXIT_CODES.ok;
      }),
    );
}

/** Library code that logs with console.log (a model runtime, say) must not corrupt the protocol. */
function keepStdoutForProtocol(): void {
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
}

/** Waits until stdin ends or a stop signal arrives, then closes the server and the home. */
async function untilClosed(server: McpServer, memory: MemoryHome): Promise<void> {
  const stop = () => void server.close();
  await new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    process.stdin.once("end", stop);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  process.off("SIGINT", stop);
  process.off("SIGTERM", stop);
  await memory.close();
}
