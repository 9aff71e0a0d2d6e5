import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

/**
 * The user turns of LongMemEval_S, read in place from the shared data folder (never copied into
 * the repository): ordinary things people tell an assistant, used to measure how often the secret
 * guard and the instruction heuristic fire on text that holds neither. Each distinct turn once.
 */
export const LONGMEMEVAL_TURNS_PATH = join(
  "/work/shared/data/longmemeval",
  "longmemeval_s_cleaned.498q.user_turns.jsonl.gz",
);

/** Where the turns are looked for: MNEMO_LONGMEMEVAL_TURNS, else the shared data folder. */
export function longMemEvalTurnsPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.MNEMO_LONGMEMEVAL_TURNS ?? LONGMEMEVAL_TURNS_PATH;
}

/** The distinct user turns, in file order; undefined when the file is absent. */
export function readLongMemEvalUserTurns(path = longMemEvalTurnsPath()): string[] | undefined {
  if (!existsSync(path)) return undefined;
  const seen = new Set<string>();
  const lines = gunzipSync(readFileSync(path)).toString("utf8").split("\n");
  for (const line of lines) {
    if (line.trim() === "") continue;
    const record = JSON.parse(line) as { haystack_sessions?: Array<Array<{ content?: unknown }>> };
    for (const session of record.haystack_sessions ?? [])
      for (const turn of session) if (typeof turn.content === "string") seen.add(turn.content);
  }
  return [...seen];
}
