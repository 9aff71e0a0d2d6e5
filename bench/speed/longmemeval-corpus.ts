/**
 * Real conversational text for speed benchmarks: the unique user turns and the questions of
 * LongMemEval_S, read in place from ../shared (never copied into the repository).
 */
import { createReadStream, existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";

export interface Corpus {
  texts: string[];
  queries: string[];
}

export async function readLongMemEvalCorpus(file: string): Promise<Corpus | undefined> {
  if (!existsSync(file)) return undefined;
  const texts = new Set<string>();
  const queries: string[] = [];
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    const question = JSON.parse(line) as {
      question: string;
      haystack_sessions: Array<Array<{ role: string; content: string }>>;
    };
    queries.push(question.question);
    for (const session of question.haystack_sessions)
      for (const turn of session) if (turn.role === "user") texts.add(turn.content);
  }
  return { texts: [...texts], queries };
}

/** `count` texts: the corpus in order, then again with a copy number when it runs out. */
export function takeTexts(corpus: Corpus, count: number): string[] {
  return Array.from({ length: count }, (_, serial) => {
    const text = corpus.texts[serial % corpus.texts.length] as string;
    const copy = Math.floor(serial / corpus.texts.length);
    return copy === 0 ? text : `${text} (copy ${copy})`;
  });
}
