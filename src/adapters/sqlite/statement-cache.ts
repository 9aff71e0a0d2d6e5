import type Database from "better-sqlite3";

/**
 * Prepared statements by their SQL. better-sqlite3 prepares anew on every `prepare`, which was a
 * third of a recall over 10,000 memories; a statement is compiled once and reused. Statements whose
 * SQL varies with their input (an `IN (?, ?, ...)` list) are bounded by clearing the cache when full.
 */
const MAX_STATEMENTS = 256;

export class StatementCache {
  private readonly database: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(database: Database.Database) {
    this.database = database;
  }

  get(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= MAX_STATEMENTS) this.statements.clear();
      statement = this.database.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
