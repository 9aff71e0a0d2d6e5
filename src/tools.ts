/**
 * mnemo/tools: the memory tools one by one, their handlers and their specs for chat models.
 */

export type { MemoryTool, MemoryToolResult, MemoryToolRunOptions } from "./session/tools/memory-tool.js";
export {
  MEMORY_TOOLS,
  memoryToolHandlers,
  runMemoryTool,
  toChatToolSpecs,
  toOpenAiTools,
} from "./session/tools/memory-tools.js";
export { scopedMemoryTools } from "./session/tools/scoped-memory-tools.js";
