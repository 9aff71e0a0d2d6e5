/**
 * mnemo's memory tools as AI SDK tools: the same descriptions and JSON Schemas as the chat agent
 * and the MCP server, run by `runMemoryTool`. Arguments are checked there rather than by the AI
 * SDK, so a model that gets one wrong is told which argument and how to fix it, as an error result
 * it can act on, never an exception that ends the loop.
 */
import { jsonSchema, type Tool, type ToolSet, tool } from "ai";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { MemoryTool, MemoryToolResult } from "../../session/tools/memory-tool.js";
import { MEMORY_TOOLS, runMemoryTool } from "../../session/tools/memory-tools.js";

export interface MemoryToolsOptions {
  /** The tools to offer; default all of MEMORY_TOOLS (for example only the reading ones). */
  tools?: readonly MemoryTool[];
}

/**
 * One AI SDK tool per memory tool, keyed by name; none when memory is disabled. A tool's result is
 * the MemoryToolResult (`ok`, `text`, `data`) for the program, and its `text` for the model.
 *
 * @example
 * const { text } = await generateText({ model, tools: memoryTools(memory), stopWhen: stepCountIs(5), prompt });
 */
export function memoryTools(memory: MemoryHome, options: MemoryToolsOptions = {}): ToolSet {
  if (!memory.enabled) return {};
  const offered = options.tools ?? MEMORY_TOOLS;
  return Object.fromEntries(offered.map((each) => [each.name, toAiSdkTool(memory, each, offered)]));
}

function toAiSdkTool(
  memory: MemoryHome,
  memoryTool: MemoryTool,
  offered: readonly MemoryTool[],
): Tool<unknown, MemoryToolResult> {
  return tool<unknown, MemoryToolResult>({
    description: memoryTool.description,
    inputSchema: jsonSchema(memoryTool.inputSchema as Parameters<typeof jsonSchema>[0]),
    execute: (input, { abortSignal }) =>
      runMemoryTool(memory, memoryTool.name, input, { signal: abortSignal, tools: offered }),
    toModelOutput: ({ output }) =>
      output.ok ? { type: "text", value: output.text } : { type: "error-text", value: output.text },
  });
}
