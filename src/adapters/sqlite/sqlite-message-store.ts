import type Database from "better-sqlite3";
import type {
  AgentMessage,
  MessageEmbedding,
  MessageRecord,
  MessageStore,
  StoredEmbedding,
} from "../../contracts/message-store.js";
import { errorMessage, MnemoError } from "../../errors.js";
import { migrateMessageSchema } from "./message-schema.js";
import { busyError, openSqliteFile, sqliteFailureOf } from "./open-sqlite-file.js";
import { sqliteFilePath } from "./sqlite-file-path.js";
import { blobToVector, vectorToBlob } from "./vector-blob.js";

/** Where the message store lives inside a memory home, by convention. */
export const MESSAGE_STORE_PATH = ".index/messages.sqlite";

export interface SqliteMessageStoreOptions {
  /** The database file, e.g. join(home, MESSAGE_STORE_PATH). Its folder is created by open(). */
  path: string;
  /** The memory home `path` must stay inside (through symbolic links too); refused with OUTSIDE_HOME otherwise. */
  home?: string;
  /** How long a write waits for another process's write to finish. Default 5000 ms. */
  busyTimeoutMs?: number;
}

interface MessageRow {
  id: string;
  role: string;
  content: string;
  cause_by: string;
  sent_from: string;
  send_to: string;
  created_at: number;
}

/**
 * Long-term messages in SQLite (better-sqlite3, loaded only by open()), opened as every mnemo file is
 * (open-sqlite-file.ts): WAL mode so readers never block the writer, a busy timeout for writers in
 * other processes, and synchronous=FULL: these rows are not rebuildable, so a committed message
 * survives a power loss. For the same reason a damaged file is never moved or rebuilt: it is
 * reported, for a person to restore. Vectors are float32 BLOBs
 * (vector-blob.ts); similarity is computed by the engine.
 */
export class SqliteMessageStore implements MessageStore {
  private readonly options: SqliteMessageStoreOptions;
  private database: Database.Database | undefined;
  private readonly statements = new Map<string, Database.Statement>();
  private opening: Promise<void> | undefined;

  constructor(options: SqliteMessageStoreOptions) {
    this.options = options;
  }

  async open(): Promise<void> {
    if (this.database) return;
    this.opening ??= this.openDatabase().finally(() => {
      this.opening = undefined;
    });
    await this.opening;
  }

  async close(): Promise<void> {
    await this.opening?.catch(() => undefined);
    this.statements.clear();
    this.database?.close();
    this.database = undefined;
  }

  async add(roleId: string, record: MessageRecord): Promise<boolean> {
    const { message, embedding } = record;
    const result = this.statement(
      `INSERT INTO messages (role_id, id, role, content, cause_by, sent_from, send_to, created_at, content_hash, embedding_model, embedding)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (role_id, id) DO NOTHING`,
    ).run(
      roleId,
      message.id,
      message.role,
      message.content,
      message.causeBy,
      message.sentFrom,
      JSON.stringify(message.sendTo),
      message.createdAt.getTime(),
      record.contentHash,
      embedding?.modelId ?? null,
      embedding ? vectorToBlob(embedding.vector) : null,
    );
    return result.changes === 1;
  }

  async list(roleId: string): Promise<AgentMessage[]> {
    const rows = this.statement(
      "SELECT id, role, content, cause_by, sent_from, send_to, created_at FROM messages WHERE role_id = ? ORDER BY seq",
    ).all(roleId) as MessageRow[];
    return rows.map((row) => this.toMessage(row));
  }

  async count(roleId: string): Promise<number> {
    const row = this.statement("SELECT count(*) AS n FROM messages WHERE role_id = ?").get(roleId) as {
      n: number;
    };
    return row.n;
  }

  async delete(roleId: string, messageId: string): Promise<boolean> {
    const result = this.statement("DELETE FROM messages WHERE role_id = ? AND id = ?").run(roleId, messageId);
    return result.changes > 0;
  }

