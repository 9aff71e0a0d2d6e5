import { Argument, Option } from "commander";
import { MEMORY_TYPES } from "../../../engine/memdir/memory-types.js";
import { MnemoError } from "../../../errors.js";
import type { RecallHit, RecallResult } from "../../../index.js";
import type { ScopedRecallResult } from "../../../scopes.js";
import { type CommonOptions, defineCommand } from "../cli-command.js";
import { indexedNotes, indexProgressReporter } from "../index-progress.js";
import { hitAgeText } from "../memory-age.js";
import { parseChoice, parseMemoryType } from "../parse-choice.js";
import { createProgressBar } from "../progress-bar.js";

interface RecallOptions extends CommonOptions {
  limit: string;
  type?: string;
  kind?: string;
  file?: string;
  since?: string;
  until?: string;
  around?: string;
  rerank?: boolean;
  minRelevance?: string;
  fast?: boolean;
  asOf?: string;
  byAgent?: string;
  byRun?: string;
}

const KINDS = ["memory", "section", "journal", "daily", "message"] as const;

export const recall = defineCommand({
  name: "recall",
  summary: "Search everything in the memory home (BM25 + vectors)",
  description:
    "Search typed memories, profile sections, journal entries, daily logs and conversation messages; best first. " +
    "A message is shown with the turns around it.",
  arguments: [new Argument("<query>", "what to look for, in plain words")],
  options: [
    new Option("--limit <k>", "how many hits").default("10"),
    new Option("--type <type>", `only typed memories of this type: ${MEMORY_TYPES.join(", ")}`),
    new Option("--kind <kind>", `only this kind of hit: ${KINDS.join(", ")}`),
    new Option("--file <path>", 'only this file, or a folder ending in "/" (e.g. topics/)'),
    new Option("--since <date>", "only hits dated on or after YYYY-MM-DD"),
    new Option("--until <date>", "only hits dated on or before YYYY-MM-DD"),
    new Option("--around <n>", "turns shown before and after a message hit").default("1"),
    new Option("--rerank", "let the chat model (llm.model) reorder the best hits (default: search.rerank)"),
    new Option("--no-rerank", "keep the fused order even when search.rerank is llm"),
    new Option(
      "--min-relevance <r>",
      "leave out hits less relevant than this, 0 to 1; 0 shows every hit (default: search.minRelevance)",
    ),
    new Option(
      "--as-of <date>",
      "recall as things stood then (YYYY-MM-DD or an ISO time): memories replaced since come in the version that held",
    ),
    new Option("--by-agent <name>", "only typed memories this agent wrote last (frontmatter agent)"),
    new Option("--by-run <name>", "only typed memories written last in this run (frontmatter run)"),
    new Option(
      "--fast",
      "answer at once by keyword (BM25) instead of loading the embedding model first, and say so; for hooks that run on every prompt",
    ),
  ],
  examples: [
    'mnemo recall "what pet does the user have"',
    "mnemo recall deploy --type project --limit 3 --json",
    'mnemo recall "when did we book the flights" --kind message',
    'mnemo recall "what does the user drink after lunch" --rerank',
    'mnemo recall "how do we deploy" --fast --json',
    'mnemo recall "where does the user live" --as-of 2026-05-01',
    'mnemo recall "deploy" --by-agent claude-code',
  ],
  input([query = ""], options: RecallOptions) {
    const limit = Number(options.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw usage(`--limit must be a whole number from 1 to 1000, not "${options.limit}"`);
    const kind = options.kind === undefined ? undefined : parseChoice(options.kind, KINDS, "kind");
    for (const date of [options.since, options.until]) {
      if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date))
        throw usage(`dates are YYYY-MM-DD, not "${date}"`);
    }
    const around = Number(options.around ?? "1");
    if (!Number.isInteger(around) || around < 0 || around > 20)
      throw usage(`--around must be a whole number from 0 to 20, not "${options.around}"`);
    const type = options.type === undefined ? undefined : parseMemoryType(options.type);
    const minRelevance = options.minRelevance === undefined ? undefined : parseFraction(options.minRelevance);
    const { file, since, until, rerank, asOf } = options;
    const fast = options.fast === true;
    const author = {
      ...(options.byAgent === undefined ? {} : { agent: options.byAgent }),
      ...(options.byRun === undefined ? {} : { run: options.byRun }),
    };
    return {
      query,
      filters: { limit, type, kind, file, since, until, around, rerank, minRelevance, fast, asOf, ...author },
    };
  },
  // With `mnemo daemon` turned on, the daemon answers and no home is opened here (loaded on use: --help stays light).
  // A filter by agent or run is answered here: the daemon's recall does not take one.
  remote: async (input, options) =>
    "agent" in input.filters || "run" in input.filters
      ? undefined
      : (await import("../recall-through-daemon.js")).recallThroughDaemon(input, options),
  async run({ query, filters }, { memory }) {
    const progress = indexProgressReporter();
    const minRelevance = filters.minRelevance ?? memory.config.search.minRelevance;
    try {
      return await memory.recall(query, { ...filters, minRelevance, onIndexProgress: progress.update });
    } finally {
      progress.finish();
    }
  },
  render: (result: RecallResult, { now }) => result.hits.map((hit) => formatHit(hit, now)).join("\n\n"),
  scoped: {
    async run({ query, filters }, { scopes }) {
      const minRelevance = filters.minRelevance ?? scopes.sessionHome.config.search.minRelevance;
      return scopes.recall(query, { ...filters, minRelevance });
    },
    render: (result: ScopedRecallResult, { now }) =>
      result.hits.map((hit) => `[${hit.scope}] ${formatHit(hit, now)}`).join("\n\n"),
    notes: (result: ScopedRecallResult, _input, { json }) =>
      !json && result.hits.length === 0 ? ["nothing found"] : [],
  },
  notes: (result, { filters }, { json }) => [
    ...indexedNotes(result.indexed),
    ...(json ? [] : recallNotes(result)),
    ...vectorNotes(result, filters.fast),
  ],
  // The answer is out; vectors still missing are filled now, with progress, unless --fast said not to wait.
  async afterPrint(result, { filters }, { memory }) {
    if (filters.fast || !result.indexing) return;
    const bar = createProgressBar("vectors");
    try {
      await memory.finishIndexing({ onProgress: ({ done, total }) => bar.update(done, total) });
    } finally {
      bar.finish();
    }
  },
});

