/**
 * The memories a save may consolidate with (update, or find it already says): all of them, or for
 * a writer that replaces only its own (a token of `mnemo serve` limited to agents), only those its
 * agent wrote. Another agent's memory is then never rewritten and re-attributed, never the reason a
 * save is `unchanged`, and never named: the writer's token may not be allowed to read it. Pure.
 */
import type { MemoryAuthor } from "./memory-author.js";

export function replaceableMemories<Memory extends { agent?: string }>(
  existing: readonly Memory[],
  writer: { author?: MemoryAuthor; replacesOnlyOwn?: boolean },
): Memory[] {
  if (!writer.replacesOnlyOwn) return [...existing];
  return existing.filter((memory) => mayReplace(writer, memory.agent));
}

/** Whether a writer may write over a memory that `agent` wrote (undefined: nobody named). */
export function mayReplace(
  writer: { author?: MemoryAuthor; replacesOnlyOwn?: boolean },
  agent: string | undefined,
): boolean {
  return !writer.replacesOnlyOwn || (agent !== undefined && agent === writer.author?.agent);
}
