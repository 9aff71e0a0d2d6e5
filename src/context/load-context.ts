import { loadRecentDailies } from "../daily/daily-log.js";
import type { HomeContext } from "../home/home-context.js";
import { MEMORY_PATH, SOUL_PATH, USER_PATH } from "../home/layout.js";
import { characterCount, splitLinesKeepEnds } from "../markdown/lines.js";
import { MEMORY_INSTRUCTIONS_PROMPT } from "./memory-instructions-prompt.js";
import { type ContextSnapshot, renderContext } from "./render-context.js";

export interface CoreMemory {
  /** The first lines of MEMORY.md, exactly as written. */
  text: string;
  shownLines: number;
  totalLines: number;
  truncated: boolean;
}

/**
 * Seed 000's core memory: the first `autoLoadLines` lines of MEMORY.md (and at most the index caps
 * of seed 001), cut at a line boundary. A missing file is an empty core memory.
 */
export async function loadCoreMemory(home: HomeContext): Promise<CoreMemory> {
  const text = (await home.store.read(MEMORY_PATH)) ?? "";
  return headOfLines(
    text,
    Math.min(home.config.autoLoadLines, home.config.index.maxLines),
    home.config.index.maxBytes,
  );
}

export function headOfLines(text: string, maxLines: number, maxBytes: number): CoreMemory {
  const lines = splitLinesKeepEnds(text);
  let shown = "";
  let shownLines = 0;
  for (const line of lines.slice(0, maxLines)) {
    if (Buffer.byteLength(shown + line) > maxBytes) break;
    shown += line;
    shownLines++;
  }
  return { text: shown, shownLines, totalLines: lines.length, truncated: shownLines < lines.length };
}

export async function loadContextSnapshot(home: HomeContext): Promise<ContextSnapshot> {
  const { budgets, index } = home.config;
  const core = await loadCoreMemory(home);
  const notice = core.truncated
    ? `\n[MEMORY.md truncated: showing the first ${core.shownLines} of ${core.totalLines} lines (limits: ${Math.min(home.config.autoLoadLines, index.maxLines)} lines, ${index.maxBytes} bytes). Use memory_read or memory_search for the rest.]`
    : "";
  const dailies = await loadRecentDailies(home);
  return {
    soul: withinBudget((await home.store.read(SOUL_PATH)) ?? "", budgets.soul, SOUL_PATH),
    user: withinBudget((await home.store.read(USER_PATH)) ?? "", budgets.user, USER_PATH),
    notes: core.text.trimEnd() + notice,
    dailies: dailies.map((log) => ({ ...log, text: withinBudget(log.text, budgets.daily, log.path) })),
  };
}

/** A hand-edited file over its budget is cut for the prompt (never on disk) and says so. */
function withinBudget(text: string, budget: number, path: string): string {
  if (characterCount(text) <= budget) return text;
  let kept = "";
  for (const line of splitLinesKeepEnds(text)) {
    if (characterCount(kept + line) > budget) break;
    kept += line;
  }
  return `${kept.trimEnd()}\n[${path} is over its budget of ${budget} characters and was cut here; run \`mnemo doctor --fix\` to archive the overflow.]`;
}

export async function buildContext(
  home: HomeContext,
  options: { basePrompt?: string } = {},
): Promise<string> {
  const snapshot = await loadContextSnapshot(home);
  return renderContext(snapshot, {
    basePrompt: options.basePrompt ?? "",
    instructions: MEMORY_INSTRUCTIONS_PROMPT,
  });
}