export const reindex = defineCommand({
  name: "reindex",
  summary: "Rebuild the search index from the files",
  description: "Rebuild the search index under .index/ from nothing, with a progress bar.",
  examples: ["mnemo reindex"],
  input: () => ({}),
  async run(_input, { memory }) {
    const bar = createProgressBar("indexing");
    const documents = await memory.reindex({ onProgress: ({ done, total }) => bar.update(done, total) });
    bar.finish();
    return { documents };
  },
  render: ({ documents }: { documents: number }, { home }) => `Indexed ${documents} file(s) in ${home}`,
});

/**
 * An answer that could not use the vectors says so; a --fast one also how many chunks still wait
 * for theirs (without --fast, the progress of filling them follows).
 */
function vectorNotes(result: RecallResult, fast: boolean): string[] {
  const notes = result.mode === "lexical" ? [`keyword search only: ${result.modeReason}`] : [];
  if (fast && result.indexing) {
    const { done, total } = result.indexing;
    notes.push(
      `${done} of ${total} chunks have their vector; a recall without --fast (or mnemo reindex) fills the others`,
    );
  }
  return notes;
}

/** Nothing found or nothing relevant, and what a rerank did (its failure was already warned about on stderr). */
function recallNotes(result: RecallResult): string[] {
  const notes = result.hits.length === 0 ? [nothingText(result)] : [];
  const rerank = result.rerank;
  if (rerank?.applied)
    notes.push(
      `the best ${rerank.candidates} hits reordered by ${rerank.model} in ${Math.round(rerank.ms)} ms`,
    );
  return notes;
}

/** Score, place and age (as `mnemo list` gives it), then the text or the turns around a message. */
function nothingText(result: RecallResult): string {
  const floor = result.relevanceFloor;
  if (!floor || floor.below === 0) return "nothing found";
  const hits = floor.below === 1 ? "1 hit was" : `${floor.below} hits were`;
  return `nothing relevant: ${hits} less relevant than the floor ${floor.minRelevance} (--min-relevance 0 shows them)`;
}

function parseFraction(value: string): number {
  const fraction = Number(value);
  if (value.trim() === "" || !(fraction >= 0 && fraction <= 1))
    throw usage(`--min-relevance must be a number from 0 to 1, not "${value}"`);
  return fraction;
}

function formatHit(hit: RecallHit, now: Date): string {
  const age = hitAgeText(hit, now);
  const where = `${hit.path}:${hit.line}${hit.locator ? ` (${hit.locator})` : ""}${age ? ` · ${age}` : ""} · relevance ${hit.relevance.toFixed(2)}`;
  if (hit.conversation)
    return `${hit.score.toFixed(3)}  ${where}\n${formatTurns(hit.text, hit.conversation)}`;
  return `${hit.score.toFixed(3)}  ${where}${validityText(hit)}\n${shortened(hit.text).replace(/^/gm, "    ")}`;
}

/** In a recall --as-of, a version replaced since says until when it held and what replaced it. */
function validityText(hit: RecallHit): string {
  const validity = hit.validity;
  if (!validity?.archived) return "";
  const until = validity.validTo ? ` until ${validity.validTo.slice(0, 10)}` : "";
  const by = validity.supersededBy ? `, replaced by ${validity.supersededBy}` : "";
  return ` · held${until}${by}`;
}

/** The hit's message marked with ">", between the turns around it. */
function formatTurns(text: string, conversation: NonNullable<RecallHit["conversation"]>): string {
  const { before, after, turn, speaker, time } = conversation;
  const line = (mark: string, each: { turn: number; speaker: string; time: string; text: string }) =>
    `  ${mark} [${each.turn}] ${each.time} ${each.speaker}: ${shortened(each.text).replace(/\n/g, " ")}`;
  return [
    ...before.map((each) => line(" ", each)),
    line(">", { turn, speaker, time, text }),
    ...after.map((each) => line(" ", each)),
  ].join("\n");
}

function shortened(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function usage(message: string): MnemoError {
  return new MnemoError("INVALID_INPUT", message);
}
