import type { HitConversation } from "../../engine/conversations/turns-around-hits.js";
import { describeMemoryAge } from "../../engine/memdir/staleness.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { RecallQueryOptions } from "../../engine/search/home-recall.js";
import type { RankedHit } from "../../engine/search/ranked-hit.js";
import { errorMessage } from "../../errors.js";
import { CONVERSATIONS_DIR } from "../../rules/home-layout.js";
import type { RelevantMemory } from "./turn-context-prompt.js";

/** Files the frozen context already holds: showing them again would only repeat them. */
function inFrozenContext(path: string): boolean {
  return path === "SOUL.md" || path === "USER.md" || path === "MEMORY.md" || path.startsWith("daily/");
}

/**
 * Memories that search finds for the user's message (typed memories, journal topics, earlier
 * conversations; the always-loaded files, this session's own conversation, already in the history,
 * and what `alreadyShown` says the prompt holds anyway are left out). Recall leaves out hits under
 * the home's relevance floor (search.minRelevance), so a message nothing in memory is about gets no
 * block at all. A failed search is a warning, never a failed turn.
 */
export async function findRelevantMemories(
  memory: Pick<MemoryHome, "enabled" | "config"> & {
    recall(query: string, options: RecallQueryOptions): Promise<{ hits: RankedHit[] }>;
  },
  text: string,
  options: {
    limit: number;
    sessionId: string;
    /** True for a file and place (a memory's name, a section, a turn) the prompt already shows. */
    alreadyShown?: (path: string, place: string) => boolean;
    signal?: AbortSignal;
    /** Answer by keyword (BM25) without loading the embedding model: for a hook run on every prompt. */
    fast?: boolean;
    onWarning: (message: string) => void;
  },
): Promise<RelevantMemory[]> {
  if (!memory.enabled || options.limit <= 0 || text.trim() === "") return [];
  try {
    // Over-fetch: hits from the frozen files are dropped afterwards.
    // One message, one line: a query of several lines is read as a conversation ending in its last line.
    const message = text.replace(/\s*\n\s*/g, " ");
    const result = await memory.recall(message, {
      limit: options.limit + 5,
      minRelevance: memory.config.search.minRelevance,
      signal: options.signal,
      fast: options.fast,
    });
    const ownConversation = `${CONVERSATIONS_DIR}/${options.sessionId}.md`;
    return result.hits
      .filter((hit) => !inFrozenContext(hit.path) && hit.path !== ownConversation)
      .filter((hit) => options.alreadyShown?.(hit.path, hit.locator) !== true)
      .slice(0, options.limit)
      .map((hit) =>
        hit.conversation
          ? earlierMessage(hit.path, hit.text, hit.conversation)
          : {
              source: hit.locator === "" ? hit.path : `${hit.path} ${hit.locator}`,
              text: hit.text,
              ...(hit.ageDays === undefined ? {} : { age: describeMemoryAge(hit.ageDays, hit.staleness) }),
            },
      );
  } catch (error) {
    options.signal?.throwIfAborted();
    options.onWarning(`searching memory for this message failed: ${errorMessage(error)}`);
    return [];
  }
}

/** A message of an earlier conversation, with the turns around it: a reply alone rarely says what it answers. */
function earlierMessage(path: string, text: string, conversation: HitConversation): RelevantMemory {
  const { before, after, turn, speaker, time } = conversation;
  const turns = [...before, { speaker, text }, ...after];
  return {
    source: `${path} turn ${turn}, ${time}`,
    text: turns.map((each) => `${each.speaker}: ${each.text}`).join(" / "),
  };
}
