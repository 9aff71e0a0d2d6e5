/**
 * `mnemo/claude-memory`: a memory home as the backend of Claude's client-side memory tool
 * (`memory_20250818`). `/memories/<type>/<name>.md` are typed memories, `/memories/<topic>.md`
 * topic files: see docs/claude-memory.md.
 */
export type { ClaudeMemoryHandlers } from "./surfaces/claude-memory/claude-memory-handlers.js";
export { claudeMemoryHandlers } from "./surfaces/claude-memory/claude-memory-handlers.js";
export type {
  ClaudeMemoryCommand,
  ClaudeMemoryResult,
} from "./surfaces/claude-memory/handle-claude-memory-command.js";
export { handleClaudeMemoryCommand } from "./surfaces/claude-memory/handle-claude-memory-command.js";
