import { describeMemoryAge } from "../../engine/memdir/staleness.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import { errorMessage } from "../../errors.js";
import type { RelevantMemory } from "./turn-context-prompt.js";

/** Files the frozen context already holds: showing them again would only repeat them. */
function inFrozenContext(path: string): boolean {
  return path === "SOUL.md" || path === "USER.md" || path === "MEMORY.md" || path.startsWith("daily/");
}

/**
 * Memories that search finds for the user's message (typed memories and journal topics; the
 * always-loaded files are left out). A failed search is a warning, never a failed turn.
 */
export async function findRelevantMemories(
  memory: MemoryHome,
  text: string,
  options: { limit: number; signal?: AbortSignal; onWarning: (message: string) => void },
): Promise<RelevantMemory[]> {
  if (!memory.enabled || options.limit <= 0 || text.trim() === "") return [];
  try {
    // Over-fetch: hits from the frozen files are dropped afterwards.
    const result = await memory.recall(text, { limit: options.limit + 5, signal: options.signal });
    return result.hits
      .filter((hit) => !inFrozenContext(hit.path))
      .slice(0, options.limit)
      .map((hit) => ({
        source: hit.locator === "" ? hit.path : `${hit.path} ${hit.locator}`,
        text: hit.text,
        ...(hit.ageDays === undefined ? {} : { age: describeMemoryAge(hit.ageDays, hit.staleness) }),
      }));
  } catch (error) {
    options.signal?.throwIfAborted();
    options.onWarning(`searching memory for this message failed: ${errorMessage(error)}`);
    return [];
  }
}
