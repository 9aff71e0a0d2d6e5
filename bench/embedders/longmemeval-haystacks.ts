import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { z } from "zod";

/**
 * LongMemEval_S (user turns only) as retrieval tasks, following the protocol in the data folder's
 * README.md: abstention questions and questions without a `has_answer` turn are skipped; a session
 * document is its user turns joined, gold = answer_session_ids; a turn document is one user turn,
 * id `<session_id>_<i+1>`, gold = the turns with has_answer.
 */
export const LONGMEMEVAL_FILE = "longmemeval_s_cleaned.498q.user_turns.jsonl.gz";

const turnSchema = z.object({ content: z.string(), has_answer: z.boolean().optional(), i: z.number().int() });
const recordSchema = z.object({
  question_id: z.string(),
  question_type: z.string(),
  question: z.string(),
  answer_session_ids: z.array(z.string()),
  haystack_session_ids: z.array(z.string()),
  haystack_sessions: z.array(z.array(turnSchema)),
});

export interface Turn {
  id: string;
  text: string;
}

export interface Session {
  id: string;
  turns: Turn[];
}

export interface RetrievalTask {
  questionId: string;
  questionType: string;
  query: string;
  sessions: Session[];
  goldSessions: Set<string>;
  goldTurns: Set<string>;
}

export async function readLongMemEval(folder: string): Promise<RetrievalTask[]> {
  const lines = gunzipSync(await readFile(join(folder, LONGMEMEVAL_FILE)))
    .toString("utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
  return lines.flatMap((line, number) => {
    const parsed = recordSchema.safeParse(JSON.parse(line));
    if (!parsed.success)
      throw new Error(`${LONGMEMEVAL_FILE} line ${number + 1}: ${z.prettifyError(parsed.error)}`);
    const task = toTask(parsed.data);
    return task ? [task] : [];
  });
}

function toTask(record: z.infer<typeof recordSchema>): RetrievalTask | undefined {
  if (record.question_id.endsWith("_abs")) return undefined;
  const goldTurns = new Set<string>();
  const seenSessions = new Set<string>();
  const sessions: Session[] = [];
  record.haystack_sessions.forEach((turns, position) => {
    const sessionId = record.haystack_session_ids[position] ?? `session-${position}`;
    if (seenSessions.has(sessionId)) return;
    seenSessions.add(sessionId);
    const session: Session = { id: sessionId, turns: [] };
    for (const turn of turns) {
      const id = `${sessionId}_${turn.i + 1}`;
      if (turn.has_answer) goldTurns.add(id);
      session.turns.push({ id, text: turn.content });
    }
    sessions.push(session);
  });
  if (goldTurns.size === 0) return undefined;
  return {
    questionId: record.question_id,
    questionType: record.question_type,
    query: record.question,
    sessions,
    goldSessions: new Set(record.answer_session_ids),
    goldTurns,
  };
}

/** The text of a session document: its user turns, one per line. */
export function sessionText(session: Session): string {
  return session.turns.map((turn) => turn.text).join("\n");
}
