import { neutralizeBlockTags } from "../guard/neutralize-block-tags.js";
import { allocateBudget } from "./context-budget.js";
import { describeLeftOut, type LayerName, leftOutPart, longestNoticeBytes } from "./left-out-notice.js";
import {
  type CutReason,
  measureUnit,
  type Taken,
  takeUnits,
  type Unit,
  type UnitLimit,
} from "./take-units.js";

/**
 * Chooses what of each memory layer goes into the frozen context, within one token budget
 * (context-budget.ts), the files' character budgets, and the line caps of seeds 000 and 001. Inside
 * a layer the newest and most important come first: the start of SOUL.md, USER.md and the notes
 * (identity first; a line too long to fit is shown cut), the newest index lines, the newest journal
 * entries and daily lines. What is left out is named in one notice line that says why and how to
 * reach it. A larger budget never shows less. Pure.
 */
export interface ContextLayers {
  soul: string;
  user: string;
  /** MEMORY.md without its managed sections: the agent's own notes. */
  notes: string;
  /** Index lines of typed memories, newest first. */
  index: string[];
  /** MEMORY.md's journal as blocks, oldest first: entries, and text that is not an entry. */
  journal: Array<{ raw: string; entry: boolean }>;
  /** The recent daily logs, oldest first. */
  dailies: Array<{ path: string; text: string }>;
}

export interface ContextLimits {
  budgetTokens: number;
  /** Seed 002's character budgets: a hand-edited file over its budget is cut for the prompt too. */
  characters: { soul: number; user: number; notes: number; recent: number };
  /** Seed 000: lines of the <agent-notes> block (MEMORY.md's notes, index and journal) at most, the notice apart. */
  maxNotesLines: number;
  /** Seed 001: index lines and bytes in the context at most. */
  maxIndexLines: number;
  maxIndexBytes: number;
}

export interface FittedContext {
  soul: string;
  user: string;
  /** The <agent-notes> block: notes, then `## Memories` and `## Journal` as far as they fit, then the notice. */
  notes: string;
  recent: string;
  /** The notice naming what was left out, or undefined when everything fits. */
  leftOut: string | undefined;
}

const LAYERS: LayerName[] = ["soul", "user", "notes", "index", "journal", "recent"];
/** Shares of the budget when every layer is full, after seed 002's per-file character budgets. */
const WEIGHTS: Record<LayerName, number> = {
  soul: 2000,
  user: 1400,
  notes: 2200,
  index: 2500,
  journal: 1000,
  recent: 2000,
};
const INDEX_HEADING = "## Memories";
const JOURNAL_HEADING = "## Journal";
const BLANK_LINE = "\n\n";

/** Each layer's units, measured once: fitting takes them many times over. */
type Units = Record<LayerName, Unit[]>;
type TakenLayers = Record<LayerName, Taken>;
type MemoryPart = "notes" | "index" | "journal";
const MEMORY_PARTS: LayerName[] = ["notes", "index", "journal"];

export function fitContext(layers: ContextLayers, limits: ContextLimits): FittedContext {
  const units = contextUnits(layers);
  // Room for the frame and the notice is kept before the layers share the budget. The notice can
  // only name layers cut with the most room kept for it (more room for the layers cuts no more).
  const mostRoom = reservedTokens(units, LAYERS, limits);
  const cutWithMostRoom = fitWithin(units, limits, limits.budgetTokens - mostRoom);
  const cut = LAYERS.filter((layer) => cutWithMostRoom[layer].stoppedBy !== undefined);
  const taken = fitWithin(units, limits, limits.budgetTokens - reservedTokens(units, cut, limits));
  // The journal's notice counts entries only (memory_read_topic pages them), newest first.
  const entries = [...layers.journal].reverse().map((block) => block.entry);
  const leftOut = describeLeftOut(
    LAYERS.map((layer) => leftOutPart(layer, taken[layer], limits, entries)).filter(
      (part) => part !== undefined,
    ),
  );
  return {
    soul: taken.soul.kept.join(""),
    user: taken.user.kept.join(""),
    notes: [memoryBlock(taken), leftOut ?? ""].filter((part) => part !== "").join(BLANK_LINE),
    recent: [...taken.recent.kept].reverse().join(""),
    leftOut,
  };
}

