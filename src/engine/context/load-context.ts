import {
  MANAGED_MEMORY_SECTIONS,
  MEMORY_INDEX_SECTION,
  MEMORY_JOURNAL_SECTION,
  MEMORY_PATH,
  SOUL_PATH,
  USER_PATH,
} from "../../rules/home-layout.js";
import type { MnemoConfig } from "../config/schema.js";
import { loadRecentDailies } from "../daily/daily-log.js";
import type { HomeContext } from "../home/home-context.js";
import { parseJournal } from "../markdown/journal-entries.js";
import { splitLinesKeepEnds } from "../markdown/lines.js";
import { findSection, parseSections, sameSectionName, serializeSections } from "../markdown/sections.js";
import { type ContextLayers, type ContextLimits, fitContext } from "./fit-context.js";
import { indexLinesHoldingNow } from "./holding-index-lines.js";
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
 * Seed 000's core memory: exactly the first `autoLoadLines` lines of MEMORY.md (property 1). The
 * caps of seed 001 bound the index lines of the session context, not this. A missing file is empty.
 */
export async function loadCoreMemory(home: HomeContext): Promise<CoreMemory> {
  const text = (await home.store.read(MEMORY_PATH)) ?? "";
  return headOfLines(text, home.config.autoLoadLines, Number.POSITIVE_INFINITY);
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

/** A home's layers of the frozen context as read, and the limits its config sets on them. */
export interface ContextParts {
  layers: ContextLayers;
  limits: ContextLimits;
}

/** Reads the layers of the frozen context and the limits of the home's config, unfitted. */
export async function readContextParts(home: HomeContext): Promise<ContextParts> {
  const memoryText = (await home.store.read(MEMORY_PATH)) ?? "";
  const memory = memoryLayers(memoryText);
  // Only the index lines of memories that hold now (main's validity rule) go into the context.
  const index = await indexLinesHoldingNow(home.store, memory.index, {
    now: home.now().getTime(),
    shown: home.config.index.maxLines,
  });
  const layers: ContextLayers = {
    soul: (await home.store.read(SOUL_PATH)) ?? "",
    user: (await home.store.read(USER_PATH)) ?? "",
    ...memory,
    index,
    dailies: await loadRecentDailies(home),
  };
  return { layers, limits: contextLimits(home.config) };
}

/** The limits a home's config sets on its frozen context. */
export function contextLimits(config: MnemoConfig): ContextLimits {
  return {
    budgetTokens: config.contextBudgetTokens,
    characters: {
      soul: config.budgets.soul,
      user: config.budgets.user,
      notes: config.budgets.memory,
      recent: config.budgets.daily * config.dailyDays,
    },
    maxNotesLines: config.autoLoadLines,
    maxIndexLines: config.index.maxLines,
    maxIndexBytes: config.index.maxBytes,
  };
}

/** Reads the layers of the frozen context and fits them into the context budget (fit-context.ts). */
export async function loadContextSnapshot(home: HomeContext): Promise<ContextSnapshot> {
  const { layers, limits } = await readContextParts(home);
  const fitted = fitContext(layers, limits);
  return { soul: fitted.soul, user: fitted.user, notes: fitted.notes, recent: fitted.recent };
}

/** MEMORY.md split into the agent's notes, the index lines (newest first) and the journal entries. */
function memoryLayers(text: string): Pick<ContextLayers, "notes" | "index" | "journal"> {
  const document = parseSections(text);
  const notes = serializeSections({
    preamble: document.preamble,
    sections: document.sections.filter(
      (section) => !MANAGED_MEMORY_SECTIONS.some((name) => sameSectionName(name, section.name)),
    ),
  });
  const indexBody = findSection(document, MEMORY_INDEX_SECTION)?.body ?? "";
  const journalBody = findSection(document, MEMORY_JOURNAL_SECTION)?.body ?? "";
  return {
    notes,
    index: splitLinesKeepEnds(indexBody).filter((line) => line.trim() !== ""),
    journal: parseJournal(journalBody)
      .blocks.filter((block) => block.raw.trim() !== "")
      .map((block) => ({ raw: block.raw, entry: block.kind === "entry" })),
  };
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
