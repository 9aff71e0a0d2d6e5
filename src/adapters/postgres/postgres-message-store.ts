import type {
  AgentMessage,
  MessageEmbedding,
  MessageRecord,
  MessageStore,
  StoredEmbedding,
} from "../../contracts/message-store.js";
import { MnemoError } from "../../errors.js";
import { parseHomeId } from "../../rules/home-id.js";
import { preparePostgresSchema } from "./postgres-schema.js";
import type { SqlClient, SqlQueryable } from "./sql-client.js";
import { bytesToVector, vectorToBytes } from "./vector-bytes.js";

/**
 * One memory home's long-term messages (seed 004) in mnemo_messages: per role, in the order they
 * were added (a sequence), with their exact float32 vectors as bytes; similarity is the engine's.
 * These rows are not derived from documents, so they are only ever changed by the calls below.
 */
export interface PostgresMessageStoreOptions {
  client: SqlClient;
  homeId: string;
}

interface MessageRow {
  id: string;
  role: string;
  content: string;
  cause_by: string;
  sent_from: string;
  send_to: string[];
  created_at_ms: string | number;
}

export class PostgresMessageStore implements MessageStore {
  readonly homeId: string;
  private readonly client: SqlClient;
  private opened = false;

  constructor(options: PostgresMessageStoreOptions) {
    this.homeId = parseHomeId(options.homeId);
    this.client = options.client;
  }

  async open(): Promise<void> {
    await preparePostgresSchema(this.client);
    this.opened = true;
  }

  /** The client is the caller's: closing the store leaves it open. */
  async close(): Promise<void> {
    this.opened = false;
  }

  async add(roleId: string, record: MessageRecord): Promise<boolean> {
    const { message, embedding } = record;
    const inserted = await this.connection().query(
      `INSERT INTO mnemo_messages (home_id, role_id, id, role, content, cause_by, sent_from, send_to,
         created_at_ms, content_hash, embedding_model, embedding)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12)
       ON CONFLICT (home_id, role_id, id) DO NOTHING RETURNING id`,
      [
        this.homeId,
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
        embedding ? vectorToBytes(embedding.vector) : null,
      ],
    );
    return inserted.length === 1;
  }

  async list(roleId: string): Promise<AgentMessage[]> {
    const rows = await this.connection().query<MessageRow>(
      `SELECT id, role, content, cause_by, sent_from, send_to, created_at_ms FROM mnemo_messages
       WHERE home_id = $1 AND role_id = $2 ORDER BY seq`,
      [this.homeId, roleId],
    );
    return rows.map(toMessage);
  }

  async count(roleId: string): Promise<number> {
    const [row] = await this.connection().query<{ count: string | number }>(
      "SELECT count(*) AS count FROM mnemo_messages WHERE home_id = $1 AND role_id = $2",
      [this.homeId, roleId],
    );
    return Number(row?.count ?? 0);
  }

  async delete(roleId: string, messageId: string): Promise<boolean> {
    const deleted = await this.connection().query(
      "DELETE FROM mnemo_messages WHERE home_id = $1 AND role_id = $2 AND id = $3 RETURNING id",
      [this.homeId, roleId, messageId],
    );
    return deleted.length > 0;
  }

  async clear(roleId: string): Promise<number> {
    const deleted = await this.connection().query(
      "DELETE FROM mnemo_messages WHERE home_id = $1 AND role_id = $2 RETURNING id",
      [this.homeId, roleId],
    );
    return deleted.length;
  }

  async findByContentHash(roleId: string, contentHash: string): Promise<string[]> {
    const rows = await this.connection().query<{ id: string }>(
      "SELECT id FROM mnemo_messages WHERE home_id = $1 AND role_id = $2 AND content_hash = $3 ORDER BY seq",
      [this.homeId, roleId, contentHash],
    );
    return rows.map((row) => row.id);
  }

  async embeddings(roleId: string, modelId: string): Promise<StoredEmbedding[]> {
    const rows = await this.connection().query<{ id: string; embedding: Uint8Array }>(
      `SELECT id, embedding FROM mnemo_messages
       WHERE home_id = $1 AND role_id = $2 AND embedding_model = $3 AND embedding IS NOT NULL ORDER BY seq`,
      [this.homeId, roleId, modelId],
    );
    return rows.map((row) => ({ messageId: row.id, vector: bytesToVector(row.embedding) }));
  }

  async setEmbeddings(roleId: string, embeddings: Map<string, MessageEmbedding>): Promise<void> {
    if (embeddings.size === 0) return;
    const entries = [...embeddings];
    await this.connection().query(
      `UPDATE mnemo_messages m SET embedding_model = e.model, embedding = e.vector
       FROM unnest($3::text[], $4::text[], $5::bytea[]) AS e(id, model, vector)
       WHERE m.home_id = $1 AND m.role_id = $2 AND m.id = e.id`,
      [
        this.homeId,
        roleId,
        entries.map(([id]) => id),
        entries.map(([, embedding]) => embedding.modelId),
        entries.map(([, embedding]) => vectorToBytes(embedding.vector)),
      ],
    );
  }

  private connection(): SqlQueryable {
    if (!this.opened) {
      throw new MnemoError("IO", `The message store of home ${this.homeId} is not open; call open() first.`);
    }
    return this.client;
  }
}

function toMessage(row: MessageRow): AgentMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    causeBy: row.cause_by,
    sentFrom: row.sent_from,
    sendTo: [...row.send_to],
    createdAt: new Date(Number(row.created_at_ms)),
  };
}
