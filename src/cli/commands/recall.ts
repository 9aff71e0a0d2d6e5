import type { Command } from "commander";
import { MEMORY_TYPES, MnemoError, type RecallHit } from "../../index.js";
import { type CommonOptions, commandAction, openHome, withCommonOptions } from "../command-action.js";
import { EXIT_CODES, printData, printNote } from "../output.js";
import { parseChoice, parseMemoryType } from "../parse-choice.js";
import { createProgressBar } from "../progress-bar.js";

interface RecallOptions extends CommonOptions {
  limit: string;
  type?: string;
  kind?: string;
  file?: string;
  since?: string;
  until?: string;
}

const KINDS = ["memory", "section", "journal", "daily"] as const;

export function registerRecall(program: Command): void {
  const recall = program
    .command("recall")
    .argument("<query>", "what to look for, in plain words")
    .summary("Search everything in the memory home (BM25 + vectors)")
    .description("Search typed memories, profile sections, journal entries and daily logs; best first.")
    .option("--limit <k>", "how many hits", "10")
    .option("--type <type>", `only typed memories of this type: ${MEMORY_TYPES.join(", ")}`)
    .option("--kind <kind>", `only this kind of hit: ${KINDS.join(", ")}`)
    .option("--file <path>", 'only this file, or a folder ending in "/" (e.g. topics/)')
    .option("--since <date>", "only hits dated on or after YYYY-MM-DD")
    .option("--until <date>", "only hits dated on or before YYYY-MM-DD");
  withCommonOptions(recall, [
    'mnemo recall "what pet does the user have"',
    "mnemo recall deploy --type project --limit 3 --json",
  ]);
  recall.action(
    commandAction<[string], RecallOptions>(async ([query], options) => {
      const limit = Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw usage(`--limit must be a whole number from 1 to 1000, not "${options.limit}"`);
      const kind = options.kind === undefined ? undefined : parseChoice(options.kind, KINDS, "kind");
      for (const date of [options.since, options.until]) {
        if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date))
          throw usage(`dates are YYYY-MM-DD, not "${date}"`);
      }
      const memory = await openHome(options);
      try {
        const result = await memory.recall(query, {
          limit,
          type: options.type === undefined ? undefined : parseMemoryType(options.type),
          kind,
          file: options.file,
          since: options.since,
          until: options.until,
        });
        printData(options, result, result.hits.map(formatHit).join("\n\n"));
        if (!options.json && result.hits.length === 0) printNote("nothing found");
        return EXIT_CODES.ok;
      } finally {
        await memory.close();
      }
    }),
  );

  const reindex = program
    .command("reindex")
    .summary("Rebuild the search index from the files")
    .description("Rebuild the search index under .index/ from nothing, with a progress bar.");
  withCommonOptions(reindex, ["mnemo reindex"]);
  reindex.action(
    commandAction<[], CommonOptions>(async (_args, options) => {
      const memory = await openHome(options);
      const bar = createProgressBar("indexing");
      try {
        const count = await memory.reindex({ onProgress: ({ done, total }) => bar.update(done, total) });
        bar.finish();
        printData(options, { documents: count }, `Indexed ${count} file(s) in ${memory.home}`);
        return EXIT_CODES.ok;
      } finally {
        await memory.close();
      }
    }),
  );
}

function formatHit(hit: RecallHit): string {
  const where = `${hit.path}:${hit.line}${hit.locator ? ` (${hit.locator})` : ""}`;
  const text = hit.text.length > 300 ? `${hit.text.slice(0, 300)}…` : hit.text;
  return `${hit.score.toFixed(3)}  ${where}\n${text.replace(/^/gm, "    ")}`;
}

function usage(message: string): MnemoError {
  return new MnemoError("INVALID_INPUT", message);
}
