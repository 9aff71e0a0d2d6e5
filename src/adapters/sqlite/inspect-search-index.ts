/**
 * Reads the search index's file for `mnemo doctor`, changing nothing: no schema is made or
 * migrated and a damaged file is left where it is (a recall moves it aside). Loaded lazily, only
 * when the file exists.
 */
import type Database from "better-sqlite3";
import type { DocumentState } from "../../contracts/search-index.js";
import { errorMessage } from "../../errors.js";
import { type DocumentRow, SELECT_DOCUMENTS, toDocumentState } from "./chunk-rows.js";
import { sqliteFailureOf } from "./open-sqlite-file.js";
import { readSchemaFacts, SEARCH_SCHEMA_VERSION, schemaVerdict } from "./search-schema.js";

export type InspectedSearchIndex =
  | {
      state: "ready";
      schemaVersion: number;
      counts: { documents: number; chunks: number; vectors: number };
      documentStates: Map<string, DocumentState>;
    }
  | { state: "outdated"; schemaVersion: number }
  | { state: "damaged" | "foreign"; problem: string };

export async function inspectSearchIndex(path: string): Promise<InspectedSearchIndex> {
  const { default: DatabaseConstructor } = await import("better-sqlite3");
  const database = new DatabaseConstructor(path, { fileMustExist: true, timeout: 5000 });
  try {
    const facts = readSchemaFacts(database);
    const verdict = schemaVerdict(facts);
    if (verdict === "foreign") return { state: "foreign", problem: "it is another program's database" };
    if (verdict !== "ready") return { state: "outdated", schemaVersion: facts.version };
    const check = database.pragma("quick_check", { simple: true });
    if (check !== "ok") return { state: "damaged", problem: `SQLite's quick_check says: ${String(check)}` };
    return { state: "ready", schemaVersion: SEARCH_SCHEMA_VERSION, ...readContents(database) };
  } catch (error) {
    if (sqliteFailureOf(error) !== "damaged") throw error;
    return { state: "damaged", problem: errorMessage(error) };
  } finally {
    database.close();
  }
}

function readContents(database: Database.Database) {
  const count = (sql: string) => Number(database.prepare(sql).pluck().get());
  const rows = database.prepare(SELECT_DOCUMENTS).all() as DocumentRow[];
  return {
    counts: {
      documents: rows.length,
      chunks: count("SELECT count(*) FROM chunks"),
      vectors: count("SELECT count(*) FROM chunks WHERE has_vector = 1"),
    },
    documentStates: new Map(rows.map((row) => [row.path, toDocumentState(row)])),
  };
}
