/**
 * Term proximity for the ranking lab (the sequential dependence model of Metzler and Croft, 2005,
 * in its BM25 form): besides the question's single words, each pair of its adjacent content words
 * ("previous occupation", "friend kid") is searched as FTS5's NEAR(a b, window), so a turn holding
 * both close together scores above one holding them apart. Scored by FTS5's own BM25, as recall's.
 */
import Database from "better-sqlite3";
import { queryTerms } from "../../src/rules/query-terms.js";
import type { LabQuestion } from "./lab-data.js";

const cache = new Map<string, Float64Array>();

/** Per document: the summed BM25 of the question's adjacent word pairs found within `window` words. */
export function proximityScores(question: LabQuestion, window: number): Float64Array {
  const key = `${question.id}:${window}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const terms = queryTerms(question.question);
  const scores = new Float64Array(question.documents.length);
  const database = new Database(":memory:");
  database.exec(
    "CREATE VIRTUAL TABLE docs USING fts5(text, tokenize='porter unicode61 remove_diacritics 2')",
  );
  const insert = database.prepare("INSERT INTO docs (rowid, text) VALUES (?, ?)");
  question.documents.forEach((document, position) => {
    insert.run(position + 1, document.text);
  });
  const search = database.prepare("SELECT rowid AS id, -bm25(docs) AS score FROM docs WHERE docs MATCH ?");
  for (let at = 0; at + 1 < terms.length; at++) {
    const rows = search.all(`NEAR("${terms[at]}" "${terms[at + 1]}", ${window})`) as Array<{
      id: number;
      score: number;
    }>;
    for (const row of rows) scores[row.id - 1] = (scores[row.id - 1] as number) + row.score;
  }
  database.close();
  cache.set(key, scores);
  return scores;
}