/** Each layer as units in priority order, with block tags already neutralised so they are measured as shown. */
function contextUnits(layers: ContextLayers): Units {
  const neutral = neutralizeBlockTags;
  const texts: Record<LayerName, string[]> = {
    soul: lines(neutral(layers.soul)),
    user: lines(neutral(layers.user)),
    notes: lines(neutral(layers.notes)),
    index: layers.index.map((line) => `${neutral(line).trimEnd()}\n`),
    journal: [...layers.journal].reverse().map((block) => `${neutral(block.raw).trimEnd()}${BLANK_LINE}`),
    // Newest day first, newest line first; each day ends with a blank line so days stay apart.
    recent: [...layers.dailies]
      .reverse()
      .flatMap((daily) => [...lines(`${neutral(daily.text).trim()}\n`, true)].reverse()),
  };
  return Object.fromEntries(LAYERS.map((layer) => [layer, texts[layer].map(measureUnit)])) as Units;
}

/** Tokens for the frame and the longest notice that could name the `cut` layers, each for a reason it could have. */
function reservedTokens(units: Units, cut: LayerName[], limits: ContextLimits): number {
  const capsOnly = takeWithin(units, layerCaps(limits));
  const lineCapBinds = lineCount(memoryBlock(capsOnly)) > limits.maxNotesLines;
  const named = cut
    .filter((layer) => units[layer].length > 0)
    .map((layer) => {
      const reasons: CutReason[] = ["tokens"];
      const cap = capsOnly[layer].stoppedBy;
      if (cap !== undefined) reasons.push(cap);
      if (lineCapBinds && MEMORY_PARTS.includes(layer)) reasons.push("memory-lines");
      return { layer, units: units[layer], reasons };
    });
  const notice = longestNoticeBytes(named, limits);
  return Math.ceil((frameBytes(units, notice > 0) + notice) / 4);
}

/**
 * What the rendered blocks can add around the layers' text, counting only blocks and parts that
 * have something to show: tags, the index's and the journal's headings, blank lines between. Each
 * layer's text ends with a line end that its block trims (the tag's own line end stands in for it).
 */
function frameBytes(units: Units, notice: boolean): number {
  const has = (layer: LayerName) => units[layer].length > 0;
  const parts = [has("notes"), has("index"), has("journal"), notice].filter(Boolean).length;
  const trimmedLineEnds = LAYERS.filter(has).length;
  const blocks: Array<[string, boolean]> = [
    ["agent-identity", has("soul")],
    ["user-profile", has("user")],
    ["agent-notes", parts > 0],
    ["recent-activity", has("recent")],
  ];
  const shown = blocks.filter(([, present]) => present);
  return (
    shown.reduce((bytes, [tag]) => bytes + `<${tag}>\n\n</${tag}>`.length, 0) +
    BLANK_LINE.length * Math.max(0, shown.length - 1) +
    "\n".length +
    (has("index") ? `${INDEX_HEADING}\n`.length : 0) +
    (has("journal") ? `${JOURNAL_HEADING}\n`.length : 0) +
    BLANK_LINE.length * Math.max(0, parts - 1) -
    trimmedLineEnds
  );
}

/**
 * The layers within `tokens` and MEMORY.md's line cap. The cap is shared by the notes, the index and
 * the journal; dividing it by what each shows at this budget would let a larger budget show less
 * (the index would take the journal's lines), so once the cap binds it stays divided as at the
 * largest budget at which everything shown fit it.
 */
