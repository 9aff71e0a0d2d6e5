import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CallToolRequestParamsSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { isAuthorName } from "../../engine/memdir/memory-author.js";
import type { MemoryHome } from "../../index.js";
import { MEMORY_TOOLS, type MemoryTool, type MemoryToolResult, runMemoryTool } from "../../tools.js";
import { checkedRequest } from "./request-params.js";
import { toolAnnotations } from "./tool-annotations.js";

/**
 * Serves the memory tools through the SDK's low-level handlers rather than `registerTool`: clients
 * get the very JSON Schemas the chat agent and OpenAI-style callers get, and arguments are checked
 * by `runMemoryTool`, whose messages tell a model which argument to fix and how (an `isError` result,
 * so the model can correct itself). A request that is not a tool call at all (no name, arguments
 * that are not an object) is refused with -32602.
 */
export function serveMemoryTools(
  server: McpServer,
  memory: MemoryHome,
  options: {
    /** The tools served; default MEMORY_TOOLS (a stack's are scopedMemoryTools). */
    tools?: readonly MemoryTool[];
    /**
     * Tools bound to homes of their own (a stack's): the same tools on those homes as `asClient`
     * makes them, so their saves record the client's name too.
     */
    toolsWritingAs?: (asClient: (memory: MemoryHome) => MemoryHome) => readonly MemoryTool[];
    afterWrite?: (call: { name: string; arguments: unknown; text: string }) => void;
    /** Serve only the tools that read (a read-only token of `mnemo serve`); a call of another is refused. */
    readOnly?: boolean;
  } = {},
): void {
  const readable = (all: readonly MemoryTool[]) =>
    options.readOnly ? all.filter((tool) => tool.readOnly) : all;
  const allTools = options.tools ?? MEMORY_TOOLS;
  const tools = readable(allTools);
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(toMcpTool) }));
  const { toolsWritingAs } = options;
  let bound: { client: string | undefined; tools: readonly MemoryTool[] } | undefined;
  const toolsOfCall = (): readonly MemoryTool[] => {
    if (toolsWritingAs === undefined) return tools;
    const client = server.server.getClientVersion()?.name;
    if (bound === undefined || bound.client !== client)
      bound = { client, tools: readable(toolsWritingAs((home) => writingAsClient(server, home))) };
    return bound.tools;
  };
  const callTool = checkedRequest("tools/call", CallToolRequestParamsSchema);
  server.server.setRequestHandler(callTool, async (request, extra) => {
    if (
      !tools.some((tool) => tool.name === request.params.name) &&
      allTools.some((tool) => tool.name === request.params.name)
    )
      return { content: [{ type: "text", text: readOnlyRefusal(request.params.name) }], isError: true };
    // A client that sent a progress token hears how long work goes (a home's first search builds its index).
    // The result waits for the notifications sent: the client drops those that come after it.
    const progressToken = request.params._meta?.progressToken;
    const sent: Promise<unknown>[] = [];
    const onProgress =
      progressToken === undefined
        ? undefined
        : (progress: { progress: number; total: number; message: string }) => {
            const notification = {
              method: "notifications/progress" as const,
              params: { progressToken, ...progress },
            };
            sent.push(extra.sendNotification(notification).catch(() => undefined));
          };
    const result = await runMemoryTool(
      writingAsClient(server, memory),
      request.params.name,
      request.params.arguments,
      {
        signal: extra.signal,
        onProgress,
        tools: toolsOfCall(),
      },
    );
    await Promise.all(sent);
    const tool = tools.find((each) => each.name === request.params.name);
    if (result.ok && tool?.readOnly === false) {
      const { name, arguments: args } = request.params;
      options.afterWrite?.({ name, arguments: args, text: result.text });
    }
    return toCallToolResult(result);
  });
}

function readOnlyRefusal(tool: string): string {
  return `Missing right: write (${tool} changes memory, and this server's token is read-only: only the tools that read are served; use a token without --read-only to write).`;
}

/**
 * The client's name (clientInfo.name of initialize) is the agent its saves record, unless the home
 * was opened with an agent of its own; a name that is not a valid agent name is not recorded.
 */
function writingAsClient(server: McpServer, memory: MemoryHome): MemoryHome {
  const client = server.server.getClientVersion()?.name;
  if (memory.author.agent !== undefined || !isAuthorName(client)) return memory;
  return memory.writingAs({ ...memory.author, agent: client });
}

export function toMcpTool(tool: MemoryTool): Tool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool["inputSchema"],
    outputSchema: tool.outputSchema as Tool["outputSchema"],
    annotations: toolAnnotations(tool),
  };
}

/**
 * Success: the text for the model and the data as structured content. Failure: `isError` with the
 * text only, since the failure's data does not fit the tool's output schema.
 */
export function toCallToolResult(result: MemoryToolResult): CallToolResult {
  const content = [{ type: "text" as const, text: result.text }];
  return result.ok ? { content, structuredContent: result.data } : { content, isError: true };
}
