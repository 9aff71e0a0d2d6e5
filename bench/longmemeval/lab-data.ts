/**
 * The ranking lab's data: for each LongMemEval question of a converted cases file, its documents
 * (with session and position for turns), the BM25 scores FTS5 gives them (same tokenizer, same
 * query terms as recall), every document's vector and the question's vector from the embedding
 * cache that run-longmemeval.ts fills. A question with a text missing from the cache is skipped,
 * so the lab can run on the part of a set embedded so far.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import Database from "better-sqlite3";
import { textHash } from "../../src/engine/search/embed-chunks.js";
import { embeddingCacheKey } from "../../src/eval/caching-embedding-model.js";
import { queryTerms } from "../../src/rules/query-terms.js";
import { sentencesOf } from "./lab-sentences.js";

export interface LabDocument {
  id: string;
  text: string;
  session: string;
  /** Position of the turn in its session (0 for a whole session). */
  position: number;
  date: string | undefined;
  /** When the session took place (YYYY-MM-DDTHH:MM), as the turn's message is stamped. */
  timestamp: string | undefined;
}

export interface LabQuestion {
  id: string;
  category: string;
  question: string;
  gold: Set<string>;
  documents: LabDocument[];
  /** BM25 (higher is better) of every document that holds a query term, with all terms. */
  bm25: Float64Array;
  /** BM25 with only the terms found in fewer than half the documents, as recall searches first. */
  bm25Rare: Float64Array;
  /** Per query term: how many documents hold it. */
  termDocuments: Map<string, number>;
  /** Per document: the query terms it holds. */
  termsOf: string[][];
  vectors: Float32Array[];
  /** Per document: its sentences' vectors when it has several (lab-sentences.ts), else none. */
  sentenceVectors: Float32Array[][];
  query: Float32Array;
  /** When the question is asked (LongMemEval's question_date), when the source data is at hand. */
  asked: Date | undefined;
}

export function loadLabQuestions(
  casesFile: string,
  cacheFile: string,
  limit?: number,
  askedOf: Map<string, Date> = new Map(),
  withSentences = false,
): LabQuestion[] {
  const turns = casesFile.includes("turn");
  const cache = new Database(cacheFile, { readonly: true });
  const vectorOf = cache.prepare("SELECT vector FROM embedding_cache WHERE text_hash = ?").pluck();
  const lookup = (text: string, purpose: "query" | "document") => {
    const blob = vectorOf.get(embeddingCacheKey(text, purpose)) as Buffer | undefined;
    return blob
      ? new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength))
      : undefined;
  };
  const questions: LabQuestion[] = [];
  const lines = readFileSync(casesFile, "utf8").split("\n").filter(Boolean);
  for (const line of lines) {
    if (limit !== undefined && questions.length >= limit) break;
    const evalCase = JSON.parse(line) as {
      id: string;
      documents: Array<{ id: string; text: string; timestamp?: string }>;
      queries: Array<{ text: string; gold: string[]; category: string }>;
    };
    const query = evalCase.queries[0];
    if (!query) continue;
    const queryVector = lookup(query.text, "query");
    const vectors = evalCase.documents.map((document) => lookup(document.text, "document"));
    if (!queryVector || vectors.some((vector) => vector === undefined)) continue;
    const sentenceVectors = evalCase.documents.map((document) => {
      if (!withSentences) return [];
      const sentences = sentencesOf(document.text);
      return sentences.length > 1 ? sentences.map((sentence) => lookup(sentence, "document")) : [];
    });
    if (sentenceVectors.some((list) => list.some((vector) => vector === undefined))) continue;
    const documents = evalCase.documents.map((document) => ({
      id: document.id,
      text: document.text,
      ...sessionAndPosition(document.id, turns),
      date: document.timestamp?.slice(0, 10),
      timestamp: document.timestamp,
    }));
    questions.push({
      id: evalCase.id,
      category: query.category,
      question: query.text,
      gold: new Set(query.gold),
      documents,
      ...bm25Scores(documents, queryTerms(query.text)),
      vectors: vectors as Float32Array[],
      sentenceVectors: sentenceVectors as Float32Array[][],
      query: queryVector,
      asked: askedOf.get(evalCase.id),
    });
  }
  cache.close();
  return questions;
}

