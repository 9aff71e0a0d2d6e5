import { neutralizeBlockTags } from "../guard/neutralize-block-tags.js";

/** Everything the frozen session context is made of, as read at session start and fitted to its budget. */
export interface ContextSnapshot {
  soul: string;
  user: string;
  /** MEMORY.md's notes, newest index lines and journal entries, and the notice of what was left out. */
  notes: string;
  /** The recent daily logs, newest lines kept. */
  recent: string;
}

/**
 * Seed 002's tagged blocks, then the memory instructions, then the caller's base prompt. Pure: the
 * same snapshot gives the same bytes, so the prompt prefix stays cacheable for the whole session.
 * With no memory at all, the base prompt comes back unchanged.
 */
export function renderContext(
  snapshot: ContextSnapshot,
  options: { basePrompt: string; instructions: string },
): string {
  const blocks = [
    tagged("agent-identity", snapshot.soul),
    tagged("user-profile", snapshot.user),
    tagged("agent-notes", snapshot.notes),
    tagged("recent-activity", snapshot.recent),
  ].filter((block) => block !== undefined);
  if (blocks.length === 0) return options.basePrompt;
  const parts = [...blocks, options.instructions.trim(), options.basePrompt.trim()].filter(
    (part) => part !== "",
  );
  return `${parts.join("\n\n")}\n`;
}

/** The content is neutralised: text from memory can neither close this block nor open another. */
function tagged(tag: string, content: string): string | undefined {
  const trimmed = neutralizeBlockTags(content.trim());
  return trimmed === "" ? undefined : `<${tag}>\n${trimmed}\n</${tag}>`;
}
