/**
 * Converts LongMemEval (../shared/data/longmemeval, read in place, never copied into the repository)
 * to mnemo's retrieval-evaluation format, following the protocol in that folder's README:
 * one case per question, user turns only; abstention questions and questions whose evidence lies
 * only in assistant turns are skipped; session granularity (a session's user turns joined, gold =
 * answer_session_ids) or turn granularity (one user turn, id `<session_id>_<i+1>`, gold = turns
 * with has_answer; each turn a message of its session, as conversation memory indexes it).
 */
import { createReadStream, existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";

export const LONGMEMEVAL_S_FILE = "longmemeval_s_cleaned.498q.user_turns.jsonl.gz";

interface Turn {
  i: number;
  role: string;
  content: string;
  has_answer?: boolean;
}

interface Question {
  question_id: string;
  question_type: string;
  question: string;
  /** When the question is asked, "2023/05/30 (Tue) 23:40": its time expressions count from here. */
  question_date?: string;
  answer_session_ids: string[];
  haystack_session_ids: string[];
  haystack_dates: string[];
  haystack_sessions: Turn[][];
}

export type Granularity = "session" | "turn";

export interface EvalCase {
  id: string;
  documents: Array<{ id: string; text: string; timestamp?: string; session?: string; speaker?: string }>;
  queries: Array<{ id: string; text: string; gold: string[]; category: string; askedAt?: string }>;
}

export function requireData(folder: string): string {
  const path = `${folder}/${LONGMEMEVAL_S_FILE}`;
  if (!existsSync(path)) {
    console.error(
      `LongMemEval is not at ${path}.\nIt is read from ../shared/data/longmemeval beside the repository; pass --data DIR to use another copy.`,
    );
    process.exit(2);
  }
  return path;
}

export async function* longMemEvalCases(path: string, granularity: Granularity): AsyncGenerator<EvalCase> {
  const lines = createInterface({
    input: createReadStream(path).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    const question = JSON.parse(line) as Question;
    const converted = convertQuestion(question, granularity);
    if (converted) yield converted;
  }
}

export function convertQuestion(question: Question, granularity: Granularity): EvalCase | undefined {
  if (question.question_id.endsWith("_abs")) return undefined;
  const userTurns = question.haystack_sessions.map((session) =>
    session.filter((turn) => turn.role === "user"),
  );
  const evidenceTurns = question.haystack_session_ids.flatMap((sessionId, position) =>
    (userTurns[position] ?? [])
      .filter((turn) => turn.has_answer === true)
      .map((turn) => `${sessionId}_${turn.i + 1}`),
  );
  if (evidenceTurns.length === 0) return undefined; // evidence only in assistant turns
  const documents = question.haystack_session_ids.flatMap((sessionId, position) => {
    const timestamp = isoDate(question.haystack_dates[position]);
    const turns = userTurns[position] ?? [];
    if (granularity === "session") {
      return turns.length === 0
        ? []
        : [{ id: sessionId, text: turns.map((turn) => turn.content).join("\n"), timestamp }];
    }
    // Turns are messages of their session: indexed as recall indexes conversation memory.
    return turns.map((turn) => ({
      id: `${sessionId}_${turn.i + 1}`,
      text: turn.content,
      timestamp,
      session: sessionId,
      speaker: "user",
    }));
  });
  const gold = granularity === "session" ? question.answer_session_ids : evidenceTurns;
  const asked = isoDate(question.question_date);
  return {
    id: question.question_id,
    documents,
    queries: [
      {
        id: question.question_id,
        text: question.question,
        gold,
        category: question.question_type,
        ...(asked ? { askedAt: asked } : {}),
      },
    ],
  };
}

/** "2023/05/20 (Sat) 07:47" -> "2023-05-20T07:47". */
function isoDate(value: string | undefined): string | undefined {
  const match = value ? /^(\d{4})\/(\d{2})\/(\d{2}) \(\w+\) (\d{2}:\d{2})/.exec(value) : null;
  return match ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}` : undefined;
}