  async clear(roleId: string): Promise<number> {
    return this.statement("DELETE FROM messages WHERE role_id = ?").run(roleId).changes;
  }

  async findByContentHash(roleId: string, contentHash: string): Promise<string[]> {
    const rows = this.statement(
      "SELECT id FROM messages WHERE role_id = ? AND content_hash = ? ORDER BY seq",
    ).all(roleId, contentHash) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  async embeddings(roleId: string, modelId: string): Promise<StoredEmbedding[]> {
    const rows = this.statement(
      "SELECT id, embedding FROM messages WHERE role_id = ? AND embedding_model = ? AND embedding IS NOT NULL ORDER BY seq",
    ).all(roleId, modelId) as Array<{ id: string; embedding: Buffer }>;
    return rows.map((row) => ({ messageId: row.id, vector: this.blobToVector(row.embedding, row.id) }));
  }

  async setEmbeddings(roleId: string, embeddings: Map<string, MessageEmbedding>): Promise<void> {
    const database = this.db();
    const update = this.statement(
      "UPDATE messages SET embedding_model = ?, embedding = ? WHERE role_id = ? AND id = ?",
    );
    database
      .transaction(() => {
        for (const [messageId, embedding] of embeddings) {
          update.run(embedding.modelId, vectorToBlob(embedding.vector), roleId, messageId);
        }
      })
      .immediate();
  }

  private async openDatabase(): Promise<void> {
    const path = await sqliteFilePath(this.options);
    const busyTimeoutMs = this.options.busyTimeoutMs ?? 5000;
    let database: Database.Database | undefined;
    try {
      database = await openSqliteFile(path, { busyTimeoutMs, synchronous: "FULL" });
      migrateMessageSchema(database, path);
    } catch (error) {
      database?.close();
      throw this.openError(error, path, busyTimeoutMs);
    }
    this.database = database;
  }

  private openError(error: unknown, path: string, busyTimeoutMs: number): unknown {
    if (MnemoError.isInstance(error)) return error;
    const failure = sqliteFailureOf(error);
    if (failure === "busy") return busyError(path, busyTimeoutMs, error);
    const problem = failure === "damaged" ? "it is damaged" : "it cannot be opened";
    return new MnemoError(
      "IO",
      `Cannot open the message store ${path}: ${problem} (${errorMessage(error)}). It holds long-term messages that cannot be rebuilt, so mnemo leaves it as it is: restore it from a backup, or move it aside to start a new one.`,
      { cause: error },
    );
  }

  private toMessage(row: MessageRow): AgentMessage {
    return {
      id: row.id,
      role: row.role,
      content: row.content,
      causeBy: row.cause_by,
      sentFrom: row.sent_from,
      sendTo: this.parseSendTo(row.send_to, row.id),
      createdAt: new Date(row.created_at),
    };
  }

  private parseSendTo(text: string, messageId: string): string[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === "string")) return parsed;
    throw this.malformed(messageId, "send_to is not a JSON array of strings");
  }

  private blobToVector(blob: Buffer, messageId: string): Float32Array {
    if (blob.byteLength % Float32Array.BYTES_PER_ELEMENT !== 0) {
      throw this.malformed(
        messageId,
        `its embedding has ${blob.byteLength} bytes, not a whole number of Float32 values`,
      );
    }
    return blobToVector(blob);
  }

  private malformed(messageId: string, reason: string): MnemoError {
    return new MnemoError(
      "MALFORMED_FILE",
      `Message "${messageId}" in ${this.options.path} is damaged: ${reason}. Delete that row or restore the file from a backup.`,
    );
  }

  /** Prepared once per open database. */
  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db().prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private db(): Database.Database {
    if (!this.database) {
      throw new MnemoError("IO", `The message store ${this.options.path} is not open; call open() first.`);
    }
    return this.database;
  }
}
