/**
 * MCP tool annotations: hints a client uses to decide what to run freely and what to confirm with
 * the user. No memory tool reaches outside the home (openWorldHint false). Of the writing tools,
 * those that change or remove text already stored are destructive, though what they take out goes
 * to archive/; those that leave the home as it was when called again with the same arguments are
 * idempotent.
 */
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { MemoryTool } from "../../tools.js";

const WRITING_TOOL_HINTS: Record<string, { destructiveHint: boolean; idempotentHint: boolean }> = {
  // Appends; a budget may push older text to archive/, but nothing stored is changed.
  memory_add: { destructiveHint: false, idempotentHint: false },
  // The new text may hold the old one, so a second call can replace again.
  memory_replace: { destructiveHint: true, idempotentHint: false },
  memory_remove: { destructiveHint: true, idempotentHint: true },
  // Overwrites a memory of the same name; the same save again changes nothing more.
  memory_save: { destructiveHint: true, idempotentHint: true },
  memory_delete: { destructiveHint: true, idempotentHint: true },
  // Appends messages to a session's transcript; the same call again appends them again.
  memory_record_conversation: { destructiveHint: false, idempotentHint: false },
};

export function toolAnnotations(tool: MemoryTool): ToolAnnotations {
  if (tool.readOnly)
    return { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  const hints = WRITING_TOOL_HINTS[tool.name];
  if (hints === undefined)
    throw new Error(
      `The memory tool ${tool.name} writes but has no MCP annotations: add it to WRITING_TOOL_HINTS.`,
    );
  return { readOnlyHint: false, ...hints, openWorldHint: false };
}