/** Each question's date (when it is asked) by question id, from LongMemEval's source file. */
/**
 * The lab's questions of one granularity as run-longmemeval.ts left them in .bench-data/, with the
 * time each question is asked (from the source data beside the checkout, when it is there).
 */
export function labSet(
  granularity: string,
  options: { limit?: number; sentences?: boolean } = {},
): LabQuestion[] {
  const folder = join(import.meta.dirname, "..", "..", ".bench-data");
  const source = join(folder, "..", "..", "shared", "data", "longmemeval");
  return loadLabQuestions(
    join(folder, `longmemeval-s-${granularity}.jsonl`),
    join(folder, "embeddings-local_use-lite_0.2.0.sqlite"),
    options.limit,
    questionDates(join(source, "longmemeval_s_cleaned.498q.user_turns.jsonl.gz")),
    options.sentences,
  );
}

export function questionDates(sourceFile: string): Map<string, Date> {
  const dates = new Map<string, Date>();
  if (!existsSync(sourceFile)) return dates;
  for (const line of gunzipSync(readFileSync(sourceFile)).toString("utf8").split("\n")) {
    if (line.trim() === "") continue;
    const question = JSON.parse(line) as { question_id: string; question_date: string };
    const match = /^(\d{4})\/(\d{2})\/(\d{2}) \(\w+\) (\d{2}:\d{2})/.exec(question.question_date);
    if (match)
      dates.set(question.question_id, new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:00Z`));
  }
  return dates;
}

/** Turn ids are `<session>_<i+1>`; at session granularity the id is the session's. */
function sessionAndPosition(id: string, turns: boolean): { session: string; position: number } {
  const cut = id.lastIndexOf("_");
  return turns
    ? { session: id.slice(0, cut), position: Number(id.slice(cut + 1)) }
    : { session: id, position: 0 };
}

/** BM25 of every document for these query terms, as FTS5 scores them. */
export function bm25Scores(documents: LabDocument[], terms: string[]) {
  const database = new Database(":memory:");
  database.exec(
    "CREATE VIRTUAL TABLE docs USING fts5(title, text, tokenize='porter unicode61 remove_diacritics 2')",
  );
  const insert = database.prepare("INSERT INTO docs (rowid, title, text) VALUES (?, '', ?)");
  documents.forEach((document, position) => {
    insert.run(position + 1, document.text);
  });
  const match = (list: string[]) => list.map((term) => `"${term}"`).join(" OR ");
  const bm25 = new Float64Array(documents.length);
  const termsOf: string[][] = documents.map(() => []);
  const termDocuments = new Map<string, number>();
  for (const term of terms) {
    const ids = database
      .prepare("SELECT rowid FROM docs WHERE docs MATCH ?")
      .pluck()
      .all(match([term])) as number[];
    termDocuments.set(term, ids.length);
    for (const id of ids) termsOf[id - 1]?.push(term);
  }
  const score = (list: string[], into: Float64Array) => {
    if (list.length === 0) return;
    const rows = database
      .prepare("SELECT rowid AS id, -bm25(docs) AS score FROM docs WHERE docs MATCH ?")
      .all(match(list)) as Array<{ id: number; score: number }>;
    for (const row of rows) into[row.id - 1] = row.score;
  };
  const found = terms.filter((term) => (termDocuments.get(term) ?? 0) > 0);
  score(found, bm25);
  const bm25Rare = new Float64Array(documents.length);
  score(
    found.filter((term) => (termDocuments.get(term) ?? 0) < documents.length / 2),
    bm25Rare,
  );
  database.close();
  return { bm25, bm25Rare, termDocuments, termsOf };
}

export function textHashOf(text: string): string {
  return textHash(text);
}
