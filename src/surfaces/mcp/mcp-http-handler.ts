import type { IncomingMessage, ServerResponse } from "node:http";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import type { MemoryHome } from "../../index.js";
import { createMcpServer } from "./create-mcp-server.js";

export interface McpHttpHandler {
  /**
   * Answers one request to the MCP endpoint; `parsedBody` is the JSON body when a framework already
   * read it; `limits`, what the request may do when the server limits it (a token's rights).
   */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    parsedBody?: unknown,
    limits?: McpRequestLimits,
  ): Promise<void>;
  /** Ends the requests in progress and refuses new ones; the memory home stays open. */
  close(): Promise<void>;
}

/** What one request may do: the home as it writes to it (its agent), and whether it may write at all. */
export interface McpRequestLimits {
  /** The handler's home as this request writes to it (`memory.writingAs(...)`); default: the handler's. */
  memory?: MemoryHome;
  /** Only the tools that read are served. */
  readOnly?: boolean;
}

export interface McpHttpHandlerOptions {
  /** Where failures that cannot be answered to the client go; default: stderr. */
  onError?: (error: unknown) => void;
}

/**
 * MCP over Streamable HTTP, stateless: every POST gets its own server and transport, answered with
 * JSON, so any number of clients and processes can share one endpoint and nothing is kept between
 * requests. There is no server-to-client stream, so GET and DELETE are answered 405, as the
 * specification allows. Mount it at one path (for example /mcp) of a node:http server.
 */
export function createMcpHttpHandler(
  memory: MemoryHome,
  options: McpHttpHandlerOptions = {},
): McpHttpHandler {
  const report = options.onError ?? reportToStderr;
  const open = new Set<McpServer>();
  let closed = false;

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    parsedBody?: unknown,
    limits: McpRequestLimits = {},
  ): Promise<void> {
    if (closed) return sendError(res, 503, "The MCP endpoint is shutting down; try again later.");
    if (req.method !== "POST")
      return sendError(res, 405, `Use POST for MCP requests; this endpoint keeps no sessions or streams.`);
    const server = createMcpServer(limits.memory ?? memory, { readOnly: limits.readOnly });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    open.add(server);
    res.on("close", () => {
      open.delete(server);
      server.close().catch(report);
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, parsedBody);
    } catch (error) {
      report(error);
      if (!res.headersSent)
        sendError(res, 500, "The MCP request failed inside the server.", ErrorCode.InternalError);
    }
  }

  async function close(): Promise<void> {
    closed = true;
    const servers = [...open];
    open.clear();
    await Promise.all(servers.map((server) => server.close().catch(report)));
  }

  return { handle, close };
}

/** A JSON-RPC error with no request id, as the SDK's transports answer requests they refuse. */
function sendError(res: ServerResponse, status: number, message: string, code = -32000): void {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (status === 405) headers.allow = "POST";
  res.writeHead(status, headers).end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

function reportToStderr(error: unknown): void {
  process.stderr.write(`mnemo: MCP over HTTP: ${error instanceof Error ? error.message : String(error)}\n`);
}