function fitWithin(units: Units, limits: ContextLimits, tokens: number): TakenLayers {
  const within = (taken: TakenLayers) => lineCount(memoryBlock(taken)) <= limits.maxNotesLines;
  const free = takeLayers(units, limits, Math.max(0, tokens));
  if (within(free)) return free;
  let fits = 0;
  let over = Math.max(0, tokens);
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2);
    if (within(takeLayers(units, limits, middle))) fits = middle;
    else over = middle;
  }
  const atCap = takeLayers(units, limits, fits);
  const shares = {
    notes: unitLines(atCap.notes),
    index: unitLines(atCap.index),
    journal: unitLines(atCap.journal),
  };
  return takeLayers(units, limits, Math.max(0, tokens), shares);
}

function takeLayers(
  units: Units,
  limits: ContextLimits,
  tokens: number,
  lineShares?: Record<MemoryPart, number>,
): TakenLayers {
  const caps = layerCaps(limits, lineShares);
  // A layer asks for no more tokens than its own caps let it show; the rest goes to the others.
  const capped = takeWithin(units, caps);
  const granted = allocateBudget(
    tokens,
    LAYERS.map((name) => ({
      name,
      weight: WEIGHTS[name],
      wanted: Math.ceil(capped[name].bytes / 4),
    })),
  );
  const share = (name: LayerName): UnitLimit => ({
    reason: "tokens",
    measure: "bytes",
    max: (granted.get(name) ?? 0) * 4,
  });
  return takeWithin(units, caps, share);
}

type LayerCaps = Record<LayerName, { limits: UnitLimit[]; cut: boolean }>;

/** Each layer's own caps, in the order the notice names them (a cap before the token budget). */
function layerCaps(limits: ContextLimits, lineShares?: Record<MemoryPart, number>): LayerCaps {
  const characters = (max: number): UnitLimit[] => [{ reason: "characters", measure: "characters", max }];
  const memoryLines = (part: MemoryPart): UnitLimit[] =>
    lineShares ? [{ reason: "memory-lines", measure: "lines", max: lineShares[part] }] : [];
  const { characters: budgets } = limits;
  return {
    soul: { limits: characters(budgets.soul), cut: true },
    user: { limits: characters(budgets.user), cut: true },
    notes: { limits: [...memoryLines("notes"), ...characters(budgets.notes)], cut: true },
    index: {
      limits: [
        { reason: "index-lines", measure: "lines", max: limits.maxIndexLines },
        { reason: "index-bytes", measure: "bytes", max: limits.maxIndexBytes },
        ...memoryLines("index"),
      ],
      cut: false,
    },
    journal: { limits: memoryLines("journal"), cut: false },
    recent: { limits: characters(budgets.recent), cut: true },
  };
}

function takeWithin(units: Units, caps: LayerCaps, share?: (name: LayerName) => UnitLimit): TakenLayers {
  const take = (name: LayerName) =>
    takeUnits(units[name], [...caps[name].limits, ...(share ? [share(name)] : [])], { cut: caps[name].cut });
  return Object.fromEntries(LAYERS.map((name) => [name, take(name)])) as TakenLayers;
}

/** The <agent-notes> block without its notice: what MEMORY.md's line cap counts. */
function memoryBlock(taken: TakenLayers): string {
  return [
    taken.notes.kept.join("").trim(),
    section(INDEX_HEADING, taken.index.kept.join("")),
    section(JOURNAL_HEADING, [...taken.journal.kept].reverse().join("")),
  ]
    .filter((part) => part !== "")
    .join(BLANK_LINE);
}

function section(heading: string, body: string): string {
  return body.trim() === "" ? "" : `${heading}\n${body.trimEnd()}`;
}

function lineCount(text: string): number {
  return text === "" ? 0 : text.split("\n").length;
}

/** Lines the kept units take, as the units count them (a cut line is one line). */
function unitLines(taken: Taken): number {
  return taken.kept.reduce((count, unit) => count + unit.split("\n").length - 1, 0);
}

/** Lines with their line ends, so units join cleanly; `keepBlankEnd` keeps one blank line at the end. */
function lines(text: string, keepBlankEnd = false): string[] {
  const trimmed = text.trim();
  if (trimmed === "") return [];
  const result = trimmed.split("\n").map((line) => `${line}\n`);
  if (keepBlankEnd) result[result.length - 1] += "\n";
  return result;
}
